import { describe, expect, it } from 'vitest';
import { fastSource } from '../fair/random-source.ts';
import {
  BACCARAT_BETS,
  BACCARAT_SIDES,
  BACCARAT_STATED_RTP,
  type BaccaratSide,
  baccaratReturn,
  bankerDraws,
  dealCoup,
  handTotal,
  NO_COMMISSION_BANKER_RTP,
  playBaccaratRound,
  SHOE_SIZE,
  shuffleShoe,
} from './baccarat.ts';

/**
 * Exact returns of an 8-deck coup: every sequence of the first six card values,
 * weighted by its probability drawn without replacement (values 1-9: 32 cards each,
 * value 0: 128 cards). A coup uses at most six cards, so summing over whole
 * six-card sequences weights each coup by exactly its probability.
 */
function exactOutcomes(): Record<BaccaratSide | 'BANKER_SIX', number> {
  const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const seq = [0, 0, 0, 0, 0, 0];
  // BANKER_SIX: the banker wins with a total of 6 (no-commission baccarat pays it 1:2).
  const p: Record<BaccaratSide | 'BANKER_SIX', number> = { PLAYER: 0, BANKER: 0, TIE: 0, BANKER_SIX: 0 };
  const walk = (depth: number, probability: number, remaining: number) => {
    if (depth === 6) {
      let i = 0;
      const { outcome, banker } = dealCoup(
        () => seq[i++] as number,
        (v) => v,
      );
      p[outcome] += probability;
      if (outcome === 'BANKER' && handTotal(banker) === 6) p.BANKER_SIX += probability;
      return;
    }
    for (let v = 0; v < 10; v++) {
      const n = left[v] as number;
      if (n === 0) continue;
      seq[depth] = v;
      left[v] = n - 1;
      walk(depth + 1, (probability * n) / remaining, remaining - 1);
      left[v] = n;
    }
  };
  walk(0, 1, SHOE_SIZE);
  return p;
}

describe('house baccarat', () => {
  it('follows the third-card rules of punto banco', () => {
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
    expect(bankerDraws(3, 8)).toBe(false);
    expect(bankerDraws(3, 9)).toBe(true);
    expect(bankerDraws(4, 1)).toBe(false);
    expect(bankerDraws(4, 2)).toBe(true);
    expect(bankerDraws(5, 4)).toBe(true);
    expect(bankerDraws(5, 3)).toBe(false);
    expect(bankerDraws(6, 6)).toBe(true);
    expect(bankerDraws(6, 5)).toBe(false);
    expect(bankerDraws(7, 6)).toBe(false);
  });

  it('pays player 1:1, banker 0.95:1, tie 8:1 and returns player and banker bets on a tie, in whole minor units', () => {
    expect(baccaratReturn('PLAYER', 1000n, 'PLAYER')).toBe(2000n);
    expect(baccaratReturn('BANKER', 1000n, 'BANKER')).toBe(1950n);
    expect(baccaratReturn('TIE', 1000n, 'TIE')).toBe(9000n);
    expect(baccaratReturn('PLAYER', 1000n, 'TIE')).toBe(1000n);
    expect(baccaratReturn('BANKER', 1000n, 'PLAYER')).toBe(0n);
    for (const bet of BACCARAT_BETS) expect((bet * 39n) % 20n).toBe(0n);
  });

  it('states the exact return of each bet (8 decks, enumerated)', () => {
    const p = exactOutcomes();
    expect(p.PLAYER + p.BANKER + p.TIE).toBeCloseTo(1, 9);
    const rtp: Record<BaccaratSide, number> = {
      PLAYER: 2 * p.PLAYER + p.TIE,
      BANKER: 1.95 * p.BANKER + p.TIE,
      TIE: 9 * p.TIE,
    };
    console.log(
      `baccarat exact RTP: player ${(rtp.PLAYER * 100).toFixed(3)} %, banker ${(rtp.BANKER * 100).toFixed(3)} %, tie ${(rtp.TIE * 100).toFixed(3)} %`,
    );
    for (const side of BACCARAT_SIDES) expect(Math.abs(rtp[side] - BACCARAT_STATED_RTP[side]), side).toBeLessThan(0.00005);
    // No commission: a banker win returns 2×, or 1.5× on a banker 6; a tie returns the stake.
    const noCommissionBanker = 2 * p.BANKER - 0.5 * p.BANKER_SIX + p.TIE;
    console.log(`no-commission baccarat exact RTP: banker ${(noCommissionBanker * 100).toFixed(3)} %`);
    expect(Math.abs(noCommissionBanker - NO_COMMISSION_BANKER_RTP)).toBeLessThan(0.00005);
  });

  it('pays a no-commission banker win 1:1, or 1:2 on a banker 6, in whole minor units', () => {
    expect(baccaratReturn('BANKER', 1000n, 'BANKER', 'no-commission', 7)).toBe(2000n);
    expect(baccaratReturn('BANKER', 1000n, 'BANKER', 'no-commission', 6)).toBe(1500n);
    expect(baccaratReturn('PLAYER', 1000n, 'PLAYER', 'no-commission', 6)).toBe(2000n);
    expect(baccaratReturn('BANKER', 1000n, 'TIE', 'no-commission', 6)).toBe(1000n);
    expect(baccaratReturn('TIE', 1000n, 'TIE', 'no-commission', 6)).toBe(9000n);
    for (const bet of BACCARAT_BETS) expect((bet * 3n) % 2n).toBe(0n);
  });

  it('deals from fair shuffles: simulated returns agree with the stated RTP within 4 standard errors', () => {
    const rounds = 60_000;
    const source = fastSource(31337);
    const sums: Record<BaccaratSide, { s: number; s2: number }> = {
      PLAYER: { s: 0, s2: 0 },
      BANKER: { s: 0, s2: 0 },
      TIE: { s: 0, s2: 0 },
    };
    for (let i = 0; i < rounds; i++) {
      const { outcome } = playBaccaratRound(source);
      for (const side of BACCARAT_SIDES) {
        const r = Number(baccaratReturn(side, 20n, outcome)) / 20;
        sums[side].s += r;
        sums[side].s2 += r * r;
      }
    }
    for (const side of BACCARAT_SIDES) {
      const mean = sums[side].s / rounds;
      const se = Math.sqrt((sums[side].s2 / rounds - mean * mean) / rounds);
      expect(Math.abs(mean - BACCARAT_STATED_RTP[side]), side).toBeLessThan(4 * se);
    }
  });

  it('shuffles a whole 8-deck shoe: every card exactly once', () => {
    const shoe = shuffleShoe(fastSource(5));
    expect(shoe).toHaveLength(416);
    expect(new Set(shoe).size).toBe(416);
  });
});
