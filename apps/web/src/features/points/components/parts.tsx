import '../../../ui/styles/member-page.css';
import './points.css';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.ts';

/** Formats minor units with the brand's currency symbol. */
export function useMoney() {
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return (minor: string | bigint) => formatMoney(minor, { symbol });
}

/** Points with thousands separators, Latin digits in every language (like the amounts). */
export const formatPoints = (points: string | bigint) => {
  const s = String(points);
  const negative = s.startsWith('-');
  const digits = negative ? s.slice(1) : s;
  return `${negative ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
};

/** Date and time in the page language, by the site's one rule (lib/date-format.ts). */
export function useDateTime() {
  return useDateFormat().dateTime;
}

export function Loading() {
  const { t } = useTranslation('points');
  return (
    <div className="wl-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{t('state.loading')}</span>
    </div>
  );
}

/** A server or network error, translated. */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!(error instanceof ApiError)) return <>{t('unknown')}</>;
  return <>{t(error.messageKey as never) as string}</>;
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('points');
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

/** A labelled field with its hint and error under it, linked by aria-describedby. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pm-field" data-invalid={error ? true : undefined}>
      <label className="pm-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="pm-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="pm-error">
          {error}
        </p>
      )}
    </div>
  );
}
