import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { timeLeft } from '../lib/mission-figures.ts';

/** Page language (query keys include it) and money with the brand's symbol. */
export function useMissionFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return { lang, money: (minor: string | bigint) => formatMoney(minor, { symbol }) };
}

export function Loading() {
  const { t } = useTranslation('missions');
  return (
    <div className="wl-state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('missions');
  return (
    <div className="wl-state wl-state-error" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** A refused call in the member's words (its catalogue key), announced when it appears. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <p role="alert" className="ms-alert ms-alert-error">
      {error instanceof ApiError ? (t(error.messageKey as never) as string) : t('unknown')}
    </p>
  );
}

/** "4 d 14 h" or "3 h 20 min" until `endsAt`, in the page's language. */
export function useTimeLeft() {
  const { t } = useTranslation('missions');
  return (endsAt: string) => {
    const left = timeLeft(endsAt, Date.now());
    return left.days > 0 ? t('duration.days', left) : t('duration.hours', left);
  };
}
