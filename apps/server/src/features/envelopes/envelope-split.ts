import { createHmac } from 'node:crypto';

/**
 * The budget of one rain occurrence split into its envelopes, at the start, from a seed (decision in the report and
 * in envelopes.service.ts): every amount within [min, max], the total min(budget, count × max), so the sum never
 * exceeds the budget, and every envelope, the last included, gets at least the minimum. Pure, so it is tested alone.
 */
export type SplitSettings = { budget: bigint; count: number; min: bigint; max: bigint };

/** A deterministic stream of random integers from a hex seed: HMAC-SHA256(seed, counter). */
export function seededRandom(seed: string): (below: bigint) => bigint {
  let counter = 0;
  return (below) => {
    if (below <= 1n) return 0n;
    // 256 random bits against ranges under 2^50: the modulo bias is far below anything measurable.
    const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(String(counter++)).digest('hex');
    return BigInt(`0x${digest}`) % below;
  };
}

/** Whether the settings can be split: min ≤ max and the budget covers every envelope's minimum. */
export function splittable({ budget, count, min, max }: SplitSettings): boolean {
  return count > 0 && min > 0n && min <= max && budget >= BigInt(count) * min;
}

/**
 * Each envelope in turn draws from [lo, hi], where lo and hi keep what is left splittable among the rest
 * (hi leaves the minimum for each remaining one, lo leaves no more than the maximum for each), capped near twice
 * the mean of what is left so early envelopes do not take the lot. The last one takes exactly what is left. The
 * amounts are then shuffled, so the order they are taken in tells nothing.
 */
export function splitBudget(settings: SplitSettings, seed: string): bigint[] {
  if (!splittable(settings)) throw new Error('envelope settings cannot be split');
  const { count, min, max } = settings;
  const random = seededRandom(seed);
  const n = BigInt(count);
  let left = settings.budget < n * max ? settings.budget : n * max;
  const amounts: bigint[] = [];
  for (let k = n; k > 0n; k--) {
    const lo = maxOf(min, left - (k - 1n) * max);
    const hi = minOf(max, left - (k - 1n) * min);
    const fairHi = maxOf(lo, minOf(hi, (2n * left) / k - lo));
    const amount = lo + random(fairHi - lo + 1n);
    amounts.push(amount);
    left -= amount;
  }
  // Fisher–Yates from the same stream.
  for (let i = amounts.length - 1; i > 0; i--) {
    const j = Number(random(BigInt(i + 1)));
    [amounts[i], amounts[j]] = [amounts[j]!, amounts[i]!];
  }
  return amounts;
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);
