import { describe, expect, it } from 'vitest';
import { missionFigures, timeLeft } from './mission-figures.ts';

const money = (minor: string) => `৳${(Number(minor) / 100).toFixed(2)}`;

describe('mission figures', () => {
  it('shows money goals in the currency and the others as counts', () => {
    expect(missionFigures({ goal: 'wager', progress: '30000', target: '50000' }, money)).toEqual({ value: '৳300.00', target: '৳500.00' });
    expect(missionFigures({ goal: 'deposit', progress: '0', target: '100000' }, money)).toEqual({ value: '৳0.00', target: '৳1000.00' });
    expect(missionFigures({ goal: 'distinctGames', progress: '2', target: '3' }, money)).toEqual({ value: '2', target: '3' });
    expect(missionFigures({ goal: 'bigWin', progress: '1', target: '1' }, money)).toEqual({ value: '1', target: '1' });
  });

  it('counts the time to the reset in days, hours and minutes, rounding up, never below zero', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(timeLeft('2026-11-26T00:00:00.000Z', now)).toEqual({ days: 0, hours: 14, minutes: 0 });
    expect(timeLeft('2026-11-30T00:00:00.000Z', now)).toEqual({ days: 4, hours: 14, minutes: 0 });
    expect(timeLeft('2026-11-25T10:00:30.000Z', now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft('2026-11-25T09:00:00.000Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
