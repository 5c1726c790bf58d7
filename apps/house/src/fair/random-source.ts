/**
 * A source of uniform random integers. The games take one of these and nothing
 * else, so a round is a pure function of its stream: the provably fair stream in
 * play and on the verify page, a fast deterministic generator in the RTP simulations.
 */
export interface RandomSource {
  /** The next 32 random bits as an unsigned integer. */
  nextUint32(): number;
}

const TWO_32 = 2 ** 32;

/**
 * A uniform integer in [0, n) for 1 <= n <= 2^32, by rejection: words at or above the
 * largest multiple of n below 2^32 are drawn again, so `% n` has no modulo bias.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`uniformInt: bad range ${n}`);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return word % n;
  }
}

/** A uniform integer in [0, 2^52): 20 bits of one word and all 32 of the next (a power of two, so no bias). */
export function uniform52(source: RandomSource): bigint {
  const high = source.nextUint32() & 0xfffff;
  const low = source.nextUint32();
  return (BigInt(high) << 32n) | BigInt(low);
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): deterministic and fast,
 * for simulations only; never used for a real round.
 */
export function fastSource(seed: number): RandomSource {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 16; i++) next();
  return { nextUint32: next };
}
