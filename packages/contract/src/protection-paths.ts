/**
 * Player protection (issue 18, decision 043): paths and vocabulary, zod-free so the web's first bundle may import
 * them. Schemas are in protection.ts.
 */
export const PROTECTION_PATHS = {
  /** GET: limits with their use, pending raises, the block (cool-off / self-exclusion), reality-check setting. */
  status: '/wps/protection',
  /** PUT: set, lower, raise or remove one limit (raising or removing waits 24 hours, then needs confirmation). */
  limit: '/wps/protection/limits',
  /** POST: confirm a pending raise or removal whose 24 hours are over. */
  confirm: '/wps/protection/limits/confirm',
  /** POST: withdraw a pending raise or removal (the current, lower limit stays). */
  cancel: '/wps/protection/limits/cancel',
  /** PUT: the reality-check interval in minutes (0 = off). */
  realityCheck: '/wps/protection/reality-check',
  /** GET: this session's start, time played and net result, for the reality check. */
  session: '/wps/protection/session',
  /** POST: start a cool-off or a self-exclusion (cannot be undone early). */
  block: '/wps/protection/block',
} as const;

/** Staff: a member's limits and block, read-only (permission members.read). */
export const consoleMemberProtectionPath = (memberId: number | string) => `/console/api/members/${memberId}/protection`;
export const CONSOLE_MEMBER_PROTECTION_ROUTE = '/console/api/members/:memberId/protection';

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS', 'WAGER'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Every limit a member may set: money limits per period (minor units) and the daily session time (minutes). */
export const LIMIT_NAMES = [
  'DEPOSIT_DAY',
  'DEPOSIT_WEEK',
  'DEPOSIT_MONTH',
  'LOSS_DAY',
  'LOSS_WEEK',
  'LOSS_MONTH',
  'WAGER_DAY',
  'WAGER_WEEK',
  'WAGER_MONTH',
  'SESSION_DAY',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

export const MONEY_LIMIT_NAMES = LIMIT_NAMES.filter((n) => n !== 'SESSION_DAY') as Exclude<LimitName, 'SESSION_DAY'>[];

/** A raise or removal takes effect after this long, and then only once the member confirms it. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** A session time limit is 1 minute to 24 hours a day. */
export const SESSION_LIMIT_MAX_MINUTES = 24 * 60;

/** Reality-check intervals the member can choose (minutes; 0 = off). */
export const REALITY_CHECK_CHOICES = [0, 15, 30, 45, 60, 90, 120] as const;

export const BLOCK_KINDS = ['COOL_OFF', 'SELF_EXCLUSION'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** Cool-off: 24 hours to 6 weeks. Self-exclusion: 6 months to permanent (durations in the contract, not free input). */
export const COOL_OFF_CHOICES = ['1D', '3D', '1W', '2W', '4W', '6W'] as const;
export const SELF_EXCLUSION_CHOICES = ['6M', '1Y', '2Y', '5Y', 'PERMANENT'] as const;
export type BlockDuration = (typeof COOL_OFF_CHOICES)[number] | (typeof SELF_EXCLUSION_CHOICES)[number];

/** The end of a block of `duration` starting at `from`; null for a permanent self-exclusion. Months are calendar months (UTC). */
export function blockEnd(duration: BlockDuration, from: Date): Date | null {
  const day = 86_400_000;
  const addMonths = (m: number) => {
    const d = new Date(from.getTime());
    d.setUTCMonth(d.getUTCMonth() + m);
    return d;
  };
  switch (duration) {
    case '1D':
      return new Date(from.getTime() + day);
    case '3D':
      return new Date(from.getTime() + 3 * day);
    case '1W':
      return new Date(from.getTime() + 7 * day);
    case '2W':
      return new Date(from.getTime() + 14 * day);
    case '4W':
      return new Date(from.getTime() + 28 * day);
    case '6W':
      return new Date(from.getTime() + 42 * day);
    case '6M':
      return addMonths(6);
    case '1Y':
      return addMonths(12);
    case '2Y':
      return addMonths(24);
    case '5Y':
      return addMonths(60);
    case 'PERMANENT':
      return null;
  }
}

/** The minimum age a brand may require at registration (spec §5 and §9: 18 or 21). */
export const MINIMUM_AGE_CHOICES = [18, 21] as const;
export type MinimumAge = (typeof MINIMUM_AGE_CHOICES)[number];
