/** Business constants of spec section 9 and the brand vocabulary of section 3. */

/**
 * The brand's day: Bangladesh time (UTC+6, no daylight saving). Records, reports and their date filters count by it,
 * on the server and in the console. A per-brand time zone column would replace this constant.
 */
export const BRAND_UTC_OFFSET_MINUTES = 360;

export const PLATFORM = 'WEB' as const;
export const CLIENT_TYPE = 3 as const;
export const GAME_PLATFORM = 'flash,html5-desktop' as const;
export const FAVOURITE_PLATFORM = 'flash' as const;

export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_RESTRICTED: 2 } as const;
export type SystemStatusCode = (typeof SYSTEM_STATUS)[keyof typeof SYSTEM_STATUS];

export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'AGENTPOLICY3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
] as const;
export type WhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

/** Feature switches the spec mentions beside the whitelabel flags (phone reset, contract and salary menus, VIP, referral). */
export const FEATURE_FLAGS = [
  'PHONE_PASSWORD_RESET',
  'CONTRACT_DIVIDEND',
  'CONTRACT_SALARY',
  'CONTRACT_HOUR_SALARY',
  'CONTRACT_REALTIME_SALARY',
  'VIP',
  'REFERRAL',
  'SOCIAL_LOGIN',
  /** Lobby: leave out entries whose provider is not connected (sports, e-sports, cockfight, rummy, ludo) instead of badging them. */
  'HIDE_UNCONNECTED_GAMES',
  /** Lobby: leave out titles with no game of their own here (they play a house game for fun) instead of badging them "demo only". */
  'HIDE_DEMO_ONLY_GAMES',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const PRIZE_MODES = { ModeLott: 'LOTT', ModeZy: 'ZY', ModeElott: 'ELOTT', ModeSea: 'SEA' } as const;
export const AGENT_ACCOUNT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_ACCOUNT_TYPE = 4 as const;
export const MEMBER_ACCOUNT_TYPE = 0 as const;

export const SUPPORTED_LANGUAGES = ['BN', 'EN'] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'BN';

export const GAME_CATEGORIES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Path prefix → game category (spec section 2). */
export const CATEGORY_PATHS: Record<string, GameCategory> = {
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/live': 'LIVE',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
  '/fish': 'FISH',
  '/pvp': 'PVP',
  '/rng': 'RNG',
};

/** Navigation tracking keys per category; promo has an empty key. */
export const TRACKING_KEYS = {
  HOME: 'w_home',
  RNG: 'w_rng',
  LIVE: 'w_live',
  FISH: 'w_fish',
  PVP: 'w_pvp',
  SPORTS: 'w_sports',
  ESPORTS: 'w_esports',
  ELOTT: 'w_elott',
  LOTT: 'w_lott',
  PROMO: '',
} as const;

export const FOOTER_VENDORS = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'] as const;
export const BANNER_GROUPS = ['w_login', 'w_register', 'w_leftmenu', 'w_home'] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];
export const POPUP_EXECUTIONS = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof POPUP_EXECUTIONS)[number];
export const NOTICE_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;

export const LIMITS = {
  captchaRefreshMs: 1000,
  smsButtonThrottleMs: 1000,
  favouriteToggleThrottleMs: 1000,
  tooManyRequestsCooldownMs: 5 * 60 * 1000,
  rememberLoginMs: 86_400_000,
  announcementsPerPage: 9,
  activityCommentMax: 140,
  uploadMaxImages: 3,
  uploadMaxBytes: 5 * 1024 * 1024,
  verificationCodeMax: 255,
  winnerBoardLimit: 100,
  winnerBoardRankIcons: 5,
  homePageSize: 12,
  sectionPageSize: 24,
  homeSectionItems: 5,
  popularPageSize: 999,
  bannerAutoplayMs: 5000,
  bannerSpeedMs: 1000,
  gridColumns: 6,
  paginatorMargin: 2,
  paginatorRange: 5,
  chunkLoadTimeoutMs: 120_000,
  captchaTtlMs: 5 * 60 * 1000,
} as const;
