import type { MissionPeriod } from '@playfront/contract/missions-paths';

/**
 * Mission periods in UTC: a day is `YYYY-MM-DD`, a week is the ISO week `YYYY-Www` (Monday to Sunday, the year the
 * week's Thursday falls in), so every instance and every event agrees on which period a moment belongs to.
 */
const DAY_MS = 86_400_000;

export const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/** Midnight UTC of the Monday of `at`'s ISO week. */
function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export function weekKey(at: Date): string {
  const thursday = new Date(weekStart(at).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const periodKey = (period: MissionPeriod, at: Date) => (period === 'daily' ? dayKey(at) : weekKey(at));

/** When the period holding `at` ends (the next one starts). */
export function periodEnd(period: MissionPeriod, at: Date): Date {
  if (period === 'weekly') return new Date(weekStart(at).getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) + DAY_MS);
}
