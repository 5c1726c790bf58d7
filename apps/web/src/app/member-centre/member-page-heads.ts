import type { MemberPage } from './member-centre-pages.ts';

/**
 * A member page's heading and lead as catalogue keys (`namespace:key`); no lead where the page's own depends on data;
 * `noLeadWith`: the page leaves its lead out when the address has this query parameter; `leadWhen: 'transferWallets'`:
 * the page draws its lead only on a brand with transfer-mode wallets (the merchant wallet is not single).
 */
export type MemberPageHead = { title: string; lead?: string; noLeadWith?: string; leadWhen?: 'transferWallets' };

/**
 * The heading (h2) and lead every member-centre page draws first, before its own data, in the shared page frame
 * (ui/page-states.tsx MemberPageFrame, features/wallet WalletPage and the pages that write the same markup). The web
 * build writes their texts into boot-text.json (vite.config.ts), and the server draws them into a member page's boot
 * screen (apps/server/src/features/web/boot-screen.ts), so a phone paints the page's lead, its largest text, with the
 * HTML. Change a page's heading or lead here as well; member-page-heads.test.ts reads each page's file for its keys.
 * Left out: a lead that depends on the member or the page's data (the messages' unread count, the upline page's agent
 * wording), and the betting record, whose heading is laid out with its filters. The transfer page's lead depends on the
 * brand's wallet mode, which the server knows (leadWhen).
 */
export const MEMBER_PAGE_HEADS: Record<MemberPage, MemberPageHead | null> = {
  transferFund: { title: 'wallet:transfer.title', lead: 'wallet:transfer.lead', leadWhen: 'transferWallets' },
  // An order being followed (`&order=`) shows its status under the title instead.
  depositv2: { title: 'wallet:deposit.title', lead: 'wallet:deposit.lead', noLeadWith: 'order' },
  withdraw: { title: 'wallet:withdraw.title', lead: 'wallet:withdraw.lead' },
  transferUpline: { title: 'wallet:upline.title' },
  transactionHistory: { title: 'wallet:records.historyTitle' },
  personalProfit: { title: 'wallet:records.profitTitle', lead: 'wallet:records.profitLead' },
  messageV2: { title: 'messages:title' },
  personalHistoryCopy: null,
  securityCenter: { title: 'security:title', lead: 'security:lead' },
  responsibleGaming: { title: 'protection:title', lead: 'protection:lead' },
  bonusDetails: { title: 'promotions:bonus.title', lead: 'promotions:bonus.lead' },
  rewardCenter: { title: 'promotions:rewards.title', lead: 'promotions:rewards.lead' },
  vip: { title: 'promotions:vip.title', lead: 'promotions:vip.lead' },
  referral: { title: 'referral:title', lead: 'referral:lead' },
  missionLeaderboard: { title: 'missions:title', lead: 'missions:lead' },
  manualRebate: { title: 'rebates:title', lead: 'rebates:lead' },
  luckyWheel: { title: 'lucky:wheel.title', lead: 'lucky:wheel.lead' },
  goldenEggs: { title: 'lucky:eggs.title', lead: 'lucky:eggs.lead' },
  raffle: { title: 'lucky:raffle.title', lead: 'lucky:raffle.lead' },
  feedback: { title: 'support:feedback.title', lead: 'support:feedback.lead' },
  kyc: { title: 'kyc:title', lead: 'kyc:lead' },
};
