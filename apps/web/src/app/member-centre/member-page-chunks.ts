import type { MemberPage } from './member-centre-pages.ts';

/**
 * Each member-centre page's own chunk. The screen renders them lazily, and starts the one a visit opens as soon as its
 * own chunk runs, instead of after both have rendered (decision 062).
 */
export const MEMBER_PAGE_CHUNKS = {
  depositv2: () => import('../../features/wallet/components/deposit-page.tsx'),
  withdraw: () => import('../../features/wallet/components/withdraw-page.tsx'),
  transferFund: () => import('../../features/wallet/components/transfer-page.tsx'),
  transferUpline: () => import('../../features/wallet/components/transfer-upline-page.tsx'),
  transactionHistory: () => import('../../features/wallet/components/transaction-history-page.tsx'),
  personalProfit: () => import('../../features/wallet/components/personal-profit-page.tsx'),
  messageV2: () => import('../../features/messages/components/messages-page.tsx'),
  personalHistoryCopy: () => import('../../features/records/components/betting-record-page.tsx'),
  rewardCenter: () => import('../../features/rewards/components/reward-center-page.tsx'),
  bonusDetails: () => import('../../features/rewards/components/bonus-details-page.tsx'),
  vip: () => import('../../features/rewards/components/vip-page.tsx'),
  manualRebate: () => import('../../features/rewards/components/manual-rebate-page.tsx'),
  missionLeaderboard: () => import('../../features/missions/components/mission-leaderboard-page.tsx'),
  luckyWheel: () => import('../../features/lucky/components/wheel-page.tsx'),
  goldenEggs: () => import('../../features/lucky/components/eggs-page.tsx'),
  raffle: () => import('../../features/lucky/components/raffle-page.tsx'),
  referral: () => import('../../features/referral/components/referral-page.tsx'),
  securityCenter: () => import('../../features/security/components/security-centre-page.tsx'),
  feedback: () => import('../../features/support/components/feedback-page.tsx'),
  responsibleGaming: () => import('../../features/protection/components/protection-page.tsx'),
  kyc: () => import('../../features/protection/kyc/components/kyc-page.tsx'),
} satisfies Record<MemberPage, () => Promise<unknown>>;
