import type { TFunction } from 'i18next';

/**
 * A match's kick-off in the visitor's time zone, "Nov 23, 2026, 1:49 PM" (BN "23 নভে, 2026, 1:49 PM"),
 * from the lobby catalogue's month names and pattern. Not Intl.DateTimeFormat: a page's first one costs
 * ~25 ms of main thread here (~100 ms on a phone), and the hot matches are on the first screen.
 */
export function matchTime(date: Date, t: TFunction<'lobby'>): string {
  const months = t('matches.months', { returnObjects: true }) as string[];
  const hours = date.getHours();
  return t('matches.time', {
    month: months[date.getMonth()] ?? String(date.getMonth() + 1),
    day: date.getDate(),
    year: date.getFullYear(),
    hour: hours % 12 === 0 ? 12 : hours % 12,
    minute: String(date.getMinutes()).padStart(2, '0'),
    period: hours < 12 ? t('matches.am') : t('matches.pm'),
  });
}
