/**
 * The window of a records page (spec section 9, "date presets: next and
 * previous 7 and 30 days"): a length of 7 or 30 days that ends today at first,
 * then steps back ("previous 7 days") and forward ("next 7 days") one length at
 * a time, never past today. "Today" is the brand's day as the server reports
 * it (the `to` of the first answer), so the browser's clock and time zone do
 * not matter.
 */
export const WINDOW_LENGTHS = [7, 30] as const;
export type WindowLength = (typeof WINDOW_LENGTHS)[number];

/** `to` null: the window ends today (asked as the server's `last7` / `last30` preset). */
export type RecordWindow = { length: WindowLength; to: string | null };

export type RecordRange = { preset: 'last7' | 'last30' } | { from: string; to: string };

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `n` days (calendar arithmetic in UTC, no time zone shift). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export const initialWindow = (length: WindowLength = 7): RecordWindow => ({ length, to: null });

/** What the records call is asked for. */
export function rangeOf(w: RecordWindow): RecordRange {
  if (w.to === null) return { preset: w.length === 7 ? 'last7' : 'last30' };
  return { from: addDays(w.to, 1 - w.length), to: w.to };
}

/** One length earlier; needs today when the window still ends today. */
export function previousWindow(w: RecordWindow, today: string): RecordWindow {
  const end = w.to ?? today;
  return { length: w.length, to: addDays(end, -w.length) };
}

/** One length later, back to "ends today" once it would reach it. */
export function nextWindow(w: RecordWindow, today: string): RecordWindow {
  if (w.to === null) return w;
  const to = addDays(w.to, w.length);
  return { length: w.length, to: to >= today ? null : to };
}

export const hasNext = (w: RecordWindow) => w.to !== null;

/** Another length, same last day. */
export const withLength = (w: RecordWindow, length: WindowLength): RecordWindow => ({ length, to: w.to });
