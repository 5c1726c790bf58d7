import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RandomSource } from './random-source.ts';

/**
 * The provably fair stream of one round.
 *
 * The server seed is 32 random bytes, shown as 64 hex characters; its commitment is
 * the SHA-256 of those 32 bytes (hex). Block 0 of a round is
 * HMAC-SHA256(key = server seed bytes, message = `${clientSeed}:${nonce}`); block k >= 1
 * is the same with message `${clientSeed}:${nonce}:${k}`. Each 32-byte block gives eight
 * big-endian 32-bit words, consumed in order by the game.
 */
export class FairStream implements RandomSource {
  private readonly key: Buffer;
  private block: Buffer = Buffer.alloc(0);
  private blockIndex = -1;
  private offset = 32;

  constructor(
    serverSeedHex: string,
    private readonly clientSeed: string,
    private readonly nonce: number,
  ) {
    if (!isServerSeed(serverSeedHex)) throw new RangeError('server seed must be 64 hex characters');
    this.key = Buffer.from(serverSeedHex, 'hex');
  }

  nextUint32(): number {
    if (this.offset >= 32) {
      this.blockIndex += 1;
      const message = this.blockIndex === 0 ? `${this.clientSeed}:${this.nonce}` : `${this.clientSeed}:${this.nonce}:${this.blockIndex}`;
      this.block = createHmac('sha256', this.key).update(message).digest();
      this.offset = 0;
    }
    const word = this.block.readUInt32BE(this.offset);
    this.offset += 4;
    return word;
  }
}

export function isServerSeed(value: string): boolean {
  return /^[0-9a-f]{64}$/.test(value);
}

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment shown before play: SHA-256 of the 32 seed bytes, hex. */
export function hashServerSeed(serverSeedHex: string): string {
  return createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');
}

/** A default client seed: 16 random bytes, hex. The player may replace it. */
export function newClientSeed(): string {
  return randomBytes(16).toString('hex');
}

/** Client seeds the player may choose: 1 to 64 letters, digits, `-` or `_` (no `:`, which separates the HMAC message). */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
