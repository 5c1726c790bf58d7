/**
 * The built-in lottery provider (issue 16, decision 039): its JSON API as the
 * game client (apps/lottery/src/client) calls it, the launch page path, and the
 * vocabulary of games, bet types, draws and slips. Zod-free (schemas are in
 * lottery-schemas.ts); the pure result derivation is in lottery-fair.ts.
 *
 * Every answer is `{ ok: true, … }` or `{ ok: false, code, message }` (message in
 * the session's language, code one of LOTTERY_ERROR_CODES). Money is a string of
 * minor units; times are ISO strings. Calls after POST /session carry the session
 * id in the LOTTERY_SESSION_HEADER header.
 *
 * Kept additive: change nothing here that the client already uses.
 */
import type { LotteryFormat, LotteryGameKind, LotteryResult } from './lottery-fair.ts';

export type { LotteryFormat, LotteryGameKind, LotteryPrizeTier, LotteryResult } from './lottery-fair.ts';
export {
  drawResult,
  KENO_DRAWN,
  KENO_POOL,
  LotteryStream,
  lotteryPublicData,
  lotterySeedHash,
  resultFrom,
  SEA_TIERS,
  sameLotteryResult,
  tiersOf,
  VN_NORTH_TIERS,
  VN_SOUTH_TIERS,
  verifyDraw,
} from './lottery-fair.ts';

/** Where the lottery provider is mounted on the site (beside HOUSE_PREFIX in play-paths.ts). */
export { LOTTERY_PREFIX } from './play-paths.ts';

/** The launch page (LOT-W serves it): `/lotto/play?vendor&token&view&game&lang&backUrl&prizeMode&theme`. */
export const LOTTERY_PAGE_PATH = '/lotto/play';
/** The public verify page: `/lotto/verify?draw=<drawId>&lang&theme&backUrl`. */
export const LOTTERY_VERIFY_PAGE_PATH = '/lotto/verify';
/** The session header of every API call after POST /session. */
export const LOTTERY_SESSION_HEADER = 'x-lotto-session';

export const LOTTERY_API_PREFIX = '/lotto/api';

export const LOTTERY_PATHS = {
  /** POST { vendor, token, game? } → LotterySessionAnswer (authenticates the launch token with the platform wallet). */
  session: '/lotto/api/session',
  /** GET (session) → { balance }: the wallet balance, fresh from the platform. */
  balance: '/lotto/api/balance',
  /** GET (session) → { games: LotteryGameView[] }: the brand's games with bet types, odds and limits. */
  games: '/lotto/api/games',
  /** GET (session) → LotteryCurrentDrawAnswer: the draw taking bets now (or the next one). */
  currentDraw: (gameCode: string) => `/lotto/api/games/${encodeURIComponent(gameCode)}/draws/current`,
  /** GET (session) ?limit (1..50, default 10) → { draws: LotteryDrawView[] }: the last drawn draws, newest first. */
  results: (gameCode: string) => `/lotto/api/games/${encodeURIComponent(gameCode)}/results`,
  /** POST (session) LotterySlipRequest → { slip, balance }; GET (session) ?status=open|settled&limit → { slips }. */
  slips: '/lotto/api/slips',
  /** GET (no session needed) → LotteryVerifyAnswer for a drawn draw. */
  verify: (drawId: string) => `/lotto/api/verify/${encodeURIComponent(drawId)}`,
} as const;

/** What the launch asks the page to show first. */
export const LOTTERY_VIEWS = ['betting', 'lobby'] as const;
export type LotteryView = (typeof LOTTERY_VIEWS)[number];

/** The platform's vendors whose games this provider plays. */
export const LOTTERY_VENDORS = ['LOTT', 'ELOTT', 'TCG_LOTTO_VN', 'TCG_SEA'] as const;
export type LotteryVendor = (typeof LOTTERY_VENDORS)[number];

export const LOTTERY_GAME_KINDS = ['VN', 'SEA', 'ELOTT', 'LOTT'] as const satisfies readonly LotteryGameKind[];

/** The games of the demo brand (a brand may offer fewer; GET /games lists what it offers). */
export const LOTTERY_GAME_CODES = ['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH', 'SEA_6D', 'ELOTT_1', 'ELOTT_3', 'ELOTT_5', 'KENO_5'] as const;
export type LotteryGameCode = (typeof LOTTERY_GAME_CODES)[number];

/**
 * Bet types. Payout of a winning line = stake × odds (× hits for LO2/LO3, which pay
 * per prize number whose last digits match). Odds are gross (they include the stake).
 * - LO2 / LO3: lô, the last 2 / 3 digits of every prize number (of at least that many digits);
 * - DE / CANG3: đề / 3-càng, the last 2 / 3 digits of the special prize;
 * - SEA_SIX / SEA_LAST3 / SEA_LAST2: the first prize exactly / its last 3 / its last 2 digits;
 * - P3_EXACT: three digits in order; P3_BIG_SMALL: sum 14–27 BIG or 0–13 SMALL;
 *   P3_ODD_EVEN: the sum's parity; P3_SUM: the sum exactly (odds per sum);
 * - KENO: 1 to 10 distinct numbers of 1..80, paid by the paytable row of the pick count by hits.
 */
export const LOTTERY_BET_TYPES = [
  'LO2',
  'LO3',
  'DE',
  'CANG3',
  'SEA_SIX',
  'SEA_LAST3',
  'SEA_LAST2',
  'P3_EXACT',
  'P3_BIG_SMALL',
  'P3_ODD_EVEN',
  'P3_SUM',
  'KENO',
] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

/** How a line's numbers are picked. */
export type LotterySelection =
  /** exactly one number of `digits` digits, zero-padded ("07", "123"). */
  | { select: 'digits'; digits: number }
  /** exactly one of the choices (BIG/SMALL, ODD/EVEN, "0".."27"). */
  | { select: 'choice'; choices: string[] }
  /** min..max distinct numbers of 1..pool, as decimal strings without padding. */
  | { select: 'set'; pool: number; min: number; max: number };

export interface LotteryText {
  en: string;
  bn: string;
}

/** Limits of one bet type in one draw (minor units). */
export interface LotteryLimitsView {
  minStake: string;
  maxStake: string;
  /** one member's total stake on one number (or choice) in one draw. */
  maxPerNumber: string;
}

export interface LotteryBetTypeView {
  code: LotteryBetType;
  name: LotteryText;
  selection: LotterySelection;
  /** Gross odds as a decimal string ("3.5"): for every bet type except P3_SUM and KENO. */
  odds: string | null;
  /** P3_SUM: odds by sum ("0".."27"). */
  oddsByChoice: Record<string, string> | null;
  /** KENO: by pick count ("1".."10"), by hits ("0".."10") → gross odds; missing or "0" pays nothing. */
  paytable: Record<string, Record<string, string>> | null;
  /** The stated return in percent with two decimals ("94.50"); KENO: the lowest over pick counts. */
  rtp: string;
  limits: LotteryLimitsView;
}

/** When draws happen: every N minutes, daily at a time, or on days of the month at a time (Asia/Dhaka wall clock given in UTC). */
export type LotterySchedule =
  | { every: 'minutes'; minutes: number }
  | { every: 'day'; atUtc: string }
  | { every: 'month-days'; days: number[]; atUtc: string };

export interface LotteryGameView {
  code: string;
  kind: LotteryGameKind;
  format: LotteryFormat;
  name: LotteryText;
  schedule: LotterySchedule;
  /** Betting closes this many seconds before the draw time. */
  closeBeforeSeconds: number;
  betTypes: LotteryBetTypeView[];
  /** Most lines on one slip. */
  maxLines: number;
}

export const LOTTERY_DRAW_STATUSES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];

export interface LotteryDrawView {
  drawId: string;
  gameCode: string;
  /** The game's draw number, e.g. "20261126-0412" (date and sequence of the day). */
  drawNumber: string;
  status: LotteryDrawStatus;
  closesAt: string;
  drawsAt: string;
  serverSeedHash: string;
  /** Published with the hash: `${gameCode}:${drawNumber}:${salt}`. */
  publicData: string;
  /** Only once drawn. */
  serverSeed: string | null;
  result: LotteryResult | null;
  /** LOTTERY_VERIFY_PAGE_PATH?draw=… once drawn, else null. */
  verifyUrl: string | null;
}

export interface LotterySessionAnswer {
  ok: true;
  session: string;
  displayName: string;
  currency: string;
  /** The currency's symbol ("৳"). */
  symbol: string;
  language: 'en' | 'bn';
  balance: string;
  /** The brand's game codes, in lobby order. */
  games: string[];
}

export interface LotteryCurrentDrawAnswer {
  ok: true;
  draw: LotteryDrawView;
  /** The provider's clock, so the countdown does not trust the device's. */
  serverTime: string;
}

export interface LotterySlipLineRequest {
  betType: LotteryBetType;
  numbers: string[];
  /** minor units, a whole number string. */
  stake: string;
}

export interface LotterySlipRequest {
  game: string;
  drawId: string;
  lines: LotterySlipLineRequest[];
  /** The client's idempotency key (8..64 of A-Z a-z 0-9 _ -): a repeat answers the same slip and charges once. */
  requestId: string;
}

/** pending: the wallet has not answered the bet yet; open: accepted, waiting for the draw; settled: paid (or lost); void: refunded. */
export const LOTTERY_SLIP_STATUSES = ['pending', 'open', 'settled', 'void'] as const;
export type LotterySlipStatus = (typeof LOTTERY_SLIP_STATUSES)[number];

export interface LotterySlipLineView {
  betType: LotteryBetType;
  numbers: string[];
  stake: string;
  /** The odds accepted for this line (for KENO the paytable row, as JSON of hits → odds). */
  odds: string;
  /** null until settled. */
  hits: number | null;
  payout: string | null;
}

export interface LotterySlipView {
  slipId: string;
  gameCode: string;
  drawId: string;
  drawNumber: string;
  status: LotterySlipStatus;
  totalStake: string;
  /** null until settled; "0" for a losing slip; the refund for a void one. */
  totalPayout: string | null;
  placedAt: string;
  settledAt: string | null;
  lines: LotterySlipLineView[];
}

export interface LotteryVerifyAnswer {
  ok: true;
  drawId: string;
  gameCode: string;
  format: LotteryFormat;
  drawNumber: string;
  serverSeedHash: string;
  serverSeed: string;
  publicData: string;
  result: LotteryResult;
  /** How the result is derived, in words (EN). */
  derivation: string;
}

export const LOTTERY_ERROR_CODES = [
  'BAD_REQUEST',
  'BAD_LAUNCH',
  'SESSION_EXPIRED',
  'ACCOUNT_BLOCKED',
  'UNKNOWN_GAME',
  'UNKNOWN_DRAW',
  'DRAW_CLOSED',
  'DRAW_NOT_DRAWN',
  'BAD_BET_TYPE',
  'BAD_NUMBERS',
  'TOO_MANY_LINES',
  'STAKE_TOO_LOW',
  'STAKE_TOO_HIGH',
  'NUMBER_LIMIT',
  'EXPOSURE_LIMIT',
  'INSUFFICIENT_FUNDS',
  'WALLET_REFUSED',
  'WALLET_UNAVAILABLE',
  /** The member's own wager or loss limit, or a cool-off / self-exclusion (issue 18). */
  'PLAYER_LIMIT',
  'PLAYER_EXCLUDED',
] as const;
export type LotteryErrorCode = (typeof LOTTERY_ERROR_CODES)[number];

export interface LotteryErrorAnswer {
  ok: false;
  code: LotteryErrorCode;
  /** In the session's (or the request's `lang`) language. */
  message: string;
  balance?: string;
}

/** The platform's records show a lottery round's game as `<game code> #<draw number>`; its round id is the slip id. */
export const LOTTERY_ROUND_PREFIX = 'lotto-';

/**
 * The lottery game a platform catalogue game opens (the demo catalogue's lottery names, spec section 7's
 * lottoGameCode): by name first (Northern/Hanoi → VN_NORTH, Central → VN_CENTRAL, Southern/Saigon/Mekong →
 * VN_SOUTH, keno/happy 8/lotto → KENO_5, "3 min"/"5 min"/"1 min" fast games), else the vendor's main game.
 */
export function lotteryGameFor(vendor: string, gameName: string): LotteryGameCode {
  const name = gameName.toLowerCase();
  if (vendor === 'TCG_SEA') return 'SEA_6D';
  if (/north|hanoi/.test(name)) return 'VN_NORTH';
  if (/central/.test(name)) return 'VN_CENTRAL';
  if (/south|saigon|mekong/.test(name)) return 'VN_SOUTH';
  if (vendor === 'TCG_LOTTO_VN') return 'VN_NORTH';
  if (/keno|happy 8|lotto|daily|super/.test(name)) return 'KENO_5';
  if (/5 min/.test(name)) return 'ELOTT_5';
  if (/3 min|11 x 5|pk10|lucky 28/.test(name)) return 'ELOTT_3';
  return vendor === 'LOTT' ? 'KENO_5' : 'ELOTT_1';
}

/**
 * Spec section 7's lottery endpoints on the platform (GET, no login: public results). The spec gives
 * `/lgw/vn/games/game_menu`; the others were chosen beside it. Each answers the platform's envelope.
 */
export const LOTTERY_PLATFORM_PATHS = {
  /** ?prizeMode&device=WEB&language → { prizeMode, games: LotteryMenuGame[] }: the VN lotteries with their next and last draw. */
  vnGameMenu: '/lgw/vn/games/game_menu',
  /** ?language&limit (1..50, default 10) → { draws: LotteryOpenedDraw[] }: the latest draws of every game. */
  recentLottery: '/lgw/lottery/recentLottery',
  /** ?gameCode&language&limit → { draws: LotteryOpenedDraw[] }: opened numbers of a fast, keno or SEA game. */
  numero: '/lgw/lottery/numero',
  /** ?gameCode&language&limit → { draws: LotteryOpenedDraw[] }: opened prize numbers, by tier, of a VN game. */
  vnNumero: '/lgw/lottery/vnNumero',
  /**
   * (token) ?language → LotteryMissionSummary: today's and this week's missions that lottery play advances (a wager
   * on the lottery or on any game, different games, big wins), with my progress, the counts and my mission ranks.
   */
  missionSummary: '/lgw/lottery/missionSummary',
  /** ?board=daily|weekly&limit (1..50, default 20) → LotteryLeaderboard: the period's biggest lottery winners, masked. */
  leaderboard: '/lgw/lottery/leaderboard',
} as const;

/** Spec section 7's lottery mission summary (decision 054): missions are the missions feature's, filtered. */
export interface LotteryMissionSummary {
  missions: {
    id: number;
    period: 'daily' | 'weekly';
    title: string;
    goal: string;
    target: string;
    progress: string;
    percent: number;
    state: 'inProgress' | 'claimable' | 'claimed';
    rewardAmount: string;
    endsAt: string;
  }[];
  claimableCount: number;
  completedCount: number;
  totalCount: number;
  dailyRank: number | null;
  weeklyRank: number | null;
}

/** Spec section 7's lottery leaderboard: members of the brand by lottery winnings (minor units) in the period. */
export interface LotteryLeaderboard {
  board: 'daily' | 'weekly';
  /** When the period ends (a new board starts), ISO. */
  endsAt: string;
  entries: { rank: number; name: string; won: string; rounds: number }[];
}

export interface LotteryMenuGame {
  gameCode: string;
  kind: LotteryGameKind;
  name: string;
  nextDraw: { drawId: string; drawNumber: string; closesAt: string; drawsAt: string; serverSeedHash: string } | null;
  lastDraw: LotteryOpenedDraw | null;
}

export interface LotteryOpenedDraw {
  drawId: string;
  gameCode: string;
  name: string;
  drawNumber: string;
  drawsAt: string;
  /** The main numbers: VN/SEA the special (first) prize, ELOTT the three digits, LOTT the 20 numbers. */
  numbers: string[];
  /** VN/SEA: every tier's numbers; else null. */
  prizes: { tier: string; numbers: string[] }[] | null;
  verifyUrl: string;
}
