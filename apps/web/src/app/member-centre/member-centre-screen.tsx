import './member-centre.css';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUnreadCount } from '../../features/messages/api/get-unread-count.ts';
import { useMissionSummary } from '../../features/missions/api/get-mission-summary.ts';
import { usePromotionSummary } from '../../features/rewards/api/get-promotion-summary.ts';
import { useBrandFlag } from '../../features/system/hooks/use-brand.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { usePermission } from '../../lib/permission.ts';
import { useSession } from '../../lib/session-store.ts';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGES, type MemberPage, memberPageOf } from './member-centre-pages.ts';
import { MEMBER_PAGE_CHUNKS } from './member-page-chunks.ts';

// The page a visit opens starts loading as soon as this chunk runs (preloaded at boot by router.tsx), before the
// first render asks for it: the menu and the page arrive together (decision 062). A page the server drew waits for it
// before the app's first render (router.tsx preloadScreen), so React replaces the drawn page with the page itself.
export const openedPage: Promise<unknown> =
  typeof window !== 'undefined' && window.location.pathname.toLowerCase() === '/member'
    ? MEMBER_PAGE_CHUNKS[memberPageOf(new URLSearchParams(window.location.search))]().catch(() => undefined)
    : Promise.resolve();

const Deposit = lazyChunk(MEMBER_PAGE_CHUNKS.depositv2);
const Withdraw = lazyChunk(MEMBER_PAGE_CHUNKS.withdraw);
const Transfer = lazyChunk(MEMBER_PAGE_CHUNKS.transferFund);
const TransferUpline = lazyChunk(MEMBER_PAGE_CHUNKS.transferUpline);
const TransactionHistory = lazyChunk(MEMBER_PAGE_CHUNKS.transactionHistory);
const PersonalProfit = lazyChunk(MEMBER_PAGE_CHUNKS.personalProfit);
const Messages = lazyChunk(MEMBER_PAGE_CHUNKS.messageV2);
const BettingRecord = lazyChunk(MEMBER_PAGE_CHUNKS.personalHistoryCopy);
const RewardCenter = lazyChunk(MEMBER_PAGE_CHUNKS.rewardCenter);
const RainSchedule = lazy(() => import('../../features/envelopes/components/rain-schedule.tsx'));
const BonusDetails = lazyChunk(MEMBER_PAGE_CHUNKS.bonusDetails);
const VipPage = lazyChunk(MEMBER_PAGE_CHUNKS.vip);
const ManualRebate = lazyChunk(MEMBER_PAGE_CHUNKS.manualRebate);
const MissionLeaderboard = lazyChunk(MEMBER_PAGE_CHUNKS.missionLeaderboard);
const LuckyWheel = lazyChunk(MEMBER_PAGE_CHUNKS.luckyWheel);
const GoldenEggs = lazyChunk(MEMBER_PAGE_CHUNKS.goldenEggs);
const Raffle = lazyChunk(MEMBER_PAGE_CHUNKS.raffle);
const Referral = lazyChunk(MEMBER_PAGE_CHUNKS.referral);
const SecurityCentre = lazyChunk(MEMBER_PAGE_CHUNKS.securityCenter);
const Feedback = lazyChunk(MEMBER_PAGE_CHUNKS.feedback);
const ResponsibleGaming = lazyChunk(MEMBER_PAGE_CHUNKS.responsibleGaming);
const Kyc = lazyChunk(MEMBER_PAGE_CHUNKS.kyc);

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
      return <RewardCenter after={<RainSchedule />} />;
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
