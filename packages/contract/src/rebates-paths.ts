import { VIP_REBATE_CATEGORIES, type VipRebateCategory } from './vip-paths.ts';

/**
 * Rebates and cashback (issue 12 "Rebates and cashback", spec section 2 `manualRebate`), zod-free so the side menu
 * and the member centre can import paths and vocabulary without the schemas (rebates.ts re-exports this and adds
 * them). The spec names the page but no calls; the paths were chosen here, under `/wps/rebates/`.
 */
export const REBATE_PATHS = {
  /** GET (token): the rebate accrued since the last payout per game category, the claim state, the brand's terms. */
  mine: '/wps/rebates/mine',
  /** POST (token, real account): claim the accrued rebate now (minimum amount, at most once per interval). */
  claim: '/wps/rebates/claim',
  /** GET (token): the member's rebate and cashback payouts, newest first, paged. */
  history: '/wps/rebates/history',
} as const;

/** Operator calls (behind the operator key, until the console exists). */
export const OPS_REBATE_PATHS = {
  /** GET / PUT: the brand's rebate and cashback settings (the Merchant header names the brand). */
  settings: '/ops/rebates/settings',
} as const;

/** The member-centre page (`/member?page=manualRebate`). */
export const MANUAL_REBATE_PAGE = 'manualRebate';

/** Rebates are given per game category: the VIP ladder's categories. */
export const REBATE_CATEGORIES = VIP_REBATE_CATEGORIES;
export type RebateCategory = VipRebateCategory;

/** The category of a settled round's game type (ROUND_SETTLED reference.gameType). Unknown types earn no rebate. */
export const REBATE_CATEGORY_OF_GAME: Readonly<Record<string, RebateCategory>> = {
  RNG: 'slots',
  SLOT: 'slots',
  FISH: 'fishing',
  LIVE: 'live',
  PVP: 'pvp',
  CARD: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  LOTT: 'lottery',
  ELOTT: 'lottery',
};

/** How often the automatic rebate payout runs (UTC days; weeks start on Monday). */
export const REBATE_PERIODS = ['DAILY', 'WEEKLY'] as const;
export type RebatePeriod = (typeof REBATE_PERIODS)[number];
/** The cashback period: net loss is counted over one (UTC; weeks start on Monday). */
export const CASHBACK_PERIODS = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type CashbackPeriod = (typeof CASHBACK_PERIODS)[number];

export const REBATE_PAYOUT_KINDS = ['REBATE', 'CASHBACK'] as const;
export type RebatePayoutKind = (typeof REBATE_PAYOUT_KINDS)[number];
/** AUTO: paid by the periodic job; MANUAL: claimed by the member. */
export const REBATE_PAYOUT_SOURCES = ['AUTO', 'MANUAL'] as const;
export type RebatePayoutSource = (typeof REBATE_PAYOUT_SOURCES)[number];

/** Why the Claim button is off: nothing to do with the page's state otherwise. */
export const REBATE_CLAIM_BLOCKS = ['DISABLED', 'TRIAL', 'BELOW_MINIMUM', 'TOO_SOON'] as const;
export type RebateClaimBlock = (typeof REBATE_CLAIM_BLOCKS)[number];

/** 10,000 basis points = 100 %. */
export const BPS_ONE = 10_000;
