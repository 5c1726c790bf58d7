import type { LotteryFormat } from '@playfront/contract/lottery';
import { KENO_DRAWN, KENO_POOL, resultFrom, tiersOf } from '@playfront/contract/lottery-fair';
import type { BetTypeConfig } from './config.ts';
import { hitsOf, payoutOf, selectionOf } from './grade.ts';

/** An exact fraction. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/**
 * The exact return (expected gross payout over stake) of one line of a bet type on one choice, from the odds
 * and the draw's distribution: every prize number, digit and keno number is uniform and independent as the
 * stream draws them (lottery-fair.ts).
 * - VN/SEA: by linearity, a prize number of ≥ d digits ends in a given d digits with probability 10^-d;
 * - PICK3: by enumerating all 1000 outcomes;
 * - KENO: hypergeometric, P(h of k) = C(20,h) C(60,k-h) / C(80,k).
 */
export function exactReturn(format: LotteryFormat, betType: BetTypeConfig, choice: readonly string[]): Ratio {
  const code = betType.code;
  if (format === 'PICK3') {
    let num = 0n;
    for (let v = 0; v < 1000; v++) {
      const digits: [number, number, number] = [Math.floor(v / 100), Math.floor(v / 10) % 10, v % 10];
      const result = { kind: 'ELOTT' as const, digits, sum: digits[0] + digits[1] + digits[2] };
      num += payoutOf(betType, choice, 1000n, hitsOf(code, choice, result));
    }
    return { num, den: 1000n * 1000n };
  }
  if (format === 'KENO') {
    const k = choice.length;
    let num = 0n;
    for (let h = 0; h <= k; h++) {
      const ways = choose(KENO_DRAWN, h) * choose(KENO_POOL - KENO_DRAWN, k - h);
      num += ways * BigInt(betType.paytable1000?.[String(k)]?.[String(h)] ?? 0);
    }
    return { num, den: choose(KENO_POOL, k) * 1000n };
  }
  const tiers = tiersOf(format);
  const odds = BigInt(betType.odds1000 ?? 0);
  if (code === 'LO2' || code === 'LO3') {
    const d = code === 'LO2' ? 2 : 3;
    const prizes = tiers.reduce((n, t) => n + (t.digits >= d ? t.count : 0), 0);
    return { num: odds * BigInt(prizes), den: 1000n * 10n ** BigInt(d) };
  }
  const d = selectionOf(code).select === 'digits' ? (selectionOf(code) as { digits: number }).digits : 0;
  return { num: odds, den: 1000n * 10n ** BigInt(d) };
}

export function ratioValue(r: Ratio): number {
  return Number((r.num * 1_000_000_000n) / r.den) / 1_000_000_000;
}

/** The choices whose returns differ: every sum, every keno pick count (as 1..k), else one representative. */
export function representativeChoices(betType: BetTypeConfig): string[][] {
  const sel = selectionOf(betType.code);
  if (sel.select === 'choice') return sel.choices.map((c) => [c]);
  if (sel.select === 'set') return Array.from({ length: sel.max }, (_, k) => Array.from({ length: k + 1 }, (_, i) => String(i + 1)));
  return [['0'.repeat(sel.digits)], ['9'.repeat(sel.digits)]];
}

/** The stated return (basis points) of a choice. */
export function statedRtpBp(betType: BetTypeConfig, choice: readonly string[]): number {
  return typeof betType.rtpBp === 'number' ? betType.rtpBp : (betType.rtpBp[String(choice.length)] ?? 0);
}

/** A small fast generator (mulberry32) for simulations; never for real draws. */
export function fastSource(seed: number): { below(n: number): number; next(): number } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    next,
    below(n: number) {
      const limit = Math.floor(0x100000000 / n) * n;
      for (;;) {
        const w = next();
        if (w < limit) return w % n;
      }
    },
  };
}

/** A random choice for a bet type (keno: `picks` distinct numbers). */
export function randomChoice(betType: BetTypeConfig, source: { below(n: number): number }, picks = 1): string[] {
  const sel = selectionOf(betType.code);
  if (sel.select === 'digits') return [String(source.below(10 ** sel.digits)).padStart(sel.digits, '0')];
  if (sel.select === 'choice') return [sel.choices[source.below(sel.choices.length)] as string];
  const chosen = new Set<number>();
  while (chosen.size < picks) chosen.add(1 + source.below(sel.pool));
  return [...chosen].sort((x, y) => x - y).map(String);
}

/**
 * Plays `slips` one-line slips of a bet type, `perDraw` of them on each draw (as on a real draw: many players,
 * one result), each draw drawn by the same result function as real draws from a fast seeded generator, each
 * slip's choice random; answers total payout over total stake. With uniformly random choices the expected
 * payout given the draw is the same for every draw (by symmetry) for all but P3_SUM, so sharing draws adds no
 * variance there.
 */
export function simulateReturn(
  format: LotteryFormat,
  betType: BetTypeConfig,
  slips: number,
  seed: number,
  choiceFor: (source: { below(n: number): number }) => string[] = (s) => randomChoice(betType, s),
  perDraw = 100,
): { simulated: number; slips: number } {
  const source = fastSource(seed);
  let paid = 0n;
  let result = resultFrom(format, source);
  for (let i = 0; i < slips; i++) {
    if (i % perDraw === 0 && i > 0) result = resultFrom(format, source);
    const choice = choiceFor(source);
    paid += payoutOf(betType, choice, 1000n, hitsOf(betType.code, choice, result));
  }
  return { simulated: Number(paid) / (1000 * slips), slips };
}

/** E[(payout/stake)²] of one line, exactly (for the standard error of a simulation). */
export function exactSecondMoment(format: LotteryFormat, betType: BetTypeConfig, choice: readonly string[]): number {
  const code = betType.code;
  if (format === 'PICK3') {
    let sum = 0;
    for (let v = 0; v < 1000; v++) {
      const digits: [number, number, number] = [Math.floor(v / 100), Math.floor(v / 10) % 10, v % 10];
      const result = { kind: 'ELOTT' as const, digits, sum: digits[0] + digits[1] + digits[2] };
      const x = Number(payoutOf(betType, choice, 1000n, hitsOf(code, choice, result))) / 1000;
      sum += x * x;
    }
    return sum / 1000;
  }
  if (format === 'KENO') {
    const k = choice.length;
    let sum = 0;
    for (let h = 0; h <= k; h++) {
      const p = Number(choose(KENO_DRAWN, h) * choose(KENO_POOL - KENO_DRAWN, k - h)) / Number(choose(KENO_POOL, k));
      const x = (betType.paytable1000?.[String(k)]?.[String(h)] ?? 0) / 1000;
      sum += p * x * x;
    }
    return sum;
  }
  const odds = (betType.odds1000 ?? 0) / 1000;
  if (code === 'LO2' || code === 'LO3') {
    const d = code === 'LO2' ? 2 : 3;
    const n = tiersOf(format).reduce((c, t) => c + (t.digits >= d ? t.count : 0), 0);
    const p = 10 ** -d;
    return odds * odds * (n * p + n * (n - 1) * p * p);
  }
  const sel = selectionOf(code);
  const p = sel.select === 'digits' ? 10 ** -sel.digits : 0;
  return odds * odds * p;
}
