import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatTime, formatWeekdayTime, localDigits } from './date-format.ts';

// Local time: the helper shows the visitor's own clock, so the inputs are built in local time too.
const evening = new Date(2026, 10, 24, 18, 5, 9);
const morning = new Date(2026, 0, 3, 7, 0, 0);

describe('one rule for dates and times per language (issue 22)', () => {
  it('writes a Bengali date and time wholly in Bengali digits, with no Latin AM/PM', () => {
    const text = formatDateTime(evening, 'BN');
    expect(text).toBe('২৪ নভে ২০২৬, ১৮:০৫');
    expect(text).not.toMatch(/[0-9]|AM|PM/);
  });

  it('writes an English date and time in Latin digits on a 24-hour clock', () => {
    expect(formatDateTime(evening, 'EN')).toBe('24 Nov 2026, 18:05');
    expect(formatDateTime(morning, 'EN')).toBe('3 Jan 2026, 07:00');
  });

  it('takes ISO strings and epoch numbers as well as dates, and shows seconds when asked', () => {
    expect(formatDate(evening.toISOString(), 'EN')).toBe('24 Nov 2026');
    expect(formatTime(evening.getTime(), 'BN', { seconds: true })).toBe('১৮:০৫:০৯');
  });

  it('shows a brand day as that day in any time zone, and UTC when asked', () => {
    expect(formatDay('2026-11-24', 'EN')).toBe('24 Nov 2026');
    expect(formatDay('2026-01-01', 'BN')).toBe('১ জানু ২০২৬');
    expect(formatDateTime('2026-11-24T23:30:00Z', 'EN', { utc: true })).toBe('24 Nov 2026, 23:30');
  });

  it('gives an empty text for an invalid date instead of "NaN"', () => {
    expect(formatDateTime('not a date', 'BN')).toBe('');
    expect(formatTime(Number.NaN, 'EN')).toBe('');
  });

  it('turns counts into the language digits', () => {
    expect(localDigits(1234567890, 'BN')).toBe('১২৩৪৫৬৭৮৯০');
    expect(localDigits('step 3', 'EN')).toBe('step 3');
  });
});

describe('a weekday and time, written as Intl writes them', () => {
  it.each([
    ['EN', 'en-GB'],
    ['BN', 'bn-BD'],
  ] as const)('%s: each day of a week, at two times', (lang, locale) => {
    const intl = new Intl.DateTimeFormat(locale, { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let day = 0; day < 7; day++)
      for (const [h, m] of [
        [0, 5],
        [18, 30],
      ] as const) {
        const at = new Date(2026, 10, 22 + day, h, m);
        expect(formatWeekdayTime(at, lang)).toBe(intl.format(at));
      }
    expect(formatWeekdayTime('not a date', lang)).toBe('');
  });
});
