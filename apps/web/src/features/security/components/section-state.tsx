import { useTranslation } from 'react-i18next';

/** Loading and failed-load states of a security centre section, in the security namespace's words. */
export function SectionState({ kind, onRetry }: { kind: 'loading' | 'error'; onRetry?: () => void }) {
  const { t } = useTranslation('security');
  if (kind === 'loading')
    return (
      <div className="wl-state" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
