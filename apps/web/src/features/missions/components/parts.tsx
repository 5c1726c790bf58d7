import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { LoadErrorState, LoadingState, ErrorAlert as SharedErrorAlert } from '../../../ui/page-states.tsx';
import { timeLeft } from '../lib/mission-figures.ts';

/** Page language (query keys include it) and money with the brand's symbol. */
export function useMissionFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return { lang, money: (minor: string | bigint) => formatMoney(minor, { symbol }) };
}

export const Loading = () => <LoadingState ns="missions" />;
export const LoadError = ({ onRetry }: { onRetry: () => void }) => <LoadErrorState ns="missions" onRetry={onRetry} />;
/** A refused call in the member's words, announced when it appears. */
export const ErrorAlert = ({ error }: { error: unknown }) => <SharedErrorAlert error={error} className="ms-alert ms-alert-error" />;

/** "4 d 14 h" or "3 h 20 min" until `endsAt`, in the page's language. */
export function useTimeLeft() {
  const { t } = useTranslation('missions');
  return (endsAt: string) => {
    const left = timeLeft(endsAt, Date.now());
    return left.days > 0 ? t('duration.days', left) : t('duration.hours', left);
  };
}
