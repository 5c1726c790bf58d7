import '../../../ui/styles/member-page.css';
import './rewards.css';
import type { LanguageCode } from '@playfront/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { LoadErrorState, LoadingState, MemberPageFrame, ErrorAlert as SharedErrorAlert } from '../../../ui/page-states.tsx';

/** Page language (query keys include it), money with the brand's symbol, dates with Latin digits. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return {
    lang,
    money: (minor: string | bigint) => formatMoney(minor, { symbol }),
    dateTime: (iso: string) => formatDateTime(iso, lang),
  };
}

/** The member-centre page frame: its h2 (the menu entry's name), a lead, the content. */
export const RewardsPage = ({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) => (
  <MemberPageFrame id="rw-page-title" className="rw-page" title={title} lead={lead}>
    {children}
  </MemberPageFrame>
);

export const Loading = () => <LoadingState ns="promotions" />;
export const LoadError = ({ onRetry }: { onRetry: () => void }) => <LoadErrorState ns="promotions" onRetry={onRetry} />;
/** A refused call in the member's words, announced when it appears. */
export const ErrorAlert = ({ error }: { error: unknown }) => <SharedErrorAlert error={error} className="rw-alert rw-alert-error" />;
