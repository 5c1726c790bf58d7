import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';

/** "1234567" → "1,234,567"; by hand, as `toLocaleString('en-US')` writes it without loading Intl's locale data. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count as the dashboard shows it: 1234567 → "1,234,567"; a negative count keeps its sign. */
export const formatCount = (n: number) => (n < 0 ? `-${groupThousands(String(-n))}` : groupThousands(String(n)));

/** Money is integer minor units (a decimal string on the wire); formatting happens only here, at the edge. */
export function formatMinor(minor: string | bigint, currency = ''): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = groupThousands((abs / 100n).toString());
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '−' : ''}${currency ? `${currency} ` : ''}${whole}.${cents}`;
}

/**
 * An amount typed by staff ("1,234.5") as minor units, or null when it is not a positive amount with at most two
 * decimals. Never goes through a float.
 */
export function parseAmountToMinor(text: string): string | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const minor = BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
  return minor > 0n ? minor.toString() : null;
}

/** An ISO time as the staff member's local "yyyy-mm-dd hh:mm". */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * Today as yyyy-mm-dd in the brand's days, and `offsetDays` from it: the report filters' defaults. A staff member's
 * own calendar would miss today's figures between 18:00 and 24:00 UTC, when the brand is already on the next day.
 */
export function isoDay(offsetDays = 0, now = new Date()): string {
  const brandNow = new Date(now.getTime() + BRAND_UTC_OFFSET_MINUTES * 60_000);
  const d = new Date(Date.UTC(brandNow.getUTCFullYear(), brandNow.getUTCMonth(), brandNow.getUTCDate() + offsetDays));
  return d.toISOString().slice(0, 10);
}

/** A random idempotency key for one staff action (a retry of the same dialog reuses it). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
