import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { replayRound, sha256Hex } from '../client/fair-browser.ts';
import { type CheckedChoices, playRound } from '../games/play-round.ts';
import { CLIENT_SEED_PATTERN, FairStream, hashServerSeed, isServerSeed, newClientSeed, newServerSeed } from './fair-stream.ts';

const SEED = '8f14e45fceea167a5a36dedd4bea2543c51e4a8e2e4ee3a3f2f0e1e8f2b6a0c1';

describe('provably fair stream', () => {
  it('is HMAC-SHA256(server seed, "clientSeed:nonce"), then ":k" for the next blocks, read as big-endian words', () => {
    const stream = new FairStream(SEED, 'lucky', 7);
    const key = Buffer.from(SEED, 'hex');
    const block0 = createHmac('sha256', key).update('lucky:7').digest();
    const block1 = createHmac('sha256', key).update('lucky:7:1').digest();
    const words = Array.from({ length: 16 }, () => stream.nextUint32());
    expect(words.slice(0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => block0.readUInt32BE(i * 4)));
    expect(words.slice(8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => block1.readUInt32BE(i * 4)));
  });

  it('commits to the server seed with SHA-256 of its 32 bytes', () => {
    expect(hashServerSeed(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    const fresh = newServerSeed();
    expect(isServerSeed(fresh)).toBe(true);
    expect(fresh).not.toBe(newServerSeed());
    expect(CLIENT_SEED_PATTERN.test(newClientSeed())).toBe(true);
    expect(CLIENT_SEED_PATTERN.test('has:colon')).toBe(false);
    expect(() => new FairStream('not-hex', 'a', 0)).toThrow(RangeError);
  });

  const choices: CheckedChoices[] = [
    { game: 'slot', bet: 1000n },
    { game: 'baccarat', bet: 1000n, side: 'BANKER' },
    { game: 'crash', bet: 1000n, target: 250 },
  ];

  it('gives the same outcome for the same seeds and nonce, and a different one for another nonce or client seed', () => {
    for (const c of choices) {
      const a = playRound(new FairStream(SEED, 'lucky', 3), c);
      const b = playRound(new FairStream(SEED, 'lucky', 3), c);
      expect(b).toEqual(a);
      const others = [playRound(new FairStream(SEED, 'lucky', 4), c), playRound(new FairStream(SEED, 'other', 3), c)];
      for (const other of others)
        expect(JSON.stringify(other.outcome, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toBe(
          JSON.stringify(a.outcome, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
        );
    }
  });

  it("the verify page's WebCrypto replay reproduces every round of all three games", async () => {
    expect(await sha256Hex(SEED)).toBe(hashServerSeed(SEED));
    for (const c of choices) {
      for (let nonce = 0; nonce < 40; nonce++) {
        const server = playRound(new FairStream(SEED, 'player-seed', nonce), c);
        const browser = await replayRound(SEED, 'player-seed', nonce, (source) => playRound(source, c));
        expect(browser, `${c.game} nonce ${nonce}`).toEqual(server);
      }
    }
  });
});
