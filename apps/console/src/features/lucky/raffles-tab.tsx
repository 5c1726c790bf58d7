import { type ConsoleRaffle, type ConsoleRaffleBody, ConsoleRaffleBodySchema } from '@playfront/contract/console-lucky';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, formatTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { fromLocalInput, toLocalInput } from '../../lib/local-time.ts';
import { majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { DataTable, NUM, WRAP } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { createRaffle, raffles, updateRaffle } from './api.ts';
import { described, fieldErrors, serverFieldErrors } from './form-errors.ts';
import '../../ui/wide-form.css';

const col = createColumnHelper<ConsoleRaffle>();

/** Where a raffle is in its life: before its start, running, ended and waiting for the draw job, drawn. */
export function phaseOf(r: Pick<ConsoleRaffle, 'status' | 'startsAt' | 'endsAt'>, now = Date.now()) {
  if (r.status === 'DRAWN') return 'drawn' as const;
  if (Date.parse(r.startsAt) > now) return 'scheduled' as const;
  return Date.parse(r.endsAt) > now ? ('running' as const) : ('drawing' as const);
}
const PHASE_BADGE = { scheduled: 'badge', running: 'badge ok', drawing: 'badge warn', drawn: 'badge' } as const;

const titleOf = (r: ConsoleRaffle) => (currentLanguage() === 'bn' ? r.titleBn : r.titleEn);
const prizeTotal = (r: ConsoleRaffle) => r.prizes.reduce((sum, p) => sum + BigInt(p.amount), 0n);

/** Raffles: list with tickets sold, open a new one, change one before it starts, the draw's winners and seed after. */
export function RafflesTab() {
  const { t } = useTranslation();
  const writable = useCan()('loyalty.write');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ConsoleRaffle | 'new' | null>(null);
  const [details, setDetails] = useState<ConsoleRaffle | null>(null);
  const query = useQuery({ queryKey: ['raffles'], queryFn: raffles });
  const symbol = query.data?.currencySymbol ?? '';
  const columns = useMemo(
    () => [
      col.display({ id: 'title', header: () => t('lucky.raffle.title'), meta: WRAP, cell: (c) => titleOf(c.row.original) }),
      col.display({
        id: 'phase',
        header: () => t('cols.status'),
        cell: (c) => {
          const phase = phaseOf(c.row.original);
          return <span className={PHASE_BADGE[phase]}>{t(`lucky.phase.${phase}`)}</span>;
        },
      }),
      col.display({
        id: 'period',
        header: () => t('lucky.raffle.period'),
        meta: WRAP,
        cell: (c) => `${formatTime(c.row.original.startsAt)} – ${formatTime(c.row.original.endsAt)}`,
      }),
      col.accessor('ticketsSold', { header: () => t('lucky.raffle.ticketsSold'), meta: NUM }),
      col.accessor('entrants', { header: () => t('lucky.raffle.entrants'), meta: NUM }),
      col.display({
        id: 'prizes',
        header: () => t('lucky.raffle.prizeTotal'),
        meta: NUM,
        cell: (c) => formatMinor(prizeTotal(c.row.original), symbol),
      }),
      col.display({
        id: 'actions',
        header: () => t('cols.actions'),
        cell: (c) => {
          const r = c.row.original;
          return (
            <div className="row" style={{ flexWrap: 'nowrap' }}>
              <button type="button" onClick={() => setDetails(r)} aria-label={t('lucky.raffle.detailsOf', { title: titleOf(r) })}>
                {t('lucky.raffle.details')}
              </button>
              {writable && r.editable && (
                <button type="button" onClick={() => setEditing(r)} aria-label={t('lucky.raffle.editOf', { title: titleOf(r) })}>
                  {t('actions.edit')}
                </button>
              )}
            </div>
          );
        },
      }),
    ],
    [t, writable, symbol],
  );
  return (
    <>
      <DataTable
        caption={t('lucky.tabs.raffles')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => String(r.id)}
        emptyText={t('lucky.raffle.none')}
        tools={
          writable ? (
            <button type="button" className="primary" onClick={() => setEditing('new')}>
              {t('lucky.raffle.new')}
            </button>
          ) : undefined
        }
      />
      {editing && (
        <RaffleForm
          raffle={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['raffles'] });
          }}
        />
      )}
      {details && <RaffleDetails raffle={details} symbol={symbol} onClose={() => setDetails(null)} />}
    </>
  );
}

type PrizeDraft = { key: number; kind: 'CASH' | 'BONUS'; amount: string; promotionId: string };
type Draft = {
  titleEn: string;
  titleBn: string;
  startsAt: string;
  endsAt: string;
  depositPerEntry: string;
  validBetPerEntry: string;
  prizes: PrizeDraft[];
};
let nextKey = 1;

function draftOf(r: ConsoleRaffle | null): Draft {
  const start = Date.now() + 3_600_000;
  return {
    titleEn: r?.titleEn ?? '',
    titleBn: r?.titleBn ?? '',
    startsAt: toLocalInput(r?.startsAt ?? new Date(start).toISOString()),
    endsAt: toLocalInput(r?.endsAt ?? new Date(start + 7 * 86_400_000).toISOString()),
    depositPerEntry: minorToMajor(r?.depositPerEntry ?? '10000'),
    validBetPerEntry: minorToMajor(r?.validBetPerEntry ?? ''),
    prizes: (r?.prizes ?? [{ kind: 'CASH' as const, amount: '100000', promotionId: null }]).map((p) => ({
      key: nextKey++,
      kind: p.kind,
      amount: minorToMajor(p.amount),
      promotionId: p.promotionId === null ? '' : String(p.promotionId),
    })),
  };
}

const optionalMinor = (text: string) => (text.trim() === '' ? null : (majorToMinor(text) ?? 'x'));

function RaffleForm({ raffle, onClose, onSaved }: { raffle: ConsoleRaffle | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(raffle));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: ConsoleRaffleBody) => (raffle ? updateRaffle(raffle.id, body) : createRaffle(body)),
    onSuccess: onSaved,
  });
  const shown = { ...serverFieldErrors(save.error), ...errors };
  const set = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const setPrize = (i: number, change: Partial<PrizeDraft>) =>
    set({ prizes: draft.prizes.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ConsoleRaffleBodySchema.safeParse({
      titleEn: draft.titleEn.trim(),
      titleBn: draft.titleBn.trim(),
      startsAt: fromLocalInput(draft.startsAt) ?? '',
      endsAt: fromLocalInput(draft.endsAt) ?? '',
      depositPerEntry: optionalMinor(draft.depositPerEntry),
      validBetPerEntry: optionalMinor(draft.validBetPerEntry),
      prizes: draft.prizes.map((p) => ({
        kind: p.kind,
        amount: majorToMinor(p.amount) ?? 'x',
        promotionId: p.kind === 'BONUS' ? (p.promotionId.trim() === '' ? null : wholeNumber(p.promotionId)) : null,
      })),
    });
    const issues = parsed.success ? [] : [...parsed.error.issues];
    if (parsed.success) {
      parsed.data.prizes.forEach((p, i) => {
        if (p.kind === 'BONUS' && p.promotionId === null)
          issues.push({ code: 'custom', path: ['prizes', i, 'promotionId'], message: 'required', input: null });
      });
    }
    if (!parsed.success || issues.length > 0) {
      setErrors(fieldErrors(issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const text = (name: 'titleEn' | 'titleBn' | 'depositPerEntry' | 'validBetPerEntry', hint?: string, type?: string) => {
    const id = `raffle-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{t(`lucky.raffle.${name}`)}</label>
        <input
          {...described(id, shown[name])}
          type={type}
          inputMode={name.startsWith('title') ? undefined : 'decimal'}
          value={draft[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
        {hint && <span className="hint">{hint}</span>}
        {shown[name] && (
          <span id={`${id}-error`} className="error" role="alert">
            {t(shown[name])}
          </span>
        )}
      </div>
    );
  };
  const time = (name: 'startsAt' | 'endsAt') => {
    const id = `raffle-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{t(`lucky.raffle.${name}`)}</label>
        <input
          type="datetime-local"
          {...described(id, shown[name])}
          value={draft[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
        {shown[name] && (
          <span id={`${id}-error`} className="error" role="alert">
            {t(shown[name])}
          </span>
        )}
      </div>
    );
  };
  return (
    <Dialog open title={t(raffle ? 'lucky.raffle.editTitle' : 'lucky.raffle.createTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="wide-form lucky-form">
        <div className="row">
          {text('titleEn')}
          {text('titleBn')}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {time('startsAt')}
          {time('endsAt')}
        </div>
        <div className="row" style={{ marginTop: 10 }}>
          {text('depositPerEntry', t('lucky.perEntryHint'))}
          {text('validBetPerEntry', t('lucky.perEntryHint'))}
        </div>
        <fieldset className="card" style={{ marginTop: 10 }}>
          <legend>{t('lucky.raffle.prizesByRank')}</legend>
          <ol className="lucky-raffle-prizes">
            {draft.prizes.map((p, i) => {
              const base = `raffle-prize-${i}`;
              const amountError = shown[`prizes.${i}.amount`];
              const promoError = shown[`prizes.${i}.promotionId`];
              return (
                <li key={p.key}>
                  <span className="badge">{t('lucky.raffle.rank', { rank: i + 1 })}</span>
                  <div className="field">
                    <label htmlFor={`${base}-kind`}>{t('lucky.prize.kind')}</label>
                    <select id={`${base}-kind`} value={p.kind} onChange={(e) => setPrize(i, { kind: e.target.value as 'CASH' | 'BONUS' })}>
                      <option value="CASH">{t('lucky.kinds.CASH')}</option>
                      <option value="BONUS">{t('lucky.kinds.BONUS')}</option>
                    </select>
                  </div>
                  <div className="field">
                    <label htmlFor={`${base}-amount`}>{t('lucky.prize.amount')}</label>
                    <input
                      {...described(`${base}-amount`, amountError)}
                      inputMode="decimal"
                      style={{ width: 120 }}
                      value={p.amount}
                      onChange={(e) => setPrize(i, { amount: e.target.value })}
                    />
                    {amountError && (
                      <span id={`${base}-amount-error`} className="error" role="alert">
                        {t(amountError)}
                      </span>
                    )}
                  </div>
                  {p.kind === 'BONUS' && (
                    <div className="field">
                      <label htmlFor={`${base}-promotionId`}>{t('lucky.prize.promotionId')}</label>
                      <input
                        {...described(`${base}-promotionId`, promoError)}
                        inputMode="numeric"
                        style={{ width: 100 }}
                        value={p.promotionId}
                        onChange={(e) => setPrize(i, { promotionId: e.target.value })}
                      />
                      {promoError && (
                        <span id={`${base}-promotionId-error`} className="error" role="alert">
                          {t(promoError)}
                        </span>
                      )}
                    </div>
                  )}
                  <button
                    type="button"
                    disabled={draft.prizes.length <= 1}
                    aria-label={t('lucky.removePrize', { n: i + 1 })}
                    onClick={() => set({ prizes: draft.prizes.filter((_, j) => j !== i) })}
                    style={{ alignSelf: 'flex-end' }}
                  >
                    {t('lucky.remove')}
                  </button>
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            disabled={draft.prizes.length >= 50}
            onClick={() => set({ prizes: [...draft.prizes, { key: nextKey++, kind: 'CASH', amount: '', promotionId: '' }] })}
          >
            {t('lucky.addPrize')}
          </button>
          {shown.prizes && (
            <p className="error" role="alert">
              {t(shown.prizes)}
            </p>
          )}
        </fieldset>
        {save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? <FormError error={save.error} /> : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="primary" disabled={save.isPending}>
            {t('actions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

const winnerCol = createColumnHelper<ConsoleRaffle['winners'][number]>();

/** A raffle's prizes, tickets sold, the seed commitment and, once drawn, the revealed seed and the winners. */
function RaffleDetails({ raffle: r, symbol, onClose }: { raffle: ConsoleRaffle; symbol: string; onClose: () => void }) {
  const { t } = useTranslation();
  const phase = phaseOf(r);
  const columns = useMemo(
    () => [
      winnerCol.accessor('rank', { header: () => t('lucky.raffle.rankCol'), meta: NUM }),
      winnerCol.accessor('username', { header: () => t('lucky.raffle.winner') }),
      winnerCol.accessor('ticket', { header: () => t('lucky.raffle.ticket'), meta: NUM }),
      winnerCol.accessor('amount', { header: () => t('lucky.prize.amount'), meta: NUM, cell: (c) => formatMinor(c.getValue(), symbol) }),
      winnerCol.accessor('paidAs', { header: () => t('lucky.raffle.paidAs'), cell: (c) => t(`lucky.paidAs.${c.getValue()}`) }),
    ],
    [t, symbol],
  );
  return (
    <Dialog open title={titleOf(r)} onClose={onClose}>
      <div className="stack">
        <dl className="lucky-facts">
          <dt>{t('cols.status')}</dt>
          <dd>
            <span className={PHASE_BADGE[phase]}>{t(`lucky.phase.${phase}`)}</span>
          </dd>
          <dt>{t('lucky.raffle.period')}</dt>
          <dd>
            {formatTime(r.startsAt)} – {formatTime(r.endsAt)}
          </dd>
          <dt>{t('lucky.raffle.ticketsSold')}</dt>
          <dd>{t('lucky.raffle.soldTo', { tickets: r.ticketsSold, members: r.entrants })}</dd>
          <dt>{t('lucky.raffle.prizesByRank')}</dt>
          <dd>
            {r.prizes
              .map((p) => `${t('lucky.raffle.rank', { rank: p.rank })}: ${formatMinor(p.amount, symbol)} ${t(`lucky.kinds.${p.kind}`)}`)
              .join(' · ')}
          </dd>
          <dt>{t('lucky.raffle.seedHash')}</dt>
          <dd className="lucky-seed">{r.serverSeedHash}</dd>
          {r.serverSeed && (
            <>
              <dt>{t('lucky.raffle.seed')}</dt>
              <dd className="lucky-seed">{r.serverSeed}</dd>
              <dt>{t('lucky.raffle.drawnAt')}</dt>
              <dd>{formatTime(r.drawnAt)}</dd>
            </>
          )}
        </dl>
        {r.status === 'DRAWN' ? (
          <DataTable
            caption={t('lucky.raffle.winners')}
            columns={columns}
            rows={r.winners}
            isLoading={false}
            error={null}
            rowKey={(w) => String(w.rank)}
            emptyText={t('lucky.raffle.noWinners')}
          />
        ) : (
          <p className="muted">{t(phase === 'drawing' ? 'lucky.raffle.drawSoon' : 'lucky.raffle.notDrawn')}</p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('actions.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
