/**
 * How a lottery draw's result is fixed and verified (issue 16, decision 039).
 * Pure and synchronous (its own SHA-256, no node:crypto, no WebCrypto), so the
 * provider, the platform and the verify page in the browser compute the same
 * result from the same inputs.
 *
 * - The server seed is 32 random bytes (64 hex characters). Its hash,
 *   SHA-256 of those bytes (hex), is published when the draw is created,
 *   before betting opens, and so before it closes.
 * - The public draw data is `${gameCode}:${drawNumber}:${salt}` where the salt is
 *   the previous draw's seed hash of the same game (or `genesis` for the first).
 * - Block k of the stream is HMAC-SHA256(key = seed bytes, message = `${publicData}:${k}`),
 *   read as eight big-endian 32-bit words in order. A number below n is a word
 *   w accepted only when w < floor(2^32 / n) * n (others are skipped) and taken mod n.
 * - VN and SEA prize numbers: each prize in its listed order is one number below
 *   10^digits, zero-padded. ELOTT: three digits (three numbers below 10).
 *   LOTT keno: 20 distinct numbers of 1..80 by a partial Fisher-Yates shuffle
 *   (for i = 0..19: j = i + below(80 - i), swap), shown sorted.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLength = data.length * 8;
  const padded = new Uint8Array((((data.length + 9 + 63) >> 6) << 6) >>> 0);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] as number;
      const b = w[i - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = ((w[i - 16] as number) + s0 + (w[i - 7] as number) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[i] as number) + (w[i] as number)) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = ((h[0] as number) + a) >>> 0;
    h[1] = ((h[1] as number) + b) >>> 0;
    h[2] = ((h[2] as number) + c) >>> 0;
    h[3] = ((h[3] as number) + d) >>> 0;
    h[4] = ((h[4] as number) + e) >>> 0;
    h[5] = ((h[5] as number) + f) >>> 0;
    h[6] = ((h[6] as number) + g) >>> 0;
    h[7] = ((h[7] as number) + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] as number);
  return out;
}

/** HMAC-SHA256(key, message). */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (block[i] as number) ^ 0x36;
    outer[i] = (block[i] as number) ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

export function hexOf(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export function bytesOfHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

export function isLotterySeed(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

/** The commitment published before betting closes: SHA-256 of the 32 seed bytes, hex. */
export function lotterySeedHash(serverSeedHex: string): string {
  return hexOf(sha256(bytesOfHex(serverSeedHex)));
}

/** The salt of a game's first draw (later draws use the previous draw's seed hash). */
export const LOTTERY_GENESIS_SALT = 'genesis';

export function lotteryPublicData(gameCode: string, drawNumber: string, salt: string): string {
  return `${gameCode}:${drawNumber}:${salt}`;
}

/** The stream of 32-bit words of one draw. */
export class LotteryStream {
  private readonly key: Uint8Array;
  private block: Uint8Array = new Uint8Array(0);
  private blockIndex = -1;
  private offset = 32;

  constructor(
    serverSeedHex: string,
    private readonly publicData: string,
  ) {
    if (!isLotterySeed(serverSeedHex)) throw new RangeError('server seed must be 64 hex characters');
    this.key = bytesOfHex(serverSeedHex);
  }

  nextUint32(): number {
    if (this.offset >= 32) {
      this.blockIndex += 1;
      this.block = hmacSha256(this.key, utf8(`${this.publicData}:${this.blockIndex}`));
      this.offset = 0;
    }
    const b = this.block;
    const o = this.offset;
    this.offset += 4;
    return (((b[o] as number) << 24) | ((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number)) >>> 0;
  }

  /** A uniform integer in [0, n), 1 <= n <= 2^32, by rejection. */
  below(n: number): number {
    const limit = Math.floor(0x100000000 / n) * n;
    for (;;) {
      const word = this.nextUint32();
      if (word < limit) return word % n;
    }
  }
}

/** A prize tier of a VN or SEA draw: how many numbers it has and of how many digits. */
export interface LotteryPrizeTier {
  /** special, first, second… (the page shows `tier.<code>`). */
  tier: string;
  count: number;
  digits: number;
}

/** Northern (Hà Nội) format: 27 numbers. */
export const VN_NORTH_TIERS: readonly LotteryPrizeTier[] = [
  { tier: 'special', count: 1, digits: 5 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 2, digits: 5 },
  { tier: 'third', count: 6, digits: 5 },
  { tier: 'fourth', count: 4, digits: 4 },
  { tier: 'fifth', count: 6, digits: 4 },
  { tier: 'sixth', count: 3, digits: 3 },
  { tier: 'seventh', count: 4, digits: 2 },
];

/** Central and southern format: 18 numbers (the eighth prize has two digits). */
export const VN_SOUTH_TIERS: readonly LotteryPrizeTier[] = [
  { tier: 'special', count: 1, digits: 6 },
  { tier: 'first', count: 1, digits: 5 },
  { tier: 'second', count: 1, digits: 5 },
  { tier: 'third', count: 2, digits: 5 },
  { tier: 'fourth', count: 7, digits: 5 },
  { tier: 'fifth', count: 1, digits: 4 },
  { tier: 'sixth', count: 3, digits: 4 },
  { tier: 'seventh', count: 1, digits: 3 },
  { tier: 'eighth', count: 1, digits: 2 },
];

/** SEA six-digit draw: the first prize. */
export const SEA_TIERS: readonly LotteryPrizeTier[] = [{ tier: 'first', count: 1, digits: 6 }];

export const KENO_POOL = 80;
export const KENO_DRAWN = 20;

/** The result of a draw. VN/SEA: numbers per tier in order; ELOTT: three digits; LOTT: 20 of 1..80 sorted ascending. */
export type LotteryResult =
  | { kind: 'VN' | 'SEA'; prizes: { tier: string; numbers: string[] }[] }
  | { kind: 'ELOTT'; digits: [number, number, number]; sum: number }
  | { kind: 'LOTT'; numbers: number[] };

export type LotteryGameKind = 'VN' | 'SEA' | 'ELOTT' | 'LOTT';

export type LotteryFormat = 'VN_NORTH' | 'VN_SOUTH' | 'SEA_6D' | 'PICK3' | 'KENO';

export function tiersOf(format: LotteryFormat): readonly LotteryPrizeTier[] {
  return format === 'VN_NORTH' ? VN_NORTH_TIERS : format === 'VN_SOUTH' ? VN_SOUTH_TIERS : format === 'SEA_6D' ? SEA_TIERS : [];
}

/** The result of a draw from its seed and public data (the same function on the provider and the verify page). */
export function drawResult(format: LotteryFormat, serverSeedHex: string, publicData: string): LotteryResult {
  return resultFrom(format, new LotteryStream(serverSeedHex, publicData));
}

/** The result drawn from any source of uniform integers (the seeded stream above; a fast generator in simulations). */
export function resultFrom(format: LotteryFormat, stream: { below(n: number): number }): LotteryResult {
  switch (format) {
    case 'VN_NORTH':
    case 'VN_SOUTH':
    case 'SEA_6D':
      return {
        kind: format === 'SEA_6D' ? 'SEA' : 'VN',
        prizes: tiersOf(format).map((t) => ({
          tier: t.tier,
          numbers: Array.from({ length: t.count }, () => String(stream.below(10 ** t.digits)).padStart(t.digits, '0')),
        })),
      };
    case 'PICK3': {
      const digits: [number, number, number] = [stream.below(10), stream.below(10), stream.below(10)];
      return { kind: 'ELOTT', digits, sum: digits[0] + digits[1] + digits[2] };
    }
    case 'KENO': {
      const pool = Array.from({ length: KENO_POOL }, (_, i) => i + 1);
      for (let i = 0; i < KENO_DRAWN; i++) {
        const j = i + stream.below(KENO_POOL - i);
        const t = pool[i] as number;
        pool[i] = pool[j] as number;
        pool[j] = t;
      }
      return { kind: 'LOTT', numbers: pool.slice(0, KENO_DRAWN).sort((a, b) => a - b) };
    }
  }
}

/** Everything a verifier needs, as GET /lotto/api/verify/:drawId answers it; checks the hash and recomputes. */
export function verifyDraw(input: { format: LotteryFormat; serverSeed: string; serverSeedHash: string; publicData: string }): {
  hashMatches: boolean;
  result: LotteryResult | null;
} {
  if (!isLotterySeed(input.serverSeed)) return { hashMatches: false, result: null };
  return {
    hashMatches: lotterySeedHash(input.serverSeed) === input.serverSeedHash,
    result: drawResult(input.format, input.serverSeed, input.publicData),
  };
}

/** JSON with object keys sorted (a result read back from jsonb has its keys in another order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The same result, compared field by field whatever the key order (the verify page shows "matches" only when true). */
export function sameLotteryResult(a: LotteryResult, b: LotteryResult): boolean {
  return canonical(a) === canonical(b);
}
