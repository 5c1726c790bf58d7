import type { Withdrawal } from '@playfront/contract/funds';
import { PROOF_LIMITS, WITHDRAWAL_OUTCOMES, type WithdrawalOutcome } from '@playfront/contract/funds-paths';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal.ts';
import { useWithdrawals, WITHDRAWALS_PAGE_SIZE } from '../api/get-withdrawals.ts';
import { proofProblems } from '../lib/proof-files.ts';
import { Empty, FormError, LoadError, Loading, useDateTime, useMoney } from './parts.tsx';
import { useWithdrawAccess } from './withdraw-access.ts';

/**
 * The member's withdrawals, newest first, each with its state and (once approved) the receipt confirmation.
 * `waiting`: the page above is still loading; the list loads meanwhile but shows with it, so nothing jumps down.
 */
export function WithdrawalRecords({ waiting = false }: { waiting?: boolean }) {
  const { t } = useTranslation('wallet');
  const { token } = useWithdrawAccess();
  const [page, setPage] = useState(1);
  const list = useWithdrawals(token, page);
  const totalPages = Math.ceil((list.data?.total ?? 0) / WITHDRAWALS_PAGE_SIZE);
  return (
    <section className="wl-section" aria-labelledby="wl-withdrawals-title" style={waiting ? { display: 'none' } : undefined}>
      <h3 id="wl-withdrawals-title" className="wl-section-title">
        {t('withdrawals.title')}
      </h3>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Empty>{t('withdrawals.empty')}</Empty>
      ) : (
        <ul className="wl-list" aria-busy={list.isFetching || undefined}>
          {list.data.list.map((w) => (
            <WithdrawalItem key={w.orderNo} withdrawal={w} />
          ))}
        </ul>
      )}
      <Paginator page={page} totalPages={totalPages} onChange={setPage} label={t('withdrawals.pages')} />
    </section>
  );
}

function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const { dateTime } = useDateTime();
  const [confirming, setConfirming] = useState(false);
  const awaitingConfirmation = w.status === 'APPROVED' && !w.confirmation;
  return (
    <li className="wl-item" data-testid="withdrawal" data-order={w.orderNo} data-status={w.status}>
      <div className="wl-item-main">
        <strong className="wl-money">{money(w.amount)}</strong>
        <span className={`wl-badge wl-badge-${w.status.toLowerCase()}`}>{t(`withdrawals.status.${w.status}`)}</span>
      </div>
      <div className="wl-item-meta">
        <span>
          {t(`methods.${w.method}`)} · {w.accountNumber}
        </span>
        <span className="wl-mono">{w.orderNo}</span>
        <time dateTime={w.createdAt}>{dateTime(w.createdAt)}</time>
      </div>
      {w.status === 'REJECTED' && w.rejectReason && <p className="wl-muted">{t('withdrawals.rejectReason', { reason: w.rejectReason })}</p>}
      {w.confirmation && (
        <p className="wl-confirmation" data-testid="withdrawal-confirmation">
          {t(`confirm.outcomes.${w.confirmation.outcome}`)}
          {w.confirmation.forced ? ` — ${t('confirm.forced')}` : ''} · {dateTime(w.confirmation.at)}
          {w.confirmation.proofIds.length > 0 && ` · ${t('confirm.proofCount', { count: w.confirmation.proofIds.length })}`}
        </p>
      )}
      {awaitingConfirmation &&
        (confirming ? (
          <ConfirmationForm orderNo={w.orderNo} onCancel={() => setConfirming(false)} />
        ) : (
          <div className="wl-actions">
            <p className="wl-muted">{t('confirm.prompt')}</p>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirming(true)}>
              {t('confirm.open')}
            </button>
          </div>
        ))}
    </li>
  );
}

type Preview = { file: File; url: string };

/** Received / partly received / not received; "not received" needs at least one png/jpg proof (≤ 5 MB, ≤ 3). */
function ConfirmationForm({ orderNo, onCancel }: { orderNo: string; onCancel: () => void }) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const access = useWithdrawAccess();
  const confirm = useConfirmWithdrawal(access.restricted ? (access.token ?? undefined) : undefined);
  const [outcome, setOutcome] = useState<WithdrawalOutcome | null>(null);
  const [note, setNote] = useState('');
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [tried, setTried] = useState(false);

  // Object URLs live as long as their preview: revoked on removal and when the form goes away.
  const live = useRef<Preview[]>([]);
  live.current = previews;
  useEffect(
    () => () => {
      for (const p of live.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const addFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    const all = [...previews.map((p) => p.file), ...chosen];
    const problems = proofProblems(all);
    setFileErrors(
      problems.map((p) =>
        t(`confirm.fileProblems.${p.problem}`, { name: p.file ?? '', max: PROOF_LIMITS.maxFiles, mb: PROOF_LIMITS.maxBytes / 1024 / 1024 }),
      ),
    );
    const bad = new Set(problems.map((p) => p.file).filter(Boolean));
    const accepted = chosen.filter((f) => !bad.has(f.name)).slice(0, Math.max(0, PROOF_LIMITS.maxFiles - previews.length));
    setPreviews((p) => [...p, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };
  const remove = (index: number) => {
    const gone = previews[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setPreviews((p) => p.filter((_, i) => i !== index));
  };

  const outcomeError = tried && !outcome ? t('confirm.problems.outcome') : undefined;
  const proofError = tried && outcome === 'NOT_RECEIVED' && previews.length === 0 ? t('confirm.problems.proof') : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!outcome || (outcome === 'NOT_RECEIVED' && previews.length === 0)) return;
    confirm.mutate({ orderNo, outcome, note, files: previews.map((p) => p.file) });
  };

  return (
    <form className="wl-confirm-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="wl-card-title">
        {t('confirm.title')}
      </h4>
      <fieldset className="wl-channels" aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}>
        <legend className="wl-label">{t('confirm.question')}</legend>
        {WITHDRAWAL_OUTCOMES.map((o) => (
          <label key={o} className="wl-channel" data-selected={o === outcome || undefined}>
            <input type="radio" name={`${id}-outcome`} value={o} checked={o === outcome} onChange={() => setOutcome(o)} />
            <span className="wl-channel-name">{t(`confirm.outcomes.${o}`)}</span>
          </label>
        ))}
      </fieldset>
      {outcomeError && (
        <p id={`${id}-outcome-error`} className="wl-error">
          {outcomeError}
        </p>
      )}
      <div className="wl-field">
        <label className="wl-label" htmlFor={`${id}-note`}>
          {t('confirm.note')}
        </label>
        <textarea
          id={`${id}-note`}
          className="wl-input wl-textarea"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <div className="wl-field">
        <label className="wl-label" htmlFor={`${id}-files`}>
          {t(outcome === 'NOT_RECEIVED' ? 'confirm.proofRequired' : 'confirm.proof')}
        </label>
        {/* The native picker's own button and "no file chosen" text follow the browser's language, not the page's: a labelled button of ours stands in for them. */}
        <input
          id={`${id}-files`}
          className="wl-file-input"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          disabled={previews.length >= PROOF_LIMITS.maxFiles}
          onChange={addFiles}
          aria-describedby={`${id}-files-hint`}
        />
        <label htmlFor={`${id}-files`} className="btn btn-ghost btn-sm wl-file-button">
          {t('confirm.choose')}
        </label>
        <p id={`${id}-files-hint`} className="wl-hint">
          {t('confirm.proofHint', { max: PROOF_LIMITS.maxFiles, mb: PROOF_LIMITS.maxBytes / 1024 / 1024 })}
        </p>
        {[...fileErrors, ...(proofError ? [proofError] : [])].map((message) => (
          <p key={message} className="wl-error" role="alert">
            {message}
          </p>
        ))}
        {previews.length > 0 && (
          <ul className="wl-previews">
            {previews.map((p, i) => (
              <li key={p.url}>
                <img src={p.url} alt={t('confirm.previewAlt', { name: p.file.name })} />
                <button
                  type="button"
                  className="wl-remove"
                  onClick={() => remove(i)}
                  aria-label={t('confirm.remove', { name: p.file.name })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormError error={confirm.error} />
      <div className="wl-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={confirm.isPending}>
          {confirm.isPending ? t('state.sending') : t('confirm.submit')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </div>
    </form>
  );
}
