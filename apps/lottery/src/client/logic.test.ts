import type { LotterySelection } from '@playfront/contract/lottery';
import { describe, expect, it } from 'vitest';
import { countdownText, money, parseStake, stakeText } from './boot.ts';
import { clockText, completeLine, quickPick, timeText } from './views.ts';

describe('lottery client logic', () => {
  it('reads stakes as exact minor units and shows money without floats', () => {
    expect(parseStake('10')).toBe(1000n);
    expect(parseStake('10.5')).toBe(1050n);
    expect(parseStake(' 0,05 ')).toBe(5n);
    expect(parseStake('10.505')).toBeNull();
    expect(parseStake('-1')).toBeNull();
    expect(parseStake('1e3')).toBeNull();
    expect(stakeText(1050n)).toBe('10.50');
    expect(money('123456789', '৳')).toBe('৳1,234,567.89');
  });

  it('counts down in mm:ss, hh:mm:ss and days, never below zero', () => {
    expect(countdownText(59_001)).toBe('01:00');
    expect(countdownText(3_600_000)).toBe('01:00:00');
    expect(countdownText(90_061_000)).toBe('1d 01:01:01');
    expect(countdownText(-5)).toBe('00:00');
  });

  it('writes clock times as Intl.DateTimeFormat does for both languages, 24-hour with Latin digits', () => {
    const times = [
      new Date(2026, 10, 28, 0, 0, 0),
      new Date(2026, 10, 28, 7, 5, 9),
      new Date(2026, 0, 1, 12, 30, 59),
      new Date(2026, 5, 15, 23, 59, 1),
    ];
    for (const locale of ['en-GB', 'bn-BD-u-nu-latn']) {
      for (const date of times) {
        expect(clockText(date, false)).toBe(new Intl.DateTimeFormat(locale, { timeStyle: 'short', hourCycle: 'h23' }).format(date));
        expect(clockText(date, true)).toBe(new Intl.DateTimeFormat(locale, { timeStyle: 'medium', hourCycle: 'h23' }).format(date));
      }
    }
    expect(timeText('2026-11-28T07:05:09', 'BN')).toBe('07:05:09');
  });

  it('quick-picks numbers that fit the shortcut and make a complete line', () => {
    const three: LotterySelection = { select: 'digits', digits: 3 };
    for (let i = 0; i < 200; i++) {
      const [big] = quickPick(three, 'big', []);
      expect(Number(big)).toBeGreaterThanOrEqual(500);
      const [odd] = quickPick(three, 'odd', []);
      expect(Number(odd) % 2).toBe(1);
      expect(completeLine(three, [odd as string])).toBe(true);
    }
    const keno: LotterySelection = { select: 'set', pool: 80, min: 1, max: 10 };
    const small = quickPick(keno, 'small', ['1', '2', '3']);
    expect(small).toHaveLength(3);
    expect(small.every((n) => Number(n) <= 40)).toBe(true);
    expect(new Set(small).size).toBe(3);
    expect(completeLine(keno, small)).toBe(true);
    expect(quickPick(keno, 'random', [])).toHaveLength(5);
    const bigSmall: LotterySelection = { select: 'choice', choices: ['BIG', 'SMALL'] };
    expect(quickPick(bigSmall, 'small', [])).toEqual(['SMALL']);
    const sums: LotterySelection = { select: 'choice', choices: Array.from({ length: 28 }, (_, i) => String(i)) };
    for (let i = 0; i < 50; i++) expect(Number(quickPick(sums, 'big', [])[0])).toBeGreaterThanOrEqual(14);
  });

  it('refuses incomplete lines', () => {
    expect(completeLine({ select: 'digits', digits: 2 }, ['7'])).toBe(false);
    expect(completeLine({ select: 'digits', digits: 2 }, ['07'])).toBe(true);
    expect(completeLine({ select: 'choice', choices: ['ODD', 'EVEN'] }, ['BIG'])).toBe(false);
    expect(completeLine({ select: 'set', pool: 80, min: 1, max: 10 }, [])).toBe(false);
    expect(completeLine({ select: 'set', pool: 80, min: 1, max: 10 }, ['5', '5'])).toBe(false);
  });
});
