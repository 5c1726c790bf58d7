import '../../../ui/styles/member-page.css';
import './lucky.css';
import type { LanguageCode } from '@playfront/contract/constants';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';
import { LoadErrorState, LoadingState, MemberPageFrame, ErrorAlert as SharedErrorAlert } from '../../../ui/page-states.tsx';

/** Page language (query keys include it), money with the brand's symbol, dates with Latin digits. */
export function useLuckyFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return {
    lang,
    money: (minor: string | bigint) => formatMoney(minor, { symbol }),
    dateTime: (iso: string) => formatDateTime(iso, lang),
  };
}

/** Whether the visitor asked for less motion: the animations then jump straight to the result. */
export function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const change = () => setReduced(media.matches);
    media.addEventListener('change', change);
    return () => media.removeEventListener('change', change);
  }, []);
  return reduced;
}

/** The member-centre page frame: its h2 (the menu entry's name), a lead, the content. */
export const LuckyPage = ({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) => (
  <MemberPageFrame id="lk-page-title" className="lk-page" title={title} lead={lead}>
    {children}
  </MemberPageFrame>
);

export const Loading = () => <LoadingState ns="lucky" />;
export const LoadError = ({ onRetry }: { onRetry: () => void }) => <LoadErrorState ns="lucky" onRetry={onRetry} />;
/** A refused call in the member's words, announced when it appears. */
export const ErrorAlert = ({ error }: { error: unknown }) => <SharedErrorAlert error={error} className="lk-alert lk-alert-error" />;

/** How tickets are earned, in figures. */
export function EarnRule({ depositPerTicket, validBetPerTicket }: { depositPerTicket: string | null; validBetPerTicket: string | null }) {
  const { t } = useTranslation('lucky');
  const { money } = useLuckyFormat();
  if (depositPerTicket && validBetPerTicket)
    return <p className="lk-muted">{t('earnRule', { deposit: money(depositPerTicket), bet: money(validBetPerTicket) })}</p>;
  if (depositPerTicket) return <p className="lk-muted">{t('earnDeposit', { deposit: money(depositPerTicket) })}</p>;
  if (validBetPerTicket) return <p className="lk-muted">{t('earnBet', { bet: money(validBetPerTicket) })}</p>;
  return null;
}

/** The result line of a play, announced politely once the animation has landed. */
export function PlayResult({ result }: { result: { label: string; kind: string; paidAs: string } | null }) {
  const { t } = useTranslation('lucky');
  return (
    <p className="lk-result" role="status" aria-live="polite" data-testid="lucky-result">
      {result === null
        ? ''
        : result.kind === 'NONE'
          ? t('nothing')
          : result.paidAs === 'CLAIMABLE'
            ? t('claimable', { prize: result.label })
            : t('won', { prize: result.label })}
    </p>
  );
}
