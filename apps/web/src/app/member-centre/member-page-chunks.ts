import { screenChunk } from '../screen-chunk.ts';
import type { MemberPage } from './member-centre-pages.ts';

/**
 * Each member-centre page's own chunk, with the catalogue namespaces it reads beyond the boot ones (screenChunk). The
 * screen renders them lazily, and starts the one a visit opens as soon as its own chunk runs, instead of after both
 * have rendered (decision 062).
 */
export const MEMBER_PAGE_CHUNKS = {
  depositv2: screenChunk(() => import('../../features/wallet/components/deposit-page.tsx')),
  withdraw: screenChunk(() => import('../../features/wallet/components/withdraw-page.tsx')),
  transferFund: screenChunk(() => import('../../features/wallet/components/transfer-page.tsx')),
  transferUpline: screenChunk(() => import('../../features/wallet/components/transfer-upline-page.tsx')),
  transactionHistory: screenChunk(() => import('../../features/wallet/components/transaction-history-page.tsx')),
  personalProfit: screenChunk(() => import('../../features/wallet/components/personal-profit-page.tsx')),
  messageV2: screenChunk(() => import('../../features/messages/components/messages-page.tsx')),
  personalHistoryCopy: screenChunk(() => import('../../features/records/components/betting-record-page.tsx')),
  rewardCenter: screenChunk(() => import('../../features/rewards/components/reward-center-page.tsx'), 'promotions'),
  bonusDetails: screenChunk(() => import('../../features/rewards/components/bonus-details-page.tsx'), 'promotions'),
  vip: screenChunk(() => import('../../features/rewards/components/vip-page.tsx'), 'promotions'),
  manualRebate: screenChunk(() => import('../../features/rewards/components/manual-rebate-page.tsx'), 'rebates'),
  missionLeaderboard: screenChunk(() => import('../../features/missions/components/mission-leaderboard-page.tsx'), 'missions'),
  luckyWheel: screenChunk(() => import('../../features/lucky/components/wheel-page.tsx'), 'lucky'),
  goldenEggs: screenChunk(() => import('../../features/lucky/components/eggs-page.tsx'), 'lucky'),
  raffle: screenChunk(() => import('../../features/lucky/components/raffle-page.tsx'), 'lucky'),
  referral: screenChunk(() => import('../../features/referral/components/referral-page.tsx'), 'referral'),
  securityCenter: screenChunk(() => import('../../features/security/components/security-centre-page.tsx'), 'security'),
  feedback: screenChunk(() => import('../../features/support/components/feedback-page.tsx'), 'support'),
  responsibleGaming: screenChunk(() => import('../../features/protection/components/protection-page.tsx'), 'protection'),
  kyc: screenChunk(() => import('../../features/protection/kyc/components/kyc-page.tsx'), 'kyc'),
} satisfies Record<MemberPage, () => Promise<unknown>>;
