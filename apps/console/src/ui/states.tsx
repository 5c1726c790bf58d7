import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';
import { errorText } from '../lib/i18n.ts';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="state" role="status" aria-live="polite">
      {t('state.loading')}
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <div className="state">{text ?? t('state.empty')}</div>;
}

export const messageOf = (error: unknown) => errorText(error instanceof ApiError ? error.messageKey : 'errors.unknown');

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert error" role="alert">
      {messageOf(error)}{' '}
      {onRetry && (
        <button type="button" className="link" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

/** A form's error from the server, announced. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="alert error" role="alert">
      {messageOf(error)}
    </div>
  );
}
