/**
 * VIP levels (issue 12 "VIP", spec sections 3, 6, 8), zod-free so the header and the side menu can import paths and
 * vocabulary without the schemas (vip.ts re-exports this and adds them). The spec names the calls without paths;
 * they were chosen here, under `/wps/vip/`.
 */
export const VIP_PATHS = {
  /** GET (token): the brand's level table (thresholds, bonuses, rebate rates, withdrawal limits). */
  levels: '/wps/vip/levels',
  /** GET (token): the member's level, the next one, progress over the rolling window, and the VIP bonus history. */
  mine: '/wps/vip/mine',
} as const;

/** The operator's calls (until the console), behind the operator key; the brand is the Merchant header's. */
export const VIP_OPS_PATHS = {
  /** GET: the brand's ladder with both names and icon keys. */
  levels: '/ops/vip/levels',
  /** PUT: one level's whole definition; the ladder must still rise with the level. */
  level: '/ops/vip/levels/:level',
} as const;

/** The icon keys a level may use (each drawn at `/cdn/vip/<key>.svg`). */
export const VIP_ICON_KEYS = ['bronze', 'silver', 'gold', 'platinum', 'emerald', 'sapphire', 'ruby', 'diamond'] as const;

/** A level's icon, drawn locally as SVG (no token: an <img> sends none). `:file` is `<icon key>.svg`. */
export const VIP_ICON_PATH = '/cdn/vip/:file' as const;
export const vipIconUrl = (icon: string) => `/cdn/vip/${encodeURIComponent(icon)}.svg`;

/** Levels are 0 (the entry level) to 7. */
export const VIP_MAX_LEVEL = 7;
/** Progress counts valid bets and deposits of the last 30 days (a rolling window). */
export const VIP_WINDOW_DAYS = 30;
/** The game categories a level's rebate rate is given for (basis points of the valid bet). */
export const VIP_REBATE_CATEGORIES = ['slots', 'live', 'sports', 'fishing', 'pvp', 'lottery'] as const;
export type VipRebateCategory = (typeof VIP_REBATE_CATEGORIES)[number];
export const VIP_BONUS_KINDS = ['LEVEL_UP', 'MONTHLY'] as const;
export type VipBonusKind = (typeof VIP_BONUS_KINDS)[number];
