import { describe, expect, it } from 'vitest';
import { contributionRows, multiplierText, percentOfBps } from './terms.ts';

describe('promotion terms as text', () => {
  it('reads basis points as a percentage', () => {
    expect(percentOfBps(10_000)).toBe('100');
    expect(percentOfBps(2_000)).toBe('20');
    expect(percentOfBps(2_550)).toBe('25.5');
    expect(percentOfBps(1_234)).toBe('12.34');
    expect(percentOfBps(5)).toBe('0.05');
    expect(percentOfBps(0)).toBe('0');
  });

  it('drops trailing zeros of a multiplier', () => {
    expect(multiplierText('20.00')).toBe('20');
    expect(multiplierText('1.50')).toBe('1.5');
    expect(multiplierText('0.25')).toBe('0.25');
    expect(multiplierText('15')).toBe('15');
    expect(multiplierText('10.0')).toBe('10');
  });

  it('lists game contributions largest first', () => {
    expect(contributionRows({ LIVE: 10, RNG: 100, LOTT: 0, FISH: 100, SPORTS: 50 })).toEqual([
      { category: 'FISH', percent: 100 },
      { category: 'RNG', percent: 100 },
      { category: 'SPORTS', percent: 50 },
      { category: 'LIVE', percent: 10 },
      { category: 'LOTT', percent: 0 },
    ]);
  });
});
