import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client.ts';

/**
 * The states every member-centre page shows the same way: its frame (the h2 the menu entry names), loading, a load
 * that failed with a retry, and a refused call in the member's words. Texts come from the feature's own namespace
 * (`loading`, `loadFailed`, `retry`), so each page reads in its own voice.
 */
type StateNamespace = 'promotions' | 'missions' | 'lucky' | 'agent' | 'support';

export function MemberPageFrame({
  id,
  className,
  title,
  lead,
  children,
}: {
  id: string;
  className: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section className={`wl-page ${className}`} aria-labelledby={id}>
      <header className="wl-page-head">
        <h2 id={id} className="wl-page-title" tabIndex={-1}>
          {title}
        </h2>
        {lead && <p className="wl-lead">{lead}</p>}
      </header>
      {children}
    </section>
  );
}

export function LoadingState({ ns }: { ns: StateNamespace }) {
  const { t } = useTranslation(ns);
  return (
    <div className="wl-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{t('loading' as never) as string}</span>
    </div>
  );
}

export function LoadErrorState({ ns, onRetry }: { ns: StateNamespace; onRetry: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('loadFailed' as never) as string}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('retry' as never) as string}
      </button>
    </div>
  );
}

/** A refused call in the member's words (its catalogue key), announced when it appears. */
export function ErrorAlert({ error, className }: { error: unknown; className: string }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <p role="alert" className={className}>
      {error instanceof ApiError ? (t(error.messageKey as never) as string) : t('unknown')}
    </p>
  );
}
