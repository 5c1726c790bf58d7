import { type ConsoleLuckyGame, type ConsoleLuckyGameBody, ConsoleLuckyGameBodySchema } from '@playfront/contract/console-lucky';
import { EGG_COUNTS, LUCKY_PRIZE_KINDS, type LuckyGame } from '@playfront/contract/lucky-paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { majorToMinor, minorToMajor, wholeNumber } from '../../lib/units.ts';
import { ErrorState, FormError, Loading } from '../../ui/states.tsx';
import { useCan } from '../auth/api.ts';
import { luckyGame, saveLuckyGame } from './api.ts';
import { described, fieldErrors, serverFieldErrors } from './form-errors.ts';

type Kind = (typeof LUCKY_PRIZE_KINDS)[number];
type PrizeRow = {
  key: number;
  labelEn: string;
  labelBn: string;
  kind: Kind;
  amount: string;
  promotionId: string;
  weight: string;
  stock: string;
  budget: string;
  awarded: number;
};
type Draft = {
  depositPerTicket: string;
  validBetPerTicket: string;
  budget: string;
  welcomeTickets: string;
  eggCount: string;
  prizes: PrizeRow[];
};

let nextKey = 1;
const blankPrize = (): PrizeRow => ({
  key: nextKey++,
  labelEn: '',
  labelBn: '',
  kind: 'CASH',
  amount: '',
  promotionId: '',
  weight: '10',
  stock: '',
  budget: '',
  awarded: 0,
});

function draftOf(g: ConsoleLuckyGame): Draft {
  return {
    depositPerTicket: minorToMajor(g.depositPerTicket),
    validBetPerTicket: minorToMajor(g.validBetPerTicket),
    budget: minorToMajor(g.budget),
    welcomeTickets: String(g.welcomeTickets),
    eggCount: String(g.eggCount || EGG_COUNTS[1]),
    prizes:
      g.prizes.length === 0
        ? [blankPrize()]
        : g.prizes.map((p) => ({
            key: nextKey++,
            labelEn: p.labelEn,
            labelBn: p.labelBn,
            kind: p.kind,
            amount: minorToMajor(p.amount),
            promotionId: p.promotionId === null ? '' : String(p.promotionId),
            weight: String(p.weight),
            stock: p.stock === null ? '' : String(p.stock),
            budget: minorToMajor(p.budget),
            awarded: p.awarded,
          })),
  };
}

/** The saved configuration as a body again (the on/off switch sends it back with only `enabled` changed). */
export function bodyOf(g: ConsoleLuckyGame, enabled = g.enabled): ConsoleLuckyGameBody {
  return {
    enabled,
    depositPerTicket: g.depositPerTicket,
    validBetPerTicket: g.validBetPerTicket,
    eggCount: g.eggCount,
    budget: g.budget,
    welcomeTickets: g.welcomeTickets,
    prizes: g.prizes.map(({ awarded: _awarded, ...p }) => p),
  };
}

const optionalMinor = (text: string) => (text.trim() === '' ? null : (majorToMinor(text) ?? 'x'));
const optionalWhole = (text: string) => (text.trim() === '' ? null : wholeNumber(text));

/** The form as the API's body (text that is not a number stays invalid for the schema to name). */
function toBody(game: LuckyGame, d: Draft, enabled: boolean): unknown {
  return {
    enabled,
    depositPerTicket: optionalMinor(d.depositPerTicket),
    validBetPerTicket: optionalMinor(d.validBetPerTicket),
    eggCount: game === 'eggs' ? wholeNumber(d.eggCount) : 0,
    budget: optionalMinor(d.budget),
    welcomeTickets: wholeNumber(d.welcomeTickets),
    prizes: d.prizes.map((p, i) => ({
      position: i,
      labelEn: p.labelEn.trim(),
      labelBn: p.labelBn.trim(),
      kind: p.kind,
      amount: p.kind === 'NONE' ? '0' : (majorToMinor(p.amount) ?? 'x'),
      promotionId: p.kind === 'BONUS' ? (optionalWhole(p.promotionId) ?? null) : null,
      weight: wholeNumber(p.weight),
      stock: optionalWhole(p.stock),
      budget: optionalMinor(p.budget),
    })),
  };
}

/** Each prize's chance in percent from the weights typed (only whole weights ≥ 1 count); null where the weight is not one. */
export function chances(weights: readonly string[]): (number | null)[] {
  const parsed = weights.map((w) => {
    const n = wholeNumber(w);
    return Number.isInteger(n) && n >= 1 ? n : null;
  });
  const total = parsed.reduce<number>((sum, n) => sum + (n ?? 0), 0);
  return parsed.map((n) => (n === null || total === 0 ? null : (n * 100) / total));
}

function Labelled({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <span className="hint">{hint}</span>}
      {error && (
        <span id={`${id}-error`} className="error" role="alert">
          {t(error)}
        </span>
      )}
    </div>
  );
}

/** A lucky game's page: on/off, ticket rates and budget, and the prize table with weights and each prize's chance. */
export function GameTab({ game }: { game: LuckyGame }) {
  const { t } = useTranslation();
  const writable = useCan()('loyalty.write');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ['lucky-game', game], queryFn: () => luckyGame(game) });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (query.data) setDraft(draftOf(query.data));
  }, [query.data]);
  const onSaved = (g: ConsoleLuckyGame) => {
    queryClient.setQueryData(['lucky-game', game], g);
    setSaved(true);
  };
  const save = useMutation({ mutationFn: (body: ConsoleLuckyGameBody) => saveLuckyGame(game, body), onSuccess: onSaved });
  const toggle = useMutation({ mutationFn: (g: ConsoleLuckyGame) => saveLuckyGame(game, bodyOf(g, !g.enabled)), onSuccess: onSaved });

  if (query.isLoading || (query.data && !draft)) return <Loading />;
  if (query.error || !query.data || !draft) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const shown = { ...serverFieldErrors(save.error), ...errors };
  const odds = chances(draft.prizes.map((p) => p.weight));
  const set = (change: Partial<Draft>) => {
    setSaved(false);
    setDraft({ ...draft, ...change });
  };
  const setPrize = (i: number, change: Partial<PrizeRow>) =>
    set({ prizes: draft.prizes.map((p, j) => (j === i ? { ...p, ...change, ...(change.kind === 'NONE' ? { amount: '0' } : {}) } : p)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ConsoleLuckyGameBodySchema.safeParse(toBody(game, draft, data.enabled));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const top = (name: 'depositPerTicket' | 'validBetPerTicket' | 'budget' | 'welcomeTickets', hint?: string) => {
    const id = `${game}-${name}`;
    return (
      <Labelled id={id} label={t(`lucky.${name}`)} error={shown[name]} hint={hint}>
        <input
          {...described(id, shown[name])}
          inputMode={name === 'welcomeTickets' ? 'numeric' : 'decimal'}
          value={draft[name]}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      </Labelled>
    );
  };
  const cellInput = (
    i: number,
    name: 'labelEn' | 'labelBn' | 'amount' | 'promotionId' | 'weight' | 'stock' | 'budget',
    disabled = false,
  ) => {
    const id = `${game}-prize-${i}-${name}`;
    const error = shown[`prizes.${i}.${name}`];
    return (
      <td>
        <input
          {...described(id, error)}
          aria-label={t('lucky.prizeField', { n: i + 1, field: t(`lucky.prize.${name}`) })}
          className={`lucky-${name}`}
          inputMode={name === 'labelEn' || name === 'labelBn' ? undefined : name === 'amount' || name === 'budget' ? 'decimal' : 'numeric'}
          value={draft.prizes[i]![name]}
          disabled={disabled}
          onChange={(e) => setPrize(i, { [name]: e.target.value })}
        />
        {error && (
          <span id={`${id}-error`} className="error" role="alert">
            {t(error)}
          </span>
        )}
      </td>
    );
  };
  const configured = data.prizes.length > 0;
  return (
    <div className="stack">
      <div className="card row lucky-head">
        <span className={`badge${data.enabled ? ' ok' : ''}`}>{t(data.enabled ? 'lucky.on' : 'lucky.off')}</span>
        <span className="muted">{t('lucky.plays', { count: data.plays })}</span>
        {data.budget !== null && (
          <span className="muted">{t('lucky.budgetLeft', { amount: formatMinor(data.budget, data.currencySymbol) })}</span>
        )}
        <span className="spacer" />
        {writable && (
          <button
            type="button"
            className={data.enabled ? 'danger' : 'primary'}
            disabled={!configured || toggle.isPending}
            title={configured ? undefined : t('lucky.saveFirst')}
            onClick={() => toggle.mutate(data)}
          >
            {t(data.enabled ? 'lucky.turnOff' : 'lucky.turnOn')}
          </button>
        )}
      </div>
      <FormError error={toggle.error} />
      <form noValidate onSubmit={submit} className="stack" aria-label={t(`lucky.tabs.${game}`)}>
        <fieldset disabled={!writable} className="lucky-fieldset">
          <legend className="visually-hidden">{t('lucky.settings')}</legend>
          <div className="row">
            {top('depositPerTicket', t('lucky.perTicketHint'))}
            {top('validBetPerTicket', t('lucky.perTicketHint'))}
            {top('budget', t('lucky.unlimitedHint'))}
            {top('welcomeTickets')}
            {game === 'eggs' && (
              <Labelled id="eggs-eggCount" label={t('lucky.eggCount')} error={shown.eggCount}>
                <select id="eggs-eggCount" value={draft.eggCount} onChange={(e) => set({ eggCount: e.target.value })}>
                  {EGG_COUNTS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </Labelled>
            )}
          </div>
          <h2 className="lucky-subtitle">{t('lucky.prizes')}</h2>
          <p className="muted">{t('lucky.weightsHint')}</p>
          <div className="table-wrap">
            <table className="data lucky-prizes">
              <caption className="visually-hidden">{t('lucky.prizes')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('lucky.prize.labelEn')}</th>
                  <th scope="col">{t('lucky.prize.labelBn')}</th>
                  <th scope="col">{t('lucky.prize.kind')}</th>
                  <th scope="col">{t('lucky.prize.amount')}</th>
                  <th scope="col">{t('lucky.prize.promotionId')}</th>
                  <th scope="col">{t('lucky.prize.weight')}</th>
                  <th scope="col" className="num">
                    {t('lucky.prize.chance')}
                  </th>
                  <th scope="col">{t('lucky.prize.stock')}</th>
                  <th scope="col">{t('lucky.prize.budget')}</th>
                  <th scope="col" className="num">
                    {t('lucky.prize.awarded')}
                  </th>
                  {writable && <th scope="col">{t('cols.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {draft.prizes.map((p, i) => {
                  const kindId = `${game}-prize-${i}-kind`;
                  const chance = odds[i];
                  return (
                    <tr key={p.key}>
                      <td>{i + 1}</td>
                      {cellInput(i, 'labelEn')}
                      {cellInput(i, 'labelBn')}
                      <td>
                        <select
                          id={kindId}
                          aria-label={t('lucky.prizeField', { n: i + 1, field: t('lucky.prize.kind') })}
                          value={p.kind}
                          onChange={(e) => setPrize(i, { kind: e.target.value as Kind })}
                        >
                          {LUCKY_PRIZE_KINDS.map((k) => (
                            <option key={k} value={k}>
                              {t(`lucky.kinds.${k}`)}
                            </option>
                          ))}
                        </select>
                      </td>
                      {cellInput(i, 'amount', p.kind === 'NONE')}
                      {cellInput(i, 'promotionId', p.kind !== 'BONUS')}
                      {cellInput(i, 'weight')}
                      <td className="num" aria-live="polite">
                        {chance === null || chance === undefined ? '—' : `${chance.toFixed(2)}%`}
                      </td>
                      {cellInput(i, 'stock')}
                      {cellInput(i, 'budget', p.kind === 'NONE')}
                      <td className="num">{p.awarded}</td>
                      {writable && (
                        <td>
                          <button
                            type="button"
                            disabled={draft.prizes.length <= 1}
                            aria-label={t('lucky.removePrize', { n: i + 1 })}
                            onClick={() => set({ prizes: draft.prizes.filter((_, j) => j !== i) })}
                          >
                            {t('lucky.remove')}
                          </button>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {shown.prizes && (
            <p className="error" role="alert">
              {t(shown.prizes)}
            </p>
          )}
        </fieldset>
        {writable && (
          <div className="row">
            <button type="button" disabled={draft.prizes.length >= 24} onClick={() => set({ prizes: [...draft.prizes, blankPrize()] })}>
              {t('lucky.addPrize')}
            </button>
            <span className="spacer" />
            {saved && (
              <span className="muted" role="status">
                {t('lucky.saved')}
              </span>
            )}
            <button type="submit" className="primary" disabled={save.isPending}>
              {t('actions.save')}
            </button>
          </div>
        )}
        {save.error && Object.keys(serverFieldErrors(save.error)).length === 0 ? <FormError error={save.error} /> : null}
        {Object.keys(shown).length > 0 && (
          <p className="error" role="alert">
            {t('lucky.fixFields')}
          </p>
        )}
      </form>
    </div>
  );
}
