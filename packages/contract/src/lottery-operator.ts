/**
 * The lottery provider's operator API (decision 050): what the platform's console asks the lottery over HTTP to
 * oversee it: the brand's games (on/off), draws with their slips and exposure, and voiding a draw. Zod-free.
 *
 * Every call is signed by the platform with the lottery's operator secret (`deriveLotteryOperatorSecret` of the
 * house master secret, provider-signing.ts): header LOTTERY_OPERATOR_TIMESTAMP_HEADER (unix seconds, within
 * LOTTERY_OPERATOR_MAX_SKEW_SECONDS of the lottery's clock) and LOTTERY_OPERATOR_SIGNATURE_HEADER (hex HMAC-SHA256
 * of `${timestamp}.${METHOD} ${pathWithQuery}`). Calls carry no body, so the path and query are all there is to sign.
 *
 * Answers are `{ ok: true, … }` or `{ ok: false, code }` with a code of LOTTERY_OPERATOR_ERROR_CODES.
 */
import type { LotteryFormat, LotteryGameKind, LotteryResult } from './lottery-fair.ts';

export const LOTTERY_OPERATOR_TIMESTAMP_HEADER = 'x-lotto-operator-timestamp';
export const LOTTERY_OPERATOR_SIGNATURE_HEADER = 'x-lotto-operator-signature';
export const LOTTERY_OPERATOR_MAX_SKEW_SECONDS = 300;

export const LOTTERY_OPERATOR_PATHS = {
  /** GET → { games: LotteryOperatorGame[] } (inactive ones too). */
  games: '/lotto/operator/games',
  /** POST → { game, changed } */
  gameEnable: (code: string) => `/lotto/operator/games/${encodeURIComponent(code)}/enable`,
  gameDisable: (code: string) => `/lotto/operator/games/${encodeURIComponent(code)}/disable`,
  /** GET ?game&status&limit&before(ISO draws_at) → { draws: LotteryOperatorDraw[] }, newest first. */
  draws: '/lotto/operator/draws',
  /** GET → LotteryOperatorDrawDetail */
  draw: (drawId: string) => `/lotto/operator/draws/${encodeURIComponent(drawId)}`,
  /** POST → LotteryOperatorVoidAnswer. Repeating it is safe: it answers `already_void` and refunds what is left. */
  drawVoid: (drawId: string) => `/lotto/operator/draws/${encodeURIComponent(drawId)}/void`,
  /** GET → { games: LotteryOperatorGame[], own } : the brand's own configuration, else the default one (decision 054). */
  brandGames: (brand: string) => `/lotto/operator/brands/${encodeURIComponent(brand)}/games`,
  /** PUT LotteryOddsEdit → { before, game }: the brand's odds and limits of one game (its own rows made first). */
  brandGame: (brand: string, code: string) => `/lotto/operator/brands/${encodeURIComponent(brand)}/games/${encodeURIComponent(code)}`,
} as const;

/** An operator's change of one game's odds and limits for a brand (decision 054); amounts in minor units. */
export interface LotteryOddsEdit {
  closeBeforeSeconds: number;
  maxExposure: string;
  betTypes: { code: string; odds: string | null; minStake: string; maxStake: string; maxPerNumber: string }[];
}

export const LOTTERY_OPERATOR_ERROR_CODES = [
  'UNAUTHORIZED',
  'BAD_REQUEST',
  'UNKNOWN_GAME',
  'UNKNOWN_DRAW',
  'DRAW_NOT_VOIDABLE',
  'ODDS_INVALID',
] as const;
export type LotteryOperatorErrorCode = (typeof LOTTERY_OPERATOR_ERROR_CODES)[number];

/** Draw statuses as the lottery stores them. */
export const LOTTERY_OPERATOR_DRAW_STATUSES = ['open', 'drawn', 'settled', 'void'] as const;
export type LotteryOperatorDrawStatus = (typeof LOTTERY_OPERATOR_DRAW_STATUSES)[number];

/** Slip statuses as the lottery stores them (decision 039). */
export const LOTTERY_SLIP_STATUSES = ['pending', 'open', 'winning', 'settled', 'voiding', 'void', 'win_refused'] as const;
export type LotterySlipStatus = (typeof LOTTERY_SLIP_STATUSES)[number];

export interface LotteryOperatorBetType {
  code: string;
  name: { en: string; bn: string };
  /** Gross decimal odds ("3.5"), or null when they vary (by sum, or keno's paytable). */
  odds: string | null;
  /** Stated return, percent with 2 decimals. */
  rtp: string;
  minStake: string;
  maxStake: string;
  maxPerNumber: string;
}

export interface LotteryOperatorGame {
  code: string;
  kind: LotteryGameKind;
  format: LotteryFormat;
  name: { en: string; bn: string };
  active: boolean;
  closeBeforeSeconds: number;
  maxLines: number;
  /** The house's worst-case payout limit on one number of one bet type in one draw (minor units). */
  maxExposure: string;
  /** A short human description of the schedule ("every 1 min", "daily 18:15"), as configured. */
  schedule: unknown;
  betTypes: LotteryOperatorBetType[];
}

export interface LotteryOperatorDraw {
  drawId: string;
  gameCode: string;
  drawNumber: string;
  status: LotteryOperatorDrawStatus;
  closesAt: string;
  drawsAt: string;
  /** Published when the draw was created (before betting). */
  serverSeedHash: string;
  /** Only once drawn. */
  result: LotteryResult | null;
  drawnAt: string | null;
  settledAt: string | null;
  slips: number;
  /** Σ stakes of its slips that took money (not refunded) and Σ payouts fixed so far, minor units. */
  stake: string;
  payout: string;
}

export interface LotteryOperatorSlip {
  slipId: string;
  /** `<vendor>:<platform player id>` */
  playerKey: string;
  status: LotterySlipStatus;
  totalStake: string;
  totalPayout: string | null;
  lines: number;
  placedAt: string;
  settledAt: string | null;
}

export interface LotteryOperatorDrawDetail {
  draw: LotteryOperatorDraw;
  /** Slips by status. */
  counts: Partial<Record<LotterySlipStatus, number>>;
  /** The highest worst-case payouts per number (bet type + number), highest first; with the game's limit. */
  exposure: { numberKey: string; payout: string }[];
  maxExposure: string | null;
  slips: LotteryOperatorSlip[];
}

export interface LotteryOperatorVoidAnswer {
  outcome: 'voided' | 'already_void';
  draw: LotteryOperatorDraw;
  counts: Partial<Record<LotterySlipStatus, number>>;
  /** Slips refunded by this call (their rollback answered). Others left `voiding` are repeated by the draw loop. */
  refunded: number;
}
