import type { LotteryFormat } from '@playfront/contract/lottery';
import { KENO_DRAWN, KENO_POOL, type LotteryResult, resultFrom, tiersOf } from '@playfront/contract/lottery-fair';
import { type BetTypeConfig, pick3SumWays } from './config.ts';
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

/**
 * What a simulated bettor picks: `uniform` (every choice of the bet type alike: keno a pick count 1..10 alike, then
 * numbers alike) or, for P3_SUM, `bySumWays` (sums as often as three random digits give them).
 */
export type SimulatedBettor = 'uniform' | 'bySumWays';

/**
 * A simulated return with importance sampling (decision 054). Each slip is played on a real result (the result
 * function fed by a fast seeded generator, `perDraw` slips a draw) and graded by the real grading (hitsOf,
 * payoutOf). Half of the slips take their numbers from what the result shows (its endings, its sum, k of its 20
 * keno numbers for a random hit count), the rest as the bettor would; each slip's payout is weighted by
 * p(choice) / q(choice), so the mean is the bettor's expected return, unbiased, whatever the grading does. Without
 * it, a million slips of a 900,000× bet hold about one winner (standard error ±90 pp); with it, every bet type's
 * standard error stays near 0.1 pp, and ±0.5 pp means something. The proposal reads the result on its own, never
 * through hitsOf, so a grading mistake moves the mean.
 */
export function simulateReturnWeighted(
  format: LotteryFormat,
  betType: BetTypeConfig,
  slips: number,
  seed: number,
  bettor: SimulatedBettor = 'uniform',
  perDraw = 100,
): { simulated: number; standardError: number; slips: number } {
  const source = fastSource(seed);
  const alpha = 0.5;
  const sel = selectionOf(betType.code);
  const stake = 1000n;
  let sum = 0;
  let sumSquares = 0;
  let result = resultFrom(format, source);
  let candidates = candidatesOf(betType, result);
  let keno = kenoDraw(result);
  for (let i = 0; i < slips; i++) {
    if (i % perDraw === 0 && i > 0) {
      result = resultFrom(format, source);
      candidates = candidatesOf(betType, result);
      if (sel.select === 'set') keno = kenoDraw(result);
    }
    let choice: string[];
    let weight: number;
    if (sel.select === 'set') {
      // Keno: the bettor picks k in 1..10, then k numbers alike; P(h hits) is hypergeometric for any result. Half
      // the slips take a hit count h from the paying rows (by P(h) × odds) and h of the result's 20 numbers.
      const k = 1 + source.below(sel.max);
      const plan = kenoPlan(betType, k);
      if (source.below(2) === 0) choice = kenoChoiceWithHits(keno, k, pickIndex(plan.proposal, source), source);
      else choice = randomChoice(betType, source, k);
      let h = 0;
      for (const x of choice) if (keno.drawn.has(Number(x))) h++;
      const p = plan.p[h] ?? 0;
      weight = p / (alpha * (plan.proposal[h] ?? 0) + (1 - alpha) * p);
    } else {
      const target = bettorWeights(betType, bettor);
      if (candidates.length > 0 && source.below(2) === 0) choice = [candidates[source.below(candidates.length)] as string];
      else choice = target ? [pickWeighted(target, source)] : randomChoice(betType, source);
      const c = choice[0] as string;
      const p = target ? (target.get(c) ?? 0) : 1 / choiceCount(betType);
      const inCandidates = candidates.includes(c) ? 1 / candidates.length : 0;
      weight = candidates.length > 0 ? p / (alpha * inCandidates + (1 - alpha) * p) : 1;
    }
    const x = (Number(payoutOf(betType, choice, stake, hitsOf(betType.code, choice, result))) / 1000) * weight;
    sum += x;
    sumSquares += x * x;
  }
  const mean = sum / slips;
  // Slips on one draw are not independent (for most bet types their weighted payouts are, by symmetry, nearly so);
  // the per-slip figure is the one that matters here, the caller prints it beside the bound.
  const variance = Math.max(0, sumSquares / slips - mean * mean);
  return { simulated: mean, standardError: Math.sqrt(variance / slips), slips };
}

/** The choices a result shows for a bet type, read from the result itself (not through hitsOf). */
function candidatesOf(betType: BetTypeConfig, result: LotteryResult): string[] {
  const sel = selectionOf(betType.code);
  if (result.kind === 'ELOTT') {
    const sum = result.digits[0] + result.digits[1] + result.digits[2];
    if (betType.code === 'P3_EXACT') return [result.digits.join('')];
    if (betType.code === 'P3_SUM') return [String(sum)];
    if (betType.code === 'P3_BIG_SMALL') return [sum >= 14 ? 'BIG' : 'SMALL'];
    if (betType.code === 'P3_ODD_EVEN') return [sum % 2 ? 'ODD' : 'EVEN'];
    return [];
  }
  if ((result.kind === 'VN' || result.kind === 'SEA') && sel.select === 'digits') {
    const d = sel.digits;
    const all = betType.code === 'LO2' || betType.code === 'LO3';
    const numbers = all ? result.prizes.flatMap((p) => p.numbers) : (result.prizes[0]?.numbers.slice(0, 1) ?? []);
    return [...new Set(numbers.filter((n) => n.length >= d).map((n) => n.slice(-d)))];
  }
  return [];
}

function choiceCount(betType: BetTypeConfig): number {
  const sel = selectionOf(betType.code);
  return sel.select === 'digits' ? 10 ** sel.digits : sel.select === 'choice' ? sel.choices.length : 1;
}

const SUM_WAYS = new Map(Array.from({ length: 28 }, (_, s) => [String(s), pick3SumWays(s) / 1000]));

function bettorWeights(betType: BetTypeConfig, bettor: SimulatedBettor): Map<string, number> | undefined {
  return bettor === 'bySumWays' && betType.code === 'P3_SUM' ? SUM_WAYS : undefined;
}

function pickWeighted(weights: Map<string, number>, source: { below(n: number): number }): string {
  let u = source.below(1_000_000) / 1_000_000;
  let last = '';
  for (const [choice, w] of weights) {
    last = choice;
    if (u < w) return choice;
    u -= w;
  }
  return last;
}

/** P(h of k picked numbers among the 20 drawn of 80). */
function hypergeometric(k: number, h: number): number {
  return Number(choose(KENO_DRAWN, h) * choose(KENO_POOL - KENO_DRAWN, k - h)) / Number(choose(KENO_POOL, k));
}

const KENO_PLANS = new WeakMap<BetTypeConfig, Map<number, { p: number[]; proposal: number[] }>>();

/** For pick count k: P(h) for h = 0..k, and the proposal over h (∝ P(h) × odds of the paying rows). */
function kenoPlan(betType: BetTypeConfig, k: number): { p: number[]; proposal: number[] } {
  let plans = KENO_PLANS.get(betType);
  if (!plans) {
    plans = new Map();
    KENO_PLANS.set(betType, plans);
  }
  let plan = plans.get(k);
  if (!plan) {
    const p = Array.from({ length: k + 1 }, (_, h) => hypergeometric(k, h));
    const paying = p.map((ph, h) => ph * (betType.paytable1000?.[String(k)]?.[String(h)] ?? 0));
    const total = paying.reduce((a, b) => a + b, 0);
    plan = { p, proposal: total > 0 ? paying.map((x) => x / total) : p };
    plans.set(k, plan);
  }
  return plan;
}

function pickIndex(weights: readonly number[], source: { below(n: number): number }): number {
  let u = source.below(1_000_000_000) / 1_000_000_000;
  for (const [i, w] of weights.entries()) {
    if (u < w) return i;
    u -= w;
  }
  return weights.length - 1;
}

/** A keno result's 20 numbers and the other 60, once per draw. */
function kenoDraw(result: LotteryResult): { drawn: Set<number>; inDraw: number[]; rest: number[] } {
  const inDraw = result.kind === 'LOTT' ? [...result.numbers] : [];
  const drawn = new Set(inDraw);
  return { drawn, inDraw, rest: Array.from({ length: KENO_POOL }, (_, i) => i + 1).filter((n) => !drawn.has(n)) };
}

/** k keno numbers of which exactly h are among the drawn (each such set alike). */
function kenoChoiceWithHits(
  draw: { inDraw: number[]; rest: number[] },
  k: number,
  h: number,
  source: { below(n: number): number },
): string[] {
  const pick = (pool: number[], n: number) => {
    for (let i = 0; i < n; i++) {
      const j = i + source.below(pool.length - i);
      [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    }
    return pool.slice(0, n);
  };
  return [...pick(draw.inDraw, h), ...pick(draw.rest, k - h)].sort((x, y) => x - y).map(String);
}
