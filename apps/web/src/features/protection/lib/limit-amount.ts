/**
 * Limit values typed by a member to the wire's integer text and back, without a float: money in major units with up
 * to 2 decimals ("1,500.50" → "150050"), session time in whole minutes. Bengali digits read as Latin ones.
 */
const latinDigits = (text: string) => text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

export function parseLimitInput(text: string, minutes: boolean): string | null {
  const clean = latinDigits(text.trim()).replace(/,/g, '');
  if (minutes) {
    if (!/^\d{1,4}$/.test(clean)) return null;
    const n = Number(clean);
    return n >= 1 && n <= 1440 ? String(n) : null;
  }
  if (!/^\d{1,13}(\.\d{0,2})?$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  const minor = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return minor > 0n ? String(minor) : null;
}

/** Share of a limit used, 0–100, for the meter. */
export function usedPercent(used: string, limit: string | null): number {
  if (limit === null) return 0;
  const l = BigInt(limit);
  if (l <= 0n) return 100;
  const u = BigInt(used);
  return u >= l ? 100 : Number((u * 100n) / l);
}

/** Whole minutes between two instants, floored, never negative. */
export const minutesBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 60_000));
