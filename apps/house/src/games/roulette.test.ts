import { describe, expect, it } from 'vitest';
import { fastSource } from '../fair/random-source.ts';
import {
  DOUBLE_ZERO,
  OUTSIDE_PICKS,
  POCKETS,
  parseRoulettePick,
  playRouletteRound,
  pocketColour,
  pocketLabel,
  ROULETTE_STATED_RTP,
  ROULETTE_WHEELS,
  type RoulettePick,
  rouletteReturn,
} from './roulette.ts';

const ALL_PICKS = (wheel: (typeof ROULETTE_WHEELS)[number]): RoulettePick[] => [
  ...OUTSIDE_PICKS,
  ...Array.from({ length: POCKETS[wheel] }, (_, n) => `n${n}` as RoulettePick),
];

describe('house roulette', () => {
  it('has the real layout: 18 red, 18 black and the zeros green, columns and dozens of 12', () => {
    const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
    expect(numbers.filter((n) => pocketColour(n) === 'red')).toHaveLength(18);
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(DOUBLE_ZERO)).toBe('green');
    expect(pocketLabel(DOUBLE_ZERO)).toBe('00');
    // Spot checks against a real table: 1 red, 2 black, 10 black, 19 red, 36 red; column 1 is 1, 4 … 34.
    expect([1, 2, 10, 19, 36].map(pocketColour)).toEqual(['red', 'black', 'black', 'red', 'red']);
    for (const column of [1, 2, 3] as const) {
      const members = numbers.filter((n) => rouletteReturn(`column${column}`, 1n, n) > 0n);
      expect(members).toHaveLength(12);
      expect(members[0]).toBe(column);
    }
    for (const dozen of [1, 2, 3] as const) {
      expect(numbers.filter((n) => rouletteReturn(`dozen${dozen}`, 1n, n) > 0n)).toEqual(numbers.slice((dozen - 1) * 12, dozen * 12));
    }
  });

  it('returns exactly 36/37 on every European bet and 36/38 on every American bet (enumerated over the pockets)', () => {
    for (const wheel of ROULETTE_WHEELS) {
      for (const pick of ALL_PICKS(wheel)) {
        let returned = 0n;
        for (let pocket = 0; pocket < POCKETS[wheel]; pocket++) returned += rouletteReturn(pick, 1n, pocket);
        expect(Number(returned) / POCKETS[wheel], `${wheel} ${pick}`).toBeCloseTo(ROULETTE_STATED_RTP[wheel], 12);
      }
    }
  });

  it('pays 35:1 on a number, 2:1 on a dozen, 1:1 on red, and nothing outside on zero', () => {
    expect(rouletteReturn('n17', 1000n, 17)).toBe(36000n);
    expect(rouletteReturn('n17', 1000n, 18)).toBe(0n);
    expect(rouletteReturn('dozen2', 1000n, 13)).toBe(3000n);
    expect(rouletteReturn('red', 1000n, 1)).toBe(2000n);
    for (const pick of OUTSIDE_PICKS) {
      expect(rouletteReturn(pick, 1000n, 0)).toBe(0n);
      expect(rouletteReturn(pick, 1000n, DOUBLE_ZERO)).toBe(0n);
    }
    expect(rouletteReturn('n0', 1000n, 0)).toBe(36000n);
    expect(rouletteReturn('n37', 1000n, DOUBLE_ZERO)).toBe(36000n);
  });

  it('accepts only picks that exist on the wheel', () => {
    expect(parseRoulettePick('european', 'n37')).toBeNull();
    expect(parseRoulettePick('american', 'n37')).toBe('n37');
    expect(parseRoulettePick('european', 'n36')).toBe('n36');
    expect(parseRoulettePick('european', 'n07')).toBeNull();
    expect(parseRoulettePick('european', 'n-1')).toBeNull();
    expect(parseRoulettePick('european', 'green')).toBeNull();
    expect(parseRoulettePick('european', 'column3')).toBe('column3');
  });

  it('lands on every pocket evenly over 1,000,000 spins, red returning the stated RTP within ±0.5 pp and a number within ±2 pp', () => {
    for (const wheel of ROULETTE_WHEELS) {
      const source = fastSource(wheel === 'european' ? 37 : 38);
      const counts = new Array<number>(POCKETS[wheel]).fill(0);
      let redReturn = 0n;
      let numberReturn = 0n;
      const spins = 1_000_000;
      for (let i = 0; i < spins; i++) {
        const { pocket } = playRouletteRound(source, wheel);
        counts[pocket] = (counts[pocket] ?? 0) + 1;
        redReturn += rouletteReturn('red', 1n, pocket);
        numberReturn += rouletteReturn('n7', 1n, pocket);
      }
      const expected = spins / POCKETS[wheel];
      // A chi-squared test against a uniform wheel: well under the 0.1 % critical value for 36-37 degrees of freedom.
      const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      expect(chi, `${wheel} chi-squared`).toBeLessThan(70);
      expect(Math.abs(Number(redReturn) / spins - ROULETTE_STATED_RTP[wheel])).toBeLessThan(0.005);
      // A single number's variance is large: 1,000,000 spins hold it within about ±1.8 pp (3 sigma).
      expect(Math.abs(Number(numberReturn) / spins - ROULETTE_STATED_RTP[wheel])).toBeLessThan(0.02);
    }
  });
});
