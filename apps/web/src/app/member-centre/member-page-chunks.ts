import { chunk } from '../../lib/lazy-chunk.ts';
import type { MemberPage } from './member-centre-pages.ts';

/**
 * Each member-centre page's own chunk. The screen renders them lazily, and starts the one a visit opens as soon as its
 * own chunk runs, instead of after both have rendered (decision 062).
 */
export const MEMBER_PAGE_CHUNKS = {
  depositv2: chunk(() => import('../../features/wallet/components/deposit-page.tsx')),
  withdraw: chunk(() => import('../../features/wallet/components/withdraw-page.tsx')),
  transferFund: chunk(() => import('../../features/wallet/components/transfer-page.tsx')),
  transferUpline: chunk(() => import('../../features/wallet/components/transfer-upline-page.tsx')),
  transactionHistory: chunk(() => import('../../features/wallet/components/transaction-history-page.tsx')),
  personalProfit: chunk(() => import('../../features/wallet/components/personal-profit-page.tsx')),
  messageV2: chunk(() => import('../../features/messages/components/messages-page.tsx')),
  personalHistoryCopy: chunk(() => import('../../features/records/components/betting-record-page.tsx')),
  rewardCenter: chunk(() => import('../../features/rewards/components/reward-center-page.tsx')),
  bonusDetails: chunk(() => import('../../features/rewards/components/bonus-details-page.tsx')),
  vip: chunk(() => import('../../features/rewards/components/vip-page.tsx')),
  manualRebate: chunk(() => import('../../features/rewards/components/manual-rebate-page.tsx')),
  missionLeaderboard: chunk(() => import('../../features/missions/components/mission-leaderboard-page.tsx')),
  luckyWheel: chunk(() => import('../../features/lucky/components/wheel-page.tsx')),
  goldenEggs: chunk(() => import('../../features/lucky/components/eggs-page.tsx')),
  raffle: chunk(() => import('../../features/lucky/components/raffle-page.tsx')),
  referral: chunk(() => import('../../features/referral/components/referral-page.tsx')),
  securityCenter: chunk(() => import('../../features/security/components/security-centre-page.tsx')),
  feedback: chunk(() => import('../../features/support/components/feedback-page.tsx')),
  responsibleGaming: chunk(() => import('../../features/protection/components/protection-page.tsx')),
  kyc: chunk(() => import('../../features/protection/kyc/components/kyc-page.tsx')),
} satisfies Record<MemberPage, () => Promise<unknown>>;
