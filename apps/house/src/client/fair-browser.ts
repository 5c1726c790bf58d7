import type { RandomSource } from '../fair/random-source.ts';

/**
 * The provably fair stream in the browser (WebCrypto), word for word the same as
 * fair/fair-stream.ts on the server: block 0 = HMAC-SHA256(server seed bytes,
 * `${clientSeed}:${nonce}`), block k = HMAC(…, `${clientSeed}:${nonce}:${k}`), each
 * read as eight big-endian 32-bit words. HMAC is asynchronous here and the games
 * are synchronous, so blocks are computed ahead and the game is re-run with more
 * when it needs them.
 */
class OutOfBlocks extends Error {}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export const hasWebCrypto = () => typeof crypto !== 'undefined' && crypto.subtle !== undefined;

export async function sha256Hex(serverSeedHex: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', hexBytes(serverSeedHex)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function replayRound<T>(
  serverSeedHex: string,
  clientSeed: string,
  nonce: number,
  run: (source: RandomSource) => T,
): Promise<T> {
  const key = await crypto.subtle.importKey('raw', hexBytes(serverSeedHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const encoder = new TextEncoder();
  const blocks: DataView[] = [];
  const addBlocks = async (count: number) => {
    const start = blocks.length;
    const signed = await Promise.all(
      Array.from({ length: count }, (_, i) => {
        const k = start + i;
        return crypto.subtle.sign('HMAC', key, encoder.encode(k === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${k}`));
      }),
    );
    for (const block of signed) blocks.push(new DataView(block));
  };
  await addBlocks(8);
  for (;;) {
    let word = 0;
    const source: RandomSource = {
      nextUint32() {
        const block = blocks[word >> 3];
        if (!block) throw new OutOfBlocks();
        const value = block.getUint32((word & 7) * 4, false);
        word += 1;
        return value;
      },
    };
    try {
      return run(source);
    } catch (error) {
      if (!(error instanceof OutOfBlocks)) throw error;
      await addBlocks(blocks.length);
    }
  }
}
