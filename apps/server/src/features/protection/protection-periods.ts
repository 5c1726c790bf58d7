import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import type { LimitName, LimitPeriod } from '@playfront/contract/protection';

/** Limit periods in the brand's time zone (UTC+6, no daylight saving): a day from 00:00, a week from Monday, a month from the 1st. */
const OFFSET_MS = BRAND_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

export const BRAND_TIME_ZONE = 'UTC+06:00';

export type Period = { start: Date; end: Date };

export function periodOf(period: LimitPeriod, at: Date): Period {
  const local = new Date(at.getTime() + OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let start: number;
  let end: number;
  if (period === 'DAY') {
    start = day;
    end = day + DAY_MS;
  } else if (period === 'WEEK') {
    start = day - ((local.getUTCDay() + 6) % 7) * DAY_MS;
    end = start + 7 * DAY_MS;
  } else {
    start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
    end = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1);
  }
  return { start: new Date(start - OFFSET_MS), end: new Date(end - OFFSET_MS) };
}

export function periodOfLimit(name: LimitName, at: Date): Period {
  return periodOf(name.split('_')[1] as LimitPeriod, at);
}
