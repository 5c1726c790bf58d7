import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { serverKey } from '../../../lib/i18n.ts';

/**
 * A refused call in the member's words: the error's catalogue key (or the refused field's), and for "not eligible"
 * the reason the server gives (`value.reason`, itself a catalogue key such as `promotions.ineligible.newMembers`).
 */
export function ErrorText({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!(error instanceof ApiError)) return <>{t('unknown')}</>;
  // A field the server refused (the comment's length) says more than the general "check your input".
  const field = Object.values(error.body?.fields ?? {})[0];
  if (field) return <>{t(serverKey(field.key) as never, (field.params ?? {}) as Record<string, unknown>) as string}</>;
  const reason = (error.body?.value as { reason?: unknown } | undefined)?.reason;
  const main = t(error.messageKey as never) as string;
  if (typeof reason !== 'string' || !reason) return <>{main}</>;
  return <>{`${main} ${t(serverKey(reason) as never) as string}`}</>;
}

/** The outcome of a form or button, announced when it appears. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={`promo-alert promo-alert-error ${className ?? ''}`}>
      <ErrorText error={error} />
    </p>
  );
}
