import { describe, expect, it } from 'vitest';
import { pad2, timeLeft } from './countdown.ts';

const now = Date.parse('2026-11-25T12:00:00.000Z');

describe('bonus expiry countdown', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-12-02T12:00:00.000Z', now)).toEqual({ expired: false, days: 7, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft('2026-11-26T15:04:05.900Z', now)).toEqual({ expired: false, days: 1, hours: 3, minutes: 4, seconds: 5 });
    expect(timeLeft('2026-11-25T12:00:59.000Z', now)).toEqual({ expired: false, days: 0, hours: 0, minutes: 0, seconds: 59 });
  });

  it('is expired at and after the moment, and for a date it cannot read', () => {
    expect(timeLeft('2026-11-25T12:00:00.000Z', now).expired).toBe(true);
    expect(timeLeft('2026-11-20T00:00:00.000Z', now).expired).toBe(true);
    expect(timeLeft('not a date', now).expired).toBe(true);
  });

  it('pads clock digits', () => {
    expect(`${pad2(5)}:${pad2(9)}:${pad2(30)}`).toBe('05:09:30');
  });
});
