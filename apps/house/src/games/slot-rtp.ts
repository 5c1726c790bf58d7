import {
  evaluateLine,
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARDED,
  LINES,
  REEL_STRIPS,
  ROWS,
  SCATTER,
  SCATTER_PAYS,
  SCATTERS_FOR_FREE_SPINS,
  SYMBOLS,
} from './slot.ts';

export interface SlotRtpBreakdown {
  /** Expected line pay per spin as a fraction of the total bet. */
  lines: number;
  /** Expected scatter pay per spin as a fraction of the total bet. */
  scatter: number;
  /** Probability that a paid spin triggers free spins. */
  freeSpinChance: number;
  /** Expected free-spin pay per paid round as a fraction of the total bet. */
  freeSpins: number;
  /** The whole round's return to player. */
  total: number;
}

/**
 * The exact RTP of the slot. Every reel stop is equally likely and the reels are
 * independent, so the symbol a payline sees on reel r is distributed as that reel's
 * strip; every line then has the same expectation, enumerated over all 10^5 symbol
 * combinations with their exact probabilities. Each reel shows at most one scatter
 * (scatters are at least 3 apart on every strip), so its chance is 3 x count / length,
 * and the scatter count follows by convolution. Free spins use the same strips
 * without retriggers: E[free] = P(trigger) x 10 x multiplier x (lines + scatter).
 */
export function computeSlotRtp(): SlotRtpBreakdown {
  const distributions = REEL_STRIPS.map((strip) => {
    const counts = new Array<number>(SYMBOLS.length).fill(0);
    for (const s of strip) counts[s] = (counts[s] ?? 0) + 1;
    return counts.map((c) => c / strip.length);
  });

  let lineUnits = 0;
  const symbols = [0, 0, 0, 0, 0];
  const walk = (reel: number, probability: number): void => {
    if (probability === 0) return;
    if (reel === 5) {
      lineUnits += probability * evaluateLine(symbols).units;
      return;
    }
    const distribution = distributions[reel] as number[];
    for (let s = 0; s < distribution.length; s++) {
      symbols[reel] = s;
      walk(reel + 1, probability * (distribution[s] as number));
    }
  };
  walk(0, 1);
  // Each of the 20 lines pays lineUnits line bets on average; 20 line bets are one total bet.
  const lines = (lineUnits * LINES) / LINES;

  let countDistribution = [1];
  for (const strip of REEL_STRIPS) {
    const scatters = strip.filter((s) => s === SCATTER).length;
    const p = (ROWS * scatters) / strip.length;
    const next = new Array<number>(countDistribution.length + 1).fill(0);
    countDistribution.forEach((q, k) => {
      next[k] = (next[k] ?? 0) + q * (1 - p);
      next[k + 1] = (next[k + 1] ?? 0) + q * p;
    });
    countDistribution = next;
  }
  let scatter = 0;
  let freeSpinChance = 0;
  countDistribution.forEach((q, k) => {
    if (k >= 3) scatter += q * (SCATTER_PAYS[Math.min(k, 5) - 3] as number);
    if (k >= SCATTERS_FOR_FREE_SPINS) freeSpinChance += q;
  });
  const freeSpins = freeSpinChance * FREE_SPINS_AWARDED * FREE_SPIN_MULTIPLIER * (lines + scatter);
  return { lines, scatter, freeSpinChance, freeSpins, total: lines + scatter + freeSpins };
}

/** The slot's stated RTP, 96.10 %, rounded to 0.01 percentage points (the test checks it against computeSlotRtp). */
export const SLOT_STATED_RTP = 0.961;
