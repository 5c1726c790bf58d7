/**
 * Promotions, rewards and bonus money (issue 11; spec sections 2, 3, 4 "activity states", 5 "activity comment").
 * Zod-free: the header and side menu import the paths and the vocabulary without the schemas (promotions.ts).
 * The spec names no paths for these calls; they were chosen here, under `/wps/`.
 */
export const PROMOTION_PATHS = {
  /** GET (token optional): the brand's promotions with each one's state for the caller; ?category= filters. */
  list: '/wps/promotions',
  /** GET (token optional): one promotion with its rules (sanitised HTML) and the caller's state. */
  detail: '/wps/promotions/:code',
  /** GET (token optional): `availablePromoCount` of the public state, the reward centre badge, whether a bonus is active. */
  summary: '/wps/promotions/summary',
  /** POST (token, no trial): join a promotion whose entry is "join first". */
  join: '/wps/promotions/:code/join',
  /** POST (token, no trial): apply for a promotion that an operator approves; body `{ note? }`. */
  apply: '/wps/promotions/:code/apply',
  /** POST (token, no trial): claim an earned reward (the promotion's current period). */
  claim: '/wps/promotions/:code/claim',
  /** GET (token): the caller's own comments on a promotion. POST multipart (token, no trial): `body` ≤ 140 characters and up to 3 png/jpg `image` files of ≤ 5 MB. */
  comments: '/wps/promotions/:code/comments',
  /** GET (token): one image of the caller's own comment. */
  commentImage: '/wps/promotions/:code/comments/:commentId/images/:imageId',
  /** GET (token): the promotions a deposit of `?amount=` may take part in (the deposit page's picker). */
  depositOffers: '/wps/promotions/deposit-offers',
  /** GET (token): the reward centre: the caller's entries with their states, and counts per state; ?pageNo&pageSize. */
  rewards: '/wps/rewards',
  /** GET (token): bonus details: the active bonus with its wagering progress, and earlier bonuses. */
  bonuses: '/wps/bonus',
  /** POST (token, no trial): cancel the active bonus `:grantId`; what is left of it goes back (forfeited). */
  cancelBonus: '/wps/bonus/:grantId/cancel',
} as const;

/** Operator API for promotions until the console exists (operator key). */
export const PROMOTION_OPS_PATHS = {
  /** GET: every promotion of the brand with its budget use. POST: create one. */
  promotions: '/ops/promotions',
  /** PUT: edit a promotion (the whole definition). */
  promotion: '/ops/promotions/:id',
  /** POST `{ status: ACTIVE | PAUSED | ENDED }`: pause, resume or end a promotion. */
  promotionStatus: '/ops/promotions/:id/status',
  /** GET: applications waiting for a decision. */
  applications: '/ops/promotions/applications',
  /** POST `{ approve, note? }`: approve (the bonus is issued) or reject an application. */
  decision: '/ops/promotions/participations/:id/decision',
  /** GET ?memberId&state: bonus grants. */
  grants: '/ops/bonus/grants',
} as const;

export const PROMOTION_CATEGORIES = ['WELCOME', 'RELOAD', 'CASHBACK', 'VIP', 'EVENT'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/**
 * A promotion as the caller sees it (spec section 4's activity states): comingSoon, join (joining: may join or
 * apply), joined (signed), process (bonus received, wagering in progress), claim (claimable), claimed, applying,
 * issued, rejected, close (ended, paused or not for this member).
 */
export const ACTIVITY_STATES = [
  'comingSoon',
  'join',
  'joined',
  'process',
  'claim',
  'claimed',
  'applying',
  'issued',
  'rejected',
  'close',
] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** The button a promotion shows for its state. `deposit`: qualify by depositing (the deposit page offers it). */
export const ACTIVITY_ACTIONS = ['join', 'apply', 'claim', 'deposit'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const BONUS_STATES = ['active', 'converted', 'forfeited', 'expired'] as const;
export type BonusState = (typeof BONUS_STATES)[number];
export const BONUS_END_REASONS = ['wagered', 'cancelled', 'expired', 'withdrawal', 'spent', 'operator'] as const;

/** Game categories a bonus's wagering counts, with the share of each stake (percent) a promotion sets. */
export const WAGERING_CATEGORIES = ['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'] as const;

/** Activity comment bounds (spec sections 5 and 9). */
export const ACTIVITY_COMMENT_MAX_CHARS = 140;
export const ACTIVITY_COMMENT_MAX_IMAGES = 3;
export const ACTIVITY_COMMENT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
