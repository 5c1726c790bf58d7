import { describe, expect, it } from 'vitest';
import { clockText, rainFace, refetchDelay } from './countdown.ts';

describe('envelope rain countdown and faces', () => {
  it('writes the time left as mm:ss, or h:mm:ss from an hour', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(-5)).toBe('00:00');
    expect(clockText(61_001)).toBe('01:02');
    expect(clockText(3_600_000 + 5_000)).toBe('1:00:05');
  });

  it('picks the face of a running rain', () => {
    const rain = { opened: null, remaining: 3, eligible: true };
    expect(rainFace(null, true)).toBe('hidden');
    expect(rainFace(rain, true)).toBe('open');
    expect(rainFace({ ...rain, eligible: null }, false)).toBe('login');
    expect(rainFace({ ...rain, opened: '120' }, true)).toBe('opened');
    expect(rainFace({ ...rain, remaining: 0 }, true)).toBe('empty');
    expect(rainFace({ ...rain, eligible: false }, true)).toBe('notEligible');
  });

  it('asks again soon while a rain runs, just after the next start, else rarely', () => {
    const base = { now: '2026-12-01T12:00:00.000Z', currency: 'BDT', currencySymbol: '৳' };
    const next = { rainId: '1', name: 'r', durationSeconds: 60, minVipLevel: 0, repeatMinutes: 10 };
    expect(refetchDelay({ ...base, current: null, next: { ...next, startsAt: '2026-12-01T12:01:00.000Z' } })).toBe(62_500);
    expect(refetchDelay({ ...base, current: null, next: null })).toBe(300_000);
    expect(refetchDelay({ ...base, current: null, next: { ...next, startsAt: '2026-12-02T12:00:00.000Z' } })).toBe(300_000);
  });
});
