import { describe, expect, it } from 'vitest';
import { fastSource, type RandomSource } from '../fair/random-source.ts';
import { FISH, FISH_MULTIPLIERS, FISHING_STATED_RTP, fishingWin, parseFish, playFishingRound } from './fishing.ts';

/** A source that answers the given words in turn (to reach a chosen draw). */
const words = (...list: number[]): RandomSource => {
  let i = 0;
  return { nextUint32: () => list[i++ % list.length] as number };
};

describe('house fishing', () => {
  it('returns exactly 96 % on every fish: catch chance 96 / (100 × multiplier), a catch pays bet × multiplier', () => {
    for (const fish of FISH) {
      const m = FISH_MULTIPLIERS[fish];
      // Every draw in [0, 100m) is equally likely (words below the rejection limit are taken as they are): play each.
      let returned = 0n;
      for (let u = 0; u < 100 * m; u++) returned += fishingWin(1n, playFishingRound(words(u), fish));
      expect(Number(returned) / (100 * m), fish).toBe(FISHING_STATED_RTP);
      expect(fishingWin(1000n, { fish, multiplier: m, caught: true })).toBe(1000n * BigInt(m));
      expect(fishingWin(1000n, { fish, multiplier: m, caught: false })).toBe(0n);
    }
  });

  it('catches exactly on the draws below 96', () => {
    // uniformInt(n) is word % n for words below the rejection limit.
    expect(playFishingRound(words(95), 'clownfish').caught).toBe(true);
    expect(playFishingRound(words(96), 'clownfish').caught).toBe(false);
    expect(playFishingRound(words(199), 'clownfish').caught).toBe(false);
    expect(playFishingRound(words(200 + 95), 'clownfish').caught).toBe(true);
    expect(playFishingRound(words(96), 'dragon')).toEqual({ fish: 'dragon', multiplier: 300, caught: false });
  });

  it('knows only its own fish', () => {
    expect(parseFish('shark')).toBe('shark');
    expect(parseFish('SHARK')).toBeNull();
    expect(parseFish('goldfish')).toBeNull();
  });

  it('returns the stated RTP over 1,000,000 shots on small fish (±0.5 pp) and agrees within 4 standard errors on big ones', () => {
    const shots = 1_000_000;
    for (const fish of FISH) {
      const source = fastSource(FISH_MULTIPLIERS[fish]);
      let returned = 0;
      for (let i = 0; i < shots; i++) if (playFishingRound(source, fish).caught) returned += FISH_MULTIPLIERS[fish];
      const mean = returned / shots;
      const m = FISH_MULTIPLIERS[fish];
      const p = FISHING_STATED_RTP / m;
      const se = m * Math.sqrt((p * (1 - p)) / shots);
      expect(Math.abs(mean - FISHING_STATED_RTP), fish).toBeLessThan(4 * se);
      if (m <= 3) expect(Math.abs(mean - FISHING_STATED_RTP), fish).toBeLessThan(0.005);
    }
  });
});
