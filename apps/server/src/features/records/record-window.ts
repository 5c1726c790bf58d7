import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { type DatePreset, MAX_RECORD_DAYS } from '@playfront/contract/funds-paths';
import { AppError } from '../../http/app-error.ts';

const DAY_MS = 86_400_000;

const dayOf = (at: Date) => new Date(at.getTime() + BRAND_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - BRAND_UTC_OFFSET_MINUTES * 60_000);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

export type RecordWindow = {
  /** Inclusive first and last day, YYYY-MM-DD in brand time. */
  fromDay: string;
  toDay: string;
  /** The same as instants: [from, to). */
  from: Date;
  to: Date;
};

/** Resolves a preset or explicit days; refuses reversed, invalid or too long windows. */
export function resolveWindow(query: { preset?: DatePreset; from?: string; to?: string }, now: Date): RecordWindow {
  const today = dayOf(now);
  let fromDay: string;
  let toDay: string;
  if (query.preset) {
    const n = query.preset.endsWith('30') ? 30 : 7;
    [fromDay, toDay] = query.preset.startsWith('last') ? [addDays(today, 1 - n), today] : [today, addDays(today, n - 1)];
  } else {
    fromDay = query.from ?? addDays(query.to ?? today, -6);
    toDay = query.to ?? (query.from ? addDays(query.from, 6) : today);
  }
  const from = startOfDay(fromDay);
  const end = startOfDay(addDays(toDay, 1));
  // Date.parse accepts 2026-02-31 by rolling over; the round trip catches it.
  const valid = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && addDays(d, 0) === d;
  if (!valid(fromDay) || !valid(toDay)) throw new AppError('VALIDATION', { fields: { from: { key: 'errors.formatIncorrect' } } });
  const days = (end.getTime() - from.getTime()) / DAY_MS;
  if (days < 1 || days > MAX_RECORD_DAYS) throw new AppError('VALIDATION', { fields: { to: { key: 'errors.formatIncorrect' } } });
  return { fromDay, toDay, from, to: end };
}

/** Every day of the window, oldest first. */
export function daysOf(window: RecordWindow): string[] {
  const out: string[] = [];
  for (let d = window.fromDay; d <= window.toDay; d = addDays(d, 1)) out.push(d);
  return out;
}
