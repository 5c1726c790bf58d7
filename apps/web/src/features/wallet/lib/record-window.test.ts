import { describe, expect, it } from 'vitest';
import { addDays, hasNext, initialWindow, nextWindow, previousWindow, rangeOf, withLength } from './record-window.ts';

// The server's "today" (brand day); 2026 is not a leap year, so February has 28 days.
const today = '2026-03-05';

describe('records window (previous / next 7 and 30 days)', () => {
  it('starts with the days up to today, asked as the server preset, with no next window', () => {
    expect(rangeOf(initialWindow())).toEqual({ preset: 'last7' });
    expect(rangeOf(initialWindow(30))).toEqual({ preset: 'last30' });
    expect(hasNext(initialWindow())).toBe(false);
    expect(nextWindow(initialWindow(), today)).toEqual(initialWindow());
  });

  it('steps back one length at a time, each window the same length and touching the one after it', () => {
    const back1 = previousWindow(initialWindow(), today);
    expect(rangeOf(back1)).toEqual({ from: '2026-02-20', to: '2026-02-26' });
    expect(hasNext(back1)).toBe(true);
    const back2 = previousWindow(back1, today);
    expect(rangeOf(back2)).toEqual({ from: '2026-02-13', to: '2026-02-19' });
    const month = previousWindow(initialWindow(30), today);
    expect(rangeOf(month)).toEqual({ from: '2026-01-05', to: '2026-02-03' });
  });

  it('steps forward again and comes back to "up to today" instead of passing it', () => {
    const back2 = previousWindow(previousWindow(initialWindow(), today), today);
    const forward1 = nextWindow(back2, today);
    expect(rangeOf(forward1)).toEqual({ from: '2026-02-20', to: '2026-02-26' });
    expect(nextWindow(forward1, today)).toEqual(initialWindow());
    // A window that ends a few days before today (after switching length) also lands on today, never beyond.
    expect(nextWindow({ length: 7, to: '2026-03-01' }, today)).toEqual({ length: 7, to: null });
  });

  it('keeps the last day when the length changes', () => {
    const back = previousWindow(initialWindow(), today);
    expect(rangeOf(withLength(back, 30))).toEqual({ from: '2026-01-28', to: '2026-02-26' });
    expect(withLength(initialWindow(), 30)).toEqual(initialWindow(30));
  });

  it('adds calendar days across months and years without time zone drift', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
