/**
 * The member centre's pages (spec section 2, "Member centre menu pages"), as
 * data: the menu order, which are built, and the old `?tab=` names the header
 * links used.
 */
export const MEMBER_PAGES = [
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'transactionHistory',
  'personalProfit',
  'messageV2',
  'personalHistoryCopy',
  'securityCenter',
  // limits, reality check, cool-off and self-exclusion (issue 18); linked from the security centre.
  'responsibleGaming',
  'bonusDetails',
  'rewardCenter',
  'vip',
  'referral',
  'missionLeaderboard',
  'manualRebate',
  'luckyWheel',
  'goldenEggs',
  'raffle',
  // the member's feedback and the operator's replies.
  'feedback',
  // identity verification (KYC) and the withdrawal rules it unlocks (issue 18).
  'kyc',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export const DEFAULT_MEMBER_PAGE: MemberPage = 'transferFund';

export const TAB_ALIASES: Record<string, MemberPage> = { deposit: 'depositv2', withdraw: 'withdraw', messages: 'messageV2' };

const isMemberPage = (v: string | null): v is MemberPage => v !== null && (MEMBER_PAGES as readonly string[]).includes(v);

/** `?page=depositv2` (or the older `?tab=deposit`) → the page to show; anything unknown → the default. */
export function memberPageOf(search: URLSearchParams): MemberPage {
  const page = search.get('page');
  if (isMemberPage(page)) return page;
  const tab = search.get('tab');
  return (tab && TAB_ALIASES[tab]) || DEFAULT_MEMBER_PAGE;
}
