import '../../../ui/styles/member-page.css';
import './wallet.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.ts';
import { hasNext, nextWindow, previousWindow, type RecordWindow, WINDOW_LENGTHS, withLength } from '../lib/record-window.ts';

/** Formats minor units with the brand's currency symbol (permission; none until it is known). */
export function useMoney() {
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return (minor: string | bigint) => formatMoney(minor, { symbol });
}

/** Page frame: title, optional lead text, content. */
export function WalletPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="wl-page" aria-labelledby="wl-page-title">
      <header className="wl-page-head">
        <h2 id="wl-page-title" className="wl-page-title" tabIndex={-1}>
          {title}
        </h2>
        {lead && <p className="wl-lead">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

/** Loading, error (with retry) and empty states, in one place so every page says them the same way. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wl-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{label ?? t('state.loading')}</span>
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('state.loadFailed')}</p>
      <p className="wl-muted">
        <ErrorText error={error} />
      </p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('state.retry')}
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="wl-state wl-state-empty">
      <p>{children}</p>
    </div>
  );
}

/** A server or network error, translated; amounts in its value (limits, balance) are shown as money. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  const money = useMoney();
  if (!(error instanceof ApiError)) return <>{t('unknown')}</>;
  const value = (error.body as { value?: Record<string, unknown> } | undefined)?.value ?? {};
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' && /^-?\d+$/.test(v) && ['min', 'max', 'balance', 'limit', 'left'].includes(k)) params[k] = money(v);
  }
  return <>{t(error.messageKey as never, params) as string}</>;
}

/** The whole form's outcome, announced when it appears. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="wl-alert wl-alert-error">
      <ErrorText error={error} />
    </p>
  );
}

export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="wl-alert wl-alert-success">
      {children}
    </p>
  );
}

/**
 * The records period (spec section 9: previous and next 7 and 30 days): a
 * length of 7 or 30 days, and buttons that step one length back or forward
 * (never past today). `shown` is the window the server answered for (not a
 * placeholder): while the window ends today its last day is the brand's today.
 */
export function RecordPeriod({
  value,
  onChange,
  shown,
}: {
  value: RecordWindow;
  onChange: (w: RecordWindow) => void;
  shown: { from: string; to: string } | undefined;
}) {
  const { t } = useTranslation('wallet');
  const { day } = useDateTime();
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => {
    if (value.to === null && shown) setToday(shown.to);
  }, [value.to, shown]);
  const n = value.length;
  return (
    <div className="wl-period">
      <fieldset className="wl-chips">
        <legend className="visually-hidden">{t('records.period')}</legend>
        {WINDOW_LENGTHS.map((length) => (
          <button
            key={length}
            type="button"
            className="wl-chip"
            aria-pressed={n === length}
            onClick={() => onChange(withLength(value, length))}
          >
            {t(`records.lengths.${length}`)}
          </button>
        ))}
      </fieldset>
      <div className="wl-period-nav">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={today === null}
          onClick={() => today && onChange(previousWindow(value, today))}
        >
          <span aria-hidden="true">‹ </span>
          {t(n === 7 ? 'records.presets.last7' : 'records.presets.last30')}
        </button>
        <p className="wl-period-range" aria-live="polite" data-testid="record-window">
          {shown ? t('records.window', { from: day(shown.from), to: day(shown.to) }) : '\u00a0'}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={!hasNext(value) || today === null}
          onClick={() => today && onChange(nextWindow(value, today))}
        >
          {t(n === 7 ? 'records.presets.next7' : 'records.presets.next30')}
          <span aria-hidden="true"> ›</span>
        </button>
      </div>
    </div>
  );
}

/** Date and time in the page language, by the site's one rule (lib/date-format.ts). */
export function useDateTime() {
  const { dateTime, day } = useDateFormat();
  /** `day`: a brand day `YYYY-MM-DD` (no time zone shift). */
  return { dateTime, day };
}

/** A labelled field with its error under it (linked by aria-describedby). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="wl-field" data-invalid={error ? true : undefined}>
      <label htmlFor={id} className="wl-label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="wl-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="wl-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria attributes for an input inside Field. */
export const describedBy = (id: string, error: unknown, hint?: unknown) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});
