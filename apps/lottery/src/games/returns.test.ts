import { describe, expect, it } from 'vitest';
import { DEFAULT_GAMES } from './config.ts';
import { FORMAT_BET_TYPES } from './grade.ts';
import { exactReturn, exactSecondMoment, randomChoice, ratioValue, representativeChoices, simulateReturn, statedRtpBp } from './returns.ts';

/** One entry per distinct paytable: (format, bet type), the VN central and southern games share theirs. */
const TABLES = DEFAULT_GAMES.flatMap((game) => game.betTypes.map((betType) => ({ game, betType }))).filter(
  (entry, i, all) => all.findIndex((e) => e.game.format === entry.game.format && e.betType.code === entry.betType.code) === i,
);

describe('paytables: the exact return of the odds is the configured return', () => {
  it('every format offers exactly its bet types in the demo configuration', () => {
    for (const game of DEFAULT_GAMES) expect(game.betTypes.map((b) => b.code)).toEqual([...FORMAT_BET_TYPES[game.format]]);
  });

  for (const { game, betType } of TABLES) {
    it(`${game.format} ${betType.code}`, () => {
      for (const choice of representativeChoices(betType)) {
        const exact = exactReturn(game.format, betType, choice);
        const stated = statedRtpBp(betType, choice);
        // Fixed odds: exactly equal. Odds by sum or by keno pick count are whole thousandths: equal to the basis point.
        if (betType.code === 'P3_SUM' || betType.code === 'KENO') {
          expect(Math.abs(ratioValue(exact) * 10000 - stated), `${choice.join(',')}`).toBeLessThan(0.5);
        } else {
          expect(exact.num * 10000n, `${choice.join(',')}`).toBe(BigInt(stated) * exact.den);
        }
      }
    });
  }

  it('the VN returns are the familiar ones: northern lô 94.5 %, đề 95 %, 3-càng 90 %', () => {
    const north = DEFAULT_GAMES.find((g) => g.code === 'VN_NORTH');
    const lo2 = north?.betTypes.find((b) => b.code === 'LO2');
    expect(lo2 && ratioValue(exactReturn('VN_NORTH', lo2, ['27']))).toBe(0.945);
    const south = DEFAULT_GAMES.find((g) => g.code === 'VN_SOUTH');
    const southLo2 = south?.betTypes.find((b) => b.code === 'LO2');
    expect(southLo2 && ratioValue(exactReturn('VN_SOUTH', southLo2, ['27']))).toBe(0.945);
  });
});

/**
 * 1,000,000 one-line slips per bet type, 100 per draw, each draw from the real result function fed by a fast
 * seeded generator. The aim is ±0.5 pp. It is met only where the standard error of a million slips allows it
 * (even-money bets): a bet paying 95× or more has a standard error over a million independent slips well above
 * 0.5 pp (SEA_SIX, a one-in-a-million 900×, is ±90 pp), so there the bound is 4 standard errors, computed exactly
 * from the paytable's second moment, and the test prints which bound it used. The exact returns above are the
 * tight check; this one checks that the draws and the grading behave as the exact computation assumes.
 */
describe('simulation: 1,000,000 slips per bet type land on the exact return', () => {
  const SLIPS = 1_000_000;
  for (const [index, { game, betType }] of TABLES.entries()) {
    it(`${game.format} ${betType.code}`, () => {
      // Fixed-odds bets return the same on every number: random numbers. Odds by sum, or keno rows by pick count:
      // a random sum, or a random pick count 1..10 and random numbers, against the mean of those rows' returns.
      const rows =
        betType.code === 'P3_SUM' || betType.code === 'KENO'
          ? representativeChoices(betType)
          : [representativeChoices(betType)[0] as string[]];
      const simulation = simulateReturn(game.format, betType, SLIPS, 0x5eed + index, (s) =>
        betType.code === 'KENO' ? randomChoice(betType, s, 1 + s.below(10)) : randomChoice(betType, s),
      );
      const exact = rows.reduce((sum, c) => sum + ratioValue(exactReturn(game.format, betType, c)), 0) / rows.length;
      const second = rows.reduce((sum, c) => sum + exactSecondMoment(game.format, betType, c), 0) / rows.length;
      const standardError = Math.sqrt((second - exact * exact) / SLIPS);
      const bound = Math.max(0.005, 4 * standardError);
      console.log(
        `${game.format} ${betType.code}: exact ${(exact * 100).toFixed(3)} % simulated ${(simulation.simulated * 100).toFixed(3)} % ` +
          `(standard error ${(standardError * 100).toFixed(3)} pp, bound ±${(bound * 100).toFixed(2)} pp${bound > 0.005 ? ' = 4 standard errors' : ''})`,
      );
      expect(Math.abs(simulation.simulated - exact)).toBeLessThanOrEqual(bound);
    });
  }
});
