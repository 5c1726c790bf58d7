/**
 * The points mall (spec sections 1, 2, 3, 4, 6, 7 "Points", 9 "points never expire"), zod-free so a
 * screen can import paths and vocabulary without the schemas (points.ts re-exports this and adds them).
 * The spec names the calls without paths; they were chosen here, under `/wps/points/`.
 */
export const POINTS_PATHS = {
  /** GET (token): the member's current points and what a convert would pay. */
  balance: '/wps/points/balance',
  /** GET (token) ?kind&sort: the brand's reward list, each with its stock and whether this member may redeem it. */
  rewards: '/wps/points/rewards',
  /** POST E-sealed (token, no trial): redeem a reward; points and stock are reserved at once (in process). */
  redeem: '/wps/points/redeem',
  /** GET (token) ?status&pageNo&pageSize: the member's redemptions, newest first (redeem history). */
  redemptions: '/wps/points/redemptions',
  /** GET (token): the brand's points configuration: earning rates per type and the conversion ratio (rules page). */
  config: '/wps/points/config',
  /** GET (token) ?type&pageNo&pageSize: every earning and spending of the member's points (points details). */
  details: '/wps/points/details',
  /** POST E-sealed (token, no trial): convert points to cash in the main wallet at the configured ratio. */
  convert: '/wps/points/convert',
} as const;

/** A reward's picture, drawn locally as SVG (no token: an <img> sends none). `:file` is `<picture key>.svg`. */
export const POINTS_PICTURE_PATH = '/cdn/points/:file' as const;
export const pointsPictureUrl = (picture: string) => `/cdn/points/${encodeURIComponent(picture)}.svg`;

/** Operator routes (header x-operator-key), until the console exists. */
export const OPS_POINTS_PATHS = {
  /** GET ?status&pageNo&pageSize: redemptions, oldest in-process first when filtered by it. */
  redemptions: '/ops/points/redemptions',
  /** POST { referenceNo?, remark? }: approve (goods: shipped with a transaction reference; cash: credited; voucher: issued). */
  approve: '/ops/points/redemptions/:orderNo/approve',
  /** POST { reason }: reject; the points and the stock go back exactly. */
  reject: '/ops/points/redemptions/:orderNo/reject',
  /** GET / PUT: the brand's (Merchant header) earning rates and conversion ratio. */
  config: '/ops/points/config',
} as const;

/**
 * Point types (spec section 3): the five earning categories, deposit, and redeem (spending). `refund` (a rejected
 * redemption's points coming back) and `convert` (points turned into cash) complete the ledger.
 */
export const POINT_EARN_TYPES = ['live', 'lottery', 'pvp', 'slots', 'sports', 'deposit'] as const;
export const POINT_TYPES = [...POINT_EARN_TYPES, 'redeem', 'refund', 'convert'] as const;
export type PointType = (typeof POINT_TYPES)[number];
export type PointEarnType = (typeof POINT_EARN_TYPES)[number];

/** Which point type a settled round of each catalogue game type earns (no entry: that type earns nothing). */
export const POINT_TYPE_OF_GAME: Readonly<Record<string, Exclude<PointEarnType, 'deposit'>>> = {
  RNG: 'slots',
  FISH: 'slots',
  LIVE: 'live',
  PVP: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  LOTT: 'lottery',
  ELOTT: 'lottery',
};

/** Reward kinds: goods shipped to a receiving address, cash credited to the main wallet, a free-spin voucher. */
export const REWARD_KINDS = ['GOODS', 'CASH', 'VOUCHER'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const REWARD_SORTS = ['default', 'priceAsc', 'priceDesc'] as const;
export type RewardSort = (typeof REWARD_SORTS)[number];

/** Redeem statuses (spec section 4): in process → approved | rejected. */
export const REDEEM_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export type RedeemStatus = (typeof REDEEM_STATUSES)[number];

/** Why a member may not redeem a reward now (spec section 6: "redeemable only when conditions are met"). */
export const REDEEM_BLOCKS = ['outOfStock', 'vipLevel', 'mobileNotVerified', 'limitReached', 'notEnoughPoints'] as const;
export type RedeemBlock = (typeof REDEEM_BLOCKS)[number];

/** Earning rates are points per this much valid bet or deposit, in minor units (৳100.00). */
export const POINTS_RATE_BASE_MINOR = 10_000n;
/** One redemption takes at most this many of a reward. */
export const MAX_REDEEM_QUANTITY = 99;
