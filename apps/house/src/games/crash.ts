import { type RandomSource, uniform52 } from '../fair/random-source.ts';

/**
 * Crash with a 3 % house edge. The crash point, in hundredths, is
 * floor(97 x 2^52 / (2^52 - u)) for u uniform in [0, 2^52), never below 100 (1.00x).
 * A round with cash-out target T (hundredths) wins when crash >= T, which has chance
 * floor(97 x 2^52 / T) / 2^52 <= 97 / T, so the RTP is at most 97 % for every target
 * (short of it by under T / 2^52). The target is chosen before the round (auto cash-out),
 * so a round is one bet and one win.
 */
export const CRASH_HOUSE_EDGE_PERCENT = 3;
export const CRASH_STATED_RTP = 0.97;
export const CRASH_MIN_TARGET = 101;
export const CRASH_MAX_TARGET = 100_000;
export const CRASH_BETS: readonly bigint[] = [100n, 500n, 1000n, 2000n, 5000n, 10000n, 50000n];

const TWO_52 = 1n << 52n;

export function crashPointFromUniform(u: bigint): number {
  const hundredths = (BigInt(100 - CRASH_HOUSE_EDGE_PERCENT) * TWO_52) / (TWO_52 - u);
  return hundredths < 100n ? 100 : Number(hundredths > 100_000_000n ? 100_000_000n : hundredths);
}

export interface CrashRound {
  /** Hundredths: 250 is 2.50x. Capped at 1,000,000.00x for display. */
  crashPoint: number;
  target: number;
  cashedOut: boolean;
}

export function playCrashRound(source: RandomSource, target: number): CrashRound {
  const crashPoint = crashPointFromUniform(uniform52(source));
  return { crashPoint, target, cashedOut: crashPoint >= target };
}

/** The win in minor units (stake included), rounded down to a whole minor unit. */
export function crashWin(bet: bigint, round: CrashRound): bigint {
  return round.cashedOut ? (bet * BigInt(round.target)) / 100n : 0n;
}

/** Parses a target such as "2", "2.5" or "2.50" into hundredths; null when malformed or out of range. */
export function parseCrashTarget(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= CRASH_MIN_TARGET && hundredths <= CRASH_MAX_TARGET ? hundredths : null;
}
