import { describe, expect, it } from 'vitest';
import { fastSource } from '../fair/random-source.ts';
import { CRASH_STATED_RTP, crashPointFromUniform, crashWin, parseCrashTarget, playCrashRound } from './crash.ts';

const TWO_52 = 1n << 52n;

/** How many of the 2^52 equally likely draws reach target T (hundredths): u >= 2^52 - floor(97 x 2^52 / T). */
const winningDraws = (target: number) => (97n * TWO_52) / BigInt(target);

describe('house crash', () => {
  it('reaches a target exactly from the first winning draw on (the boundary is exact)', () => {
    for (const target of [101, 150, 200, 1000, 100_000]) {
      const first = TWO_52 - winningDraws(target);
      expect(crashPointFromUniform(first), `target ${target}`).toBeGreaterThanOrEqual(target);
      expect(crashPointFromUniform(first - 1n), `target ${target}`).toBeLessThan(target);
    }
    expect(crashPointFromUniform(0n)).toBe(100);
  });

  it('returns at most the stated 97 % for every cash-out target, short of it by under 0.0001 pp', () => {
    for (const target of [101, 110, 125, 150, 200, 333, 500, 1000, 2500, 10_000, 100_000]) {
      const rtp = (Number(winningDraws(target)) / Number(TWO_52)) * (target / 100);
      expect(rtp, `target ${target}`).toBeLessThanOrEqual(CRASH_STATED_RTP);
      expect(CRASH_STATED_RTP - rtp, `target ${target}`).toBeLessThan(1e-6);
    }
  });

  it('simulated returns at 2.00× agree with 97 % within 4 standard errors', () => {
    const rounds = 400_000;
    const source = fastSource(4242);
    let wins = 0;
    for (let i = 0; i < rounds; i++) if (playCrashRound(source, 200).cashedOut) wins++;
    const p = wins / rounds;
    const rtp = 2 * p;
    const se = 2 * Math.sqrt((p * (1 - p)) / rounds);
    expect(Math.abs(rtp - CRASH_STATED_RTP)).toBeLessThan(4 * se);
  });

  it('pays bet × target in whole minor units and reads targets like "2", "2.5" and "2.50"', () => {
    expect(crashWin(1000n, { crashPoint: 500, target: 250, cashedOut: true })).toBe(2500n);
    expect(crashWin(1000n, { crashPoint: 120, target: 250, cashedOut: false })).toBe(0n);
    expect(parseCrashTarget('2')).toBe(200);
    expect(parseCrashTarget('2.5')).toBe(250);
    expect(parseCrashTarget('2.50')).toBe(250);
    expect(parseCrashTarget('1.00')).toBeNull();
    expect(parseCrashTarget('1000.01')).toBeNull();
    expect(parseCrashTarget('abc')).toBeNull();
  });
});
