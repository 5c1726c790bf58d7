import { describe, expect, it } from 'vitest';
import { sha256Hex, verifyPlay, verifyRaffle } from './verify.ts';
import { rotationFor } from './wheel-geometry.ts';

/**
 * The browser's verification (WebCrypto + the contract's mapping) against vectors computed by the server's draw
 * (apps/server/src/features/lucky/lucky-fair.ts with the same seed): if either side drifts from the scheme, this fails.
 */
const seed = 'ab'.repeat(32);
const hash = '9a2db2e23f1504cd056606553ac049c5e718e8f9ce9233876df1a7a1821af885';
const slots = [30, 25, 20, 10, 25, 5, 3, 1].map((weight, position) => ({ position, weight }));
const play = { game: 'wheel' as const, serverSeed: seed, serverSeedHash: hash, clientSeed: 'demo', egg: null, slots };

describe('lucky verification in the browser', () => {
  it('recomputes wheel and egg outcomes as the server drew them', async () => {
    expect(await sha256Hex(seed)).toBe(hash);
    for (const [nonce, position] of [
      [0, 1],
      [1, 2],
      [7, 4],
    ] as const) {
      expect(await verifyPlay({ ...play, nonce, position })).toEqual({ hashMatches: true, position, matches: true });
    }
    for (const [egg, position] of [
      [1, 3],
      [2, 0],
      [3, 0],
    ] as const) {
      expect((await verifyPlay({ ...play, game: 'eggs', egg, nonce: 4, position })).matches).toBe(true);
    }
    expect((await verifyPlay({ ...play, nonce: 7, position: 5 })).matches).toBe(false);
    expect((await verifyPlay({ ...play, serverSeedHash: '0'.repeat(64), nonce: 7, position: 4 })).hashMatches).toBe(false);
  });

  it('recomputes a raffle draw', async () => {
    const entrants = [
      { memberId: 3, entries: 5 },
      { memberId: 9, entries: 1 },
      { memberId: 12, entries: 7 },
      { memberId: 20, entries: 2 },
    ];
    const { hashMatches, winners } = await verifyRaffle(42, seed, hash, entrants, 3);
    expect(hashMatches).toBe(true);
    expect(winners).toEqual([
      { rank: 1, memberId: 12, ticket: 10 },
      { rank: 2, memberId: 3, ticket: 3 },
      { rank: 3, memberId: 9, ticket: 0 },
    ]);
  });

  it('turns the wheel forward to the centre of the segment the server named', () => {
    const r = rotationFor(0, 2, 8);
    // Segment 2 of 8 spans 90°–135° clockwise from the top; its centre (112.5°) must end under the pointer.
    expect((r + 112.5) % 360).toBe(0);
    expect(r).toBeGreaterThan(360 * 5);
    const next = rotationFor(r, 0, 8);
    expect(next).toBeGreaterThan(r);
    expect((next + 22.5) % 360).toBe(0);
  });
});
