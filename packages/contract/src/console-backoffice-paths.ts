/**
 * Console back office, lane C of issue 17 (decision 045): member records paged on the server, staff notes, the
 * deposits list, manual deposit credit with proof, the brand's two-person thresholds, daily reports, and scoped
 * operator API keys. Zod-free, like console-paths.ts; the schemas are in console-backoffice.ts.
 */
import { ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR, CONSOLE_API_PREFIX, WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR } from './console-paths.ts';

const P = CONSOLE_API_PREFIX;

export const BACKOFFICE_PATHS = {
  /** GET ?pageNo&pageSize → one page of a member's records of that kind (MEMBER_RECORD_KINDS), newest first. */
  memberRecords: `${P}/members/:memberId/records/:kind`,
  /** GET ?pageNo&pageSize → staff notes, newest first; POST { body } → added (audited). */
  memberNotes: `${P}/members/:memberId/notes`,
  /** GET ?status&gateway&q(member username prefix)&from&to&sort&order&pageNo&pageSize → deposits with gateway status. */
  deposits: `${P}/deposits`,
  /** GET (same query) → text/csv. */
  depositsCsv: `${P}/deposits.csv`,
  /**
   * GET ?status&pageNo&pageSize → manual deposits. POST multipart (fields memberId, amount, reference, reason,
   * idempotencyKey; one file `proof`, png or jpg by content) → applied at once at or under the brand's threshold,
   * else PENDING for a different staff member.
   */
  manualDeposits: `${P}/manual-deposits`,
  /** GET → the proof image (served as an image only, never cached). */
  manualDepositProof: `${P}/manual-deposits/:manualDepositId/proof`,
  /** POST → the second, different staff member approves; the credit posts. */
  manualDepositApprove: `${P}/manual-deposits/:manualDepositId/approve`,
  /** POST { reason } */
  manualDepositReject: `${P}/manual-deposits/:manualDepositId/reject`,
  /** GET → the brand's two-person thresholds; PUT { adjustment, withdrawal, manualDeposit } (owner, admin). */
  thresholds: `${P}/settings/thresholds`,
  /** GET ?from&to&sort&order&pageNo&pageSize → daily figures of the brand's days (from the rollups). */
  reportDaily: `${P}/reports/daily`,
  /** GET ?from&to&sort&order → text/csv. */
  reportDailyCsv: `${P}/reports/daily.csv`,
  /**
   * GET ?by(category|vendor)&from&to&sort&order&pageNo&pageSize → bets, wins, GGR, bet and round counts and players
   * per game category or per vendor over the brand's days (from the game_report_daily rollup, decision 059).
   */
  reportGames: `${P}/reports/games`,
  /** GET ?by&from&to&sort&order → text/csv. */
  reportGamesCsv: `${P}/reports/games.csv`,
  /** GET → operator API keys of the brand (never the keys); POST { label, scopes } → created, the key shown once. */
  operatorKeys: `${P}/operator-keys`,
  /** POST → a new key with the same scopes; the old one is revoked in the same transaction. The new key shown once. */
  operatorKeyRotate: `${P}/operator-keys/:keyId/rotate`,
  /** POST { reason } → revoked at once. */
  operatorKeyRevoke: `${P}/operator-keys/:keyId/revoke`,
} as const;

export type BackofficePathKey = keyof typeof BACKOFFICE_PATHS;

export function backofficePath(key: BackofficePathKey, params: Record<string, string | number> = {}): string {
  return BACKOFFICE_PATHS[key].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`backofficePath(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const MEMBER_RECORD_KINDS = ['ledger', 'bets', 'deposits', 'withdrawals', 'sessions', 'logins'] as const;
export type MemberRecordKind = (typeof MEMBER_RECORD_KINDS)[number];

export const DEPOSIT_SORTS = ['createdAt', 'amount'] as const;
export const REPORT_DAILY_SORTS = [
  'day',
  'deposits',
  'withdrawals',
  'bets',
  'wins',
  'ggr',
  'bonuses',
  'ngr',
  'newPlayers',
  'activePlayers',
] as const;
export type ReportDailySort = (typeof REPORT_DAILY_SORTS)[number];
/** The report by game: one row per game category (game type) or per vendor. */
export const REPORT_GAME_DIMENSIONS = ['category', 'vendor'] as const;
export type ReportGameDimension = (typeof REPORT_GAME_DIMENSIONS)[number];
export const REPORT_GAME_SORTS = ['key', 'bets', 'wins', 'ggr', 'betCount', 'rounds', 'players'] as const;
export type ReportGameSort = (typeof REPORT_GAME_SORTS)[number];

export const MANUAL_DEPOSIT_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;
export type ManualDepositStatus = (typeof MANUAL_DEPOSIT_STATUSES)[number];
/** The proof image: one png or jpg, at most this many bytes. */
export const MANUAL_DEPOSIT_PROOF_MAX_BYTES = 2 * 1024 * 1024;
/** The gateway and channel code of a staff-credited deposit order. */
export const MANUAL_DEPOSIT_GATEWAY = 'MANUAL';

/** Defaults of the brand's two-person thresholds (minor units) when the brand has set none. */
export const DEFAULT_THRESHOLDS_MINOR = {
  adjustment: ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR,
  withdrawal: WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR,
  manualDeposit: 1_000_000n, // ৳10,000.00
} as const;

/**
 * Scopes of operator API keys: one per /ops/* area. Each /ops/* plugin declares its scope to requireOperatorKey;
 * the env OPERATOR_API_KEY (the bootstrap key) holds every scope.
 */
export const OPERATOR_SCOPES = [
  'brand',
  'staff',
  'funds',
  'catalogue',
  'promotions',
  'loyalty',
  'envelopes',
  'agents',
  'support',
  'messages',
] as const;
export type OperatorScope = (typeof OPERATOR_SCOPES)[number];
/** A scoped key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const OPERATOR_KEY_PREFIX = 'pfk_';
