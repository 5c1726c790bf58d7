/**
 * Missions and the mission leaderboard (issue 12 "Missions and leaderboard", spec section 2 `missionLeaderboard`
 * with its badge, section 7 the lottery's "mission summary and leaderboard"), zod-free so the member-centre menu can
 * import paths and vocabulary without the schemas (missions.ts re-exports this and adds them). The spec names the
 * calls without paths; they were chosen here, under `/wps/missions/`.
 */
export const MISSION_PATHS = {
  /** GET (token): the brand's missions of the current UTC day and ISO week, each with the member's progress. */
  list: '/wps/missions',
  /** GET (token): counts for the menu badge (claimable) and the lottery's mission summary, with the member's ranks. */
  summary: '/wps/missions/summary',
  /** POST (token, no trial): claim a completed mission of the current period; pays its reward once. */
  claim: '/wps/missions/:missionId/claim',
  /** GET (token) ?board=daily|weekly: the current period's leaderboard of mission points (names masked) and my rank. */
  leaderboard: '/wps/missions/leaderboard',
} as const;

/** Operator routes (header x-operator-key), until the console exists. Missions of the Merchant header's brand. */
export const OPS_MISSION_PATHS = {
  /** GET: every mission of the brand; POST: create one. */
  missions: '/ops/missions',
  /** PUT: change one (a change applies to progress from then on; `active: false` hides it). */
  mission: '/ops/missions/:missionId',
} as const;

/** A mission resets each UTC day (daily) or each ISO week, Monday 00:00 UTC (weekly). */
export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

/**
 * What a mission counts, in its period:
 * - `wager`: valid bets (minor units) of settled rounds, in one game category or all (`category` null);
 * - `deposit`: credited deposits (minor units);
 * - `distinctGames`: different games with a settled round (a count);
 * - `bigWin`: settled rounds whose win is at least `minWin` (a count).
 */
export const MISSION_GOALS = ['wager', 'deposit', 'distinctGames', 'bigWin'] as const;
export type MissionGoal = (typeof MISSION_GOALS)[number];

/** Game categories a wager mission may be limited to (the same words as the VIP rebate table). */
export const MISSION_CATEGORIES = ['slots', 'live', 'sports', 'fishing', 'pvp', 'lottery'] as const;
export type MissionCategory = (typeof MISSION_CATEGORIES)[number];

/** The category of a settled round's catalogue game type (no entry: the round counts only for "all games"). */
export const MISSION_CATEGORY_OF_GAME: Readonly<Record<string, MissionCategory>> = {
  RNG: 'slots',
  FISH: 'fishing',
  LIVE: 'live',
  PVP: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  LOTT: 'lottery',
  ELOTT: 'lottery',
};

/** A mission's state for the member: the Claim button's three states. */
export const MISSION_STATES = ['inProgress', 'claimable', 'claimed'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

/** How many leaderboard rows a member sees (their own rank comes apart when lower). */
export const MISSION_LEADERBOARD_SIZE = 50;
