import { describe, expect, it } from 'vitest';
import { wageringProgress } from './wagering.ts';

describe('wagering progress', () => {
  it('starts at 0 % with the whole requirement left', () => {
    expect(wageringProgress('0', '2000000')).toEqual({ percent: 0, left: 2_000_000n, met: false });
  });

  it('rounds down, so it never shows 100 % before the requirement is met', () => {
    expect(wageringProgress('1999999', '2000000')).toEqual({ percent: 99, left: 1n, met: false });
    expect(wageringProgress('500', '2000')).toEqual({ percent: 25, left: 1500n, met: false });
    expect(wageringProgress('1', '3')).toEqual({ percent: 33, left: 2n, met: false });
  });

  it('stops at 100 % once met or passed', () => {
    expect(wageringProgress('2000000', '2000000')).toEqual({ percent: 100, left: 0n, met: true });
    expect(wageringProgress('2500000', '2000000')).toEqual({ percent: 100, left: 0n, met: true });
  });

  it('treats a bonus without wagering as met', () => {
    expect(wageringProgress('0', '0')).toEqual({ percent: 100, left: 0n, met: true });
  });

  it('stays exact beyond 2^53', () => {
    const required = 10n ** 17n;
    expect(wageringProgress(required / 2n - 1n, required)).toEqual({ percent: 49, left: required / 2n + 1n, met: false });
  });
});
