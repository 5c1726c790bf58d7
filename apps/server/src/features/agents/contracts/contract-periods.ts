import type { AgentContractPeriod } from '@playfront/contract/agent-contracts-paths';

/**
 * Settlement periods (UTC, as rebates and cashback; weeks start on Monday; semi-monthly = the 1st–15th and the
 * 16th–end of month). Pure functions: the jobs and the tests share them.
 */
export type PeriodBounds = { key: string; start: Date; end: Date };

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const FIVE_MIN_MS = 5 * MINUTE_MS;

const iso = (ms: number) => new Date(ms).toISOString();

/** The period of `period` that `at` falls in. */
export function periodAt(period: AgentContractPeriod, at: Date): PeriodBounds {
  const t = at.getTime();
  if (period === 'FIVE_MINUTES') {
    const start = Math.floor(t / FIVE_MIN_MS) * FIVE_MIN_MS;
    return { key: iso(start).slice(0, 16), start: new Date(start), end: new Date(start + FIVE_MIN_MS) };
  }
  if (period === 'HOURLY') {
    const start = Math.floor(t / HOUR_MS) * HOUR_MS;
    return { key: iso(start).slice(0, 13), start: new Date(start), end: new Date(start + HOUR_MS) };
  }
  const day = Math.floor(t / DAY_MS) * DAY_MS;
  if (period === 'DAILY') return { key: iso(day).slice(0, 10), start: new Date(day), end: new Date(day + DAY_MS) };
  if (period === 'WEEKLY') {
    const monday = day - ((at.getUTCDay() + 6) % 7) * DAY_MS;
    return { key: `W${iso(monday).slice(0, 10)}`, start: new Date(monday), end: new Date(monday + 7 * DAY_MS) };
  }
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const monthStart = Date.UTC(y, m, 1);
  const monthEnd = Date.UTC(y, m + 1, 1);
  const month = iso(monthStart).slice(0, 7);
  if (period === 'MONTHLY') return { key: month, start: new Date(monthStart), end: new Date(monthEnd) };
  // SEMIMONTHLY
  const mid = Date.UTC(y, m, 16);
  return at.getUTCDate() <= 15
    ? { key: `${month}-H1`, start: new Date(monthStart), end: new Date(mid) }
    : { key: `${month}-H2`, start: new Date(mid), end: new Date(monthEnd) };
}

/** The periods that ended by `now`, the last `limit` of them, oldest first: what a run at `now` may still settle. */
export function endedPeriods(period: AgentContractPeriod, now: Date, limit: number): PeriodBounds[] {
  const out: PeriodBounds[] = [];
  let p = periodAt(period, new Date(periodAt(period, now).start.getTime() - 1));
  while (out.length < limit) {
    out.push(p);
    p = periodAt(period, new Date(p.start.getTime() - 1));
  }
  return out.reverse();
}

/** How many ended periods a run looks back over (a run that died, or an outage, leaves older ones to the next run). */
export const LOOKBACK: Record<AgentContractPeriod, number> = {
  FIVE_MINUTES: 36,
  HOURLY: 48,
  DAILY: 7,
  WEEKLY: 3,
  SEMIMONTHLY: 3,
  MONTHLY: 2,
};
