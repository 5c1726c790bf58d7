import './member-centre.css';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUnreadCount } from '../../features/messages/api/get-unread-count.ts';
import { useMissionSummary } from '../../features/missions/api/get-mission-summary.ts';
import { usePromotionSummary } from '../../features/rewards/api/get-promotion-summary.ts';
import { useBrandFlag } from '../../features/system/hooks/use-brand.ts';
import { usePermission } from '../../lib/permission.ts';
import { useSession } from '../../lib/session-store.ts';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGES, type MemberPage, memberPageOf } from './member-centre-pages.ts';

const Deposit = lazy(() => import('../../features/wallet/components/deposit-page.tsx'));
const Withdraw = lazy(() => import('../../features/wallet/components/withdraw-page.tsx'));
const Transfer = lazy(() => import('../../features/wallet/components/transfer-page.tsx'));
const TransferUpline = lazy(() => import('../../features/wallet/components/transfer-upline-page.tsx'));
const TransactionHistory = lazy(() => import('../../features/wallet/components/transaction-history-page.tsx'));
const PersonalProfit = lazy(() => import('../../features/wallet/components/personal-profit-page.tsx'));
const Messages = lazy(() => import('../../features/messages/components/messages-page.tsx'));
const BettingRecord = lazy(() => import('../../features/records/components/betting-record-page.tsx'));
const RewardCenter = lazy(() => import('../../features/rewards/components/reward-center-page.tsx'));
const RainSchedule = lazy(() => import('../../features/envelopes/components/rain-schedule.tsx'));
const BonusDetails = lazy(() => import('../../features/rewards/components/bonus-details-page.tsx'));
const VipPage = lazy(() => import('../../features/rewards/components/vip-page.tsx'));
const ManualRebate = lazy(() => import('../../features/rewards/components/manual-rebate-page.tsx'));
const MissionLeaderboard = lazy(() => import('../../features/missions/components/mission-leaderboard-page.tsx'));
const LuckyWheel = lazy(() => import('../../features/lucky/components/wheel-page.tsx'));
const GoldenEggs = lazy(() => import('../../features/lucky/components/eggs-page.tsx'));
const Raffle = lazy(() => import('../../features/lucky/components/raffle-page.tsx'));
const Referral = lazy(() => import('../../features/referral/components/referral-page.tsx'));
const SecurityCentre = lazy(() => import('../../features/security/components/security-centre-page.tsx'));
const Feedback = lazy(() => import('../../features/support/components/feedback-page.tsx'));
const ResponsibleGaming = lazy(() => import('../../features/protection/components/protection-page.tsx'));
const Kyc = lazy(() => import('../../features/protection/kyc/components/kyc-page.tsx'));

/**
 * /member: the member centre (a lazily loaded screen group). The menu of spec
 * section 2 with the messageV2 unread badge, the rewardCenter claimable badge and the missionLeaderboard badge (missions
 * completed and not yet claimed). Trial accounts
 * never get here (route guard, spec section 6).
 */
export default function MemberCentreScreen() {
  const { t } = useTranslation('wallet');
  const [search] = useSearchParams();
  // The VIP page exists only where the brand runs VIP (spec section 6: feature flags gate VIP entries).
  const vipEnabled = useBrandFlag('VIP');
  // likewise the referral page only where the brand runs the referral promo (REFERRAL flag).
  const referralEnabled = useBrandFlag('REFERRAL');
  const hidden = (p: MemberPage) => (p === 'vip' && !vipEnabled) || (p === 'referral' && !referralEnabled);
  const brandKnown = usePermission().data !== undefined;
  const asked = memberPageOf(search);
  const page = brandKnown && hidden(asked) ? DEFAULT_MEMBER_PAGE : asked;
  const pages = MEMBER_PAGES.filter((p) => !hidden(p));
  const token = useSession((s) => s.token);
  const isTrial = useSession((s) => s.isTrial);
  const unread = useUnreadCount(token, !isTrial);
  const claimable = usePromotionSummary(token, !isTrial).data?.claimableCount;
  const missionsToClaim = useMissionSummary(token, !isTrial).data?.claimableCount;
  const { data: permission } = usePermission();
  const symbol = permission?.brand.currencySymbol ?? '';
  // On phones the menu is one scrolling row: bring the current page's entry into view (the row only, not the page).
  const menu = useRef<HTMLElement>(null);
  useEffect(() => {
    const centre = () => {
      const nav = menu.current;
      const current = nav?.querySelector<HTMLElement>(`a[href="/member?page=${page}"]`);
      if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
      // Measured against the row itself (offsetLeft counts from another ancestor), and again once the web font has
      // loaded: the Bengali labels change width then, and the current entry was left cut at the edge.
      const left = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
      nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
    };
    centre();
    let live = true;
    void document.fonts?.ready.then(() => live && centre());
    return () => {
      live = false;
    };
  }, [page]);

  return (
    <main className="page member-centre">
      <h1 className="visually-hidden">{t('centre.title')}</h1>
      <nav className="mc-menu" aria-label={t('centre.menu')} ref={menu}>
        <ul>
          {pages.map((p) => (
            <li key={p}>
              <Link to={`/member?page=${p}`} className="mc-link" aria-current={p === page ? 'page' : undefined}>
                <span>{t(`centre.pages.${p}`)}</span>
                {p === 'messageV2' && unread !== undefined && unread > 0 && (
                  <span className="mc-badge" data-testid="messages-badge">
                    <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                    <span className="visually-hidden">{t('centre.unread', { count: unread })}</span>
                  </span>
                )}
                {p === 'missionLeaderboard' && missionsToClaim !== undefined && missionsToClaim > 0 && (
                  <span className="mc-badge" data-testid="missions-badge">
                    <span aria-hidden="true">{missionsToClaim > 99 ? '99+' : missionsToClaim}</span>
                    <span className="visually-hidden">{t('centre.missionsClaimable', { count: missionsToClaim })}</span>
                  </span>
                )}
                {p === 'rewardCenter' && claimable !== undefined && claimable > 0 && (
                  <span className="mc-badge" data-testid="rewards-badge">
                    <span aria-hidden="true">{claimable > 99 ? '99+' : claimable}</span>
                    <span className="visually-hidden">{t('centre.claimable', { count: claimable })}</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mc-content">
        <Suspense
          fallback={
            <div className="mc-loading" role="status">
              <div className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t('state.loading')}</span>
            </div>
          }
        >
          <PageBody page={page} symbol={symbol} />
        </Suspense>
      </div>
    </main>
  );
}

function PageBody({ page, symbol }: { page: MemberPage; symbol: string }) {
  const { t } = useTranslation('wallet');
  switch (page) {
    case 'depositv2':
      return <Deposit />;
    case 'withdraw':
      return <Withdraw />;
    case 'transferFund':
      return <Transfer />;
    case 'transferUpline':
      return <TransferUpline />;
    case 'transactionHistory':
      return <TransactionHistory />;
    case 'personalProfit':
      return <PersonalProfit />;
    case 'messageV2':
      return <Messages currencySymbol={symbol} />;
    case 'personalHistoryCopy':
      return <BettingRecord />;
    case 'rewardCenter':
      return (
        <>
          <RewardCenter />
          <RainSchedule />
        </>
      );
    case 'bonusDetails':
      return <BonusDetails />;
    case 'vip':
      return <VipPage />;
    case 'manualRebate':
      return <ManualRebate />;
    case 'missionLeaderboard':
      return <MissionLeaderboard />;
    case 'luckyWheel':
      return <LuckyWheel />;
    case 'goldenEggs':
      return <GoldenEggs />;
    case 'raffle':
      return <Raffle />;
    case 'referral':
      return <Referral />;
    case 'securityCenter':
      return <SecurityCentre />;
    case 'responsibleGaming':
      return <ResponsibleGaming />;
    case 'feedback':
      return <Feedback />;
    case 'kyc':
      return <Kyc />;
    default: {
      // Every listed page has its screen now (issue 15 built the last ones); a page added to the list before its
      // screen is said plainly, not a blank. (`page` is `never` here while the switch is complete.)
      const unbuilt = page as MemberPage;
      return (
        <section className="mc-soon">
          <h2>{t(`centre.pages.${unbuilt}`)}</h2>
          <p>{t('centre.comingSoon')}</p>
        </section>
      );
    }
  }
}
