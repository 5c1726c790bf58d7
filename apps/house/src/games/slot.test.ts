import { describe, expect, it } from 'vitest';
import { fastSource, type RandomSource } from '../fair/random-source.ts';
import {
  drawStops,
  evaluateGrid,
  evaluateLine,
  FREE_SPINS_AWARDED,
  LINES,
  playSlotRound,
  REEL_STRIPS,
  SCATTER,
  SLOT_BETS,
  slotWin,
  WILD,
} from './slot.ts';
import { computeSlotRtp, SLOT_STATED_RTP } from './slot-rtp.ts';

/** A source that replays fixed words (then fails loudly), to force reel stops. */
function scripted(words: number[]): RandomSource {
  let i = 0;
  return {
    nextUint32() {
      const w = words[i++];
      if (w === undefined) throw new Error('script ran out');
      return w;
    },
  };
}

describe('house video slot: rules', () => {
  it('pays a line from the left, wilds standing in, and stops at a scatter', () => {
    const [CROWN, GEM, ACE] = [2, 3, 5];
    expect(evaluateLine([CROWN, CROWN, CROWN, GEM, GEM])).toEqual({ symbol: CROWN, count: 3, units: 45 });
    expect(evaluateLine([CROWN, WILD, WILD, CROWN, CROWN])).toEqual({ symbol: CROWN, count: 5, units: 200 });
    expect(evaluateLine([ACE, WILD, ACE, ACE, GEM])).toEqual({ symbol: ACE, count: 4, units: 35 });
    expect(evaluateLine([ACE, ACE, SCATTER, ACE, ACE]).units).toBe(0);
    expect(evaluateLine([ACE, ACE, GEM, ACE, ACE]).units).toBe(0);
  });

  it('has 20 paylines, wilds only on reels 2-4 and one scatter per strip', () => {
    expect(LINES).toBe(20);
    expect(REEL_STRIPS[0]).not.toContain(WILD);
    expect(REEL_STRIPS[4]).not.toContain(WILD);
    for (const reel of [1, 2, 3]) expect(REEL_STRIPS[reel]).toContain(WILD);
    for (const strip of REEL_STRIPS) expect(strip.filter((s) => s === SCATTER)).toHaveLength(1);
  });

  it('3 scatters in view pay twice the bet and play 10 free spins inside the same round', () => {
    // Stop each of reels 1-3 on its scatter (row 0); reels 4-5 anywhere.
    const scatterStops = REEL_STRIPS.map((strip) => strip.indexOf(SCATTER));
    const words = [scatterStops[0]!, scatterStops[1]!, scatterStops[2]!, 0, 0];
    // Then 10 free spins of 5 stops each, all at stop 0.
    for (let i = 0; i < FREE_SPINS_AWARDED * 5; i++) words.push(0);
    const round = playSlotRound(scripted(words));
    expect(round.base.scatterCount).toBeGreaterThanOrEqual(3);
    expect(round.freeSpins).toHaveLength(FREE_SPINS_AWARDED);
    const scatterUnits = LINES * 2;
    expect(round.base.units).toBeGreaterThanOrEqual(scatterUnits);
    expect(round.totalUnits).toBe(round.freeSpins.reduce((sum, s) => sum + s.units, round.base.units));
    // The win is exact integer minor units for every bet level.
    for (const bet of SLOT_BETS) expect(slotWin(bet, round.totalUnits) * BigInt(LINES)).toBe(bet * BigInt(round.totalUnits));
  });

  it('marks the winning lines of a grid', () => {
    const CROWN = 2;
    const grid = [0, 1, 2, 3, 4].map(() => [CROWN, 9, 8]);
    grid[0] = [CROWN, 7, 6];
    const result = evaluateGrid(grid, 1);
    // Top row is all crowns: line 2 (index 1) pays 5 of a kind.
    expect(result.lineWins).toContainEqual({ line: 1, symbol: CROWN, count: 5, units: 200 });
  });
});

describe('house video slot: return to player', () => {
  it('states the RTP that exact enumeration gives (96.10 %)', () => {
    const exact = computeSlotRtp();
    expect(Math.abs(exact.total - SLOT_STATED_RTP)).toBeLessThan(0.00005);
    expect(exact.lines + exact.scatter + exact.freeSpins).toBeCloseTo(exact.total, 12);
  });

  it('lands within ±0.5 percentage points of the stated RTP over 1,000,000 simulated rounds', () => {
    const rounds = 1_000_000;
    const source = fastSource(20261123);
    let units = 0;
    let squares = 0;
    for (let i = 0; i < rounds; i++) {
      const u = playSlotRound(source).totalUnits;
      units += u;
      squares += u * u;
    }
    const mean = units / rounds / LINES;
    const sd = Math.sqrt(squares / rounds / (LINES * LINES) - mean * mean);
    console.log(
      `slot RTP over ${rounds} rounds: ${(mean * 100).toFixed(3)} % (stated ${(SLOT_STATED_RTP * 100).toFixed(2)} %, sd per round ${sd.toFixed(2)})`,
    );
    expect(Math.abs(mean - SLOT_STATED_RTP)).toBeLessThanOrEqual(0.005);
  });

  it('draws every reel stop equally often (chi-square, 99 % confidence)', () => {
    const draws = 300_000;
    const source = fastSource(77);
    const counts = REEL_STRIPS.map((strip) => new Array<number>(strip.length).fill(0));
    for (let i = 0; i < draws; i++) {
      const stops = drawStops(source);
      stops.forEach((stop, reel) => {
        const row = counts[reel]!;
        row[stop] = (row[stop] ?? 0) + 1;
      });
    }
    counts.forEach((row, reel) => {
      const expected = draws / row.length;
      const chi2 = row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      // Critical values of chi-square at p = 0.01: 29 degrees of freedom 49.588, 30 degrees 50.892.
      const critical = row.length - 1 === 29 ? 49.588 : row.length - 1 === 30 ? 50.892 : Number.NaN;
      expect(critical, `reel ${reel + 1} has ${row.length} stops`).not.toBeNaN();
      expect(chi2, `reel ${reel + 1}`).toBeLessThan(critical);
    });
  });
});
