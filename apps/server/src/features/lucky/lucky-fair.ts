import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fairMessage, type WordSource } from '@playfront/contract/lucky-paths';

/**
 * The provably fair stream of one lucky round, the house games' scheme (apps/house/src/fair/fair-stream.ts): block k is
 * HMAC-SHA256(key = the 32 server seed bytes, message = fairMessage(clientInput, nonce, k)), read as eight big-endian
 * 32-bit words. The mapping of words to outcomes lives in the contract (lucky-paths.ts) so the verify view runs the
 * same code.
 */
export function fairStream(serverSeedHex: string, clientInput: string, nonce: number): WordSource {
  const key = Buffer.from(serverSeedHex, 'hex');
  let block = Buffer.alloc(0);
  let blockIndex = -1;
  let offset = 32;
  return {
    nextUint32() {
      if (offset >= 32) {
        blockIndex += 1;
        block = createHmac('sha256', key)
          .update(fairMessage(clientInput, nonce, blockIndex))
          .digest();
        offset = 0;
      }
      const word = block.readUInt32BE(offset);
      offset += 4;
      return word;
    },
  };
}

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const newClientSeed = (): string => randomBytes(8).toString('hex');

/** The commitment shown before play: SHA-256 of the 32 seed bytes, hex. */
export function hashServerSeed(serverSeedHex: string): string {
  return createHash('sha256').update(Buffer.from(serverSeedHex, 'hex')).digest('hex');
}
