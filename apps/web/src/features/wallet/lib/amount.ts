/**
 * Amounts typed by a member ("1,500" or "250.50") to integer minor units and
 * back, without a float ever holding the money: the text is split at the
 * decimal point and both parts are read as integers.
 */
export type AmountProblem = 'required' | 'format' | 'tooSmall' | 'tooLarge' | 'overBalance';

const AMOUNT_TEXT = /^\d{1,13}(\.\d{0,2})?$/;

/** Bengali digits (০-৯, typed on a Bangla keyboard) read as the same amount as Latin ones. */
const latinDigits = (text: string) => text.replace(/[\u09E6-\u09EF]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/** `"1,234.5"` (or `"১,২৩৪.৫"`) → `123450n` (2 minor digits); null when the text is not an amount. */
export function parseAmount(text: string, fractionDigits = 2): bigint | null {
  const clean = latinDigits(text.trim()).replace(/,/g, '');
  if (!AMOUNT_TEXT.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  return BigInt(whole) * 10n ** BigInt(fractionDigits) + BigInt(fraction.padEnd(fractionDigits, '0') || '0');
}

/** Minor units → the text an input shows (`150000n` → `"1500"`, `12345n` → `"123.45"`); no symbol, no separators. */
export function amountInputText(minor: bigint | string, fractionDigits = 2): string {
  const value = BigInt(minor);
  const scale = 10n ** BigInt(fractionDigits);
  const whole = (value / scale).toString();
  const fraction = (value % scale).toString().padStart(fractionDigits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export type AmountLimits = { min?: bigint | string; max?: bigint | string; balance?: bigint | string };

/** The first problem with an amount against its limits (all minor units), or null. */
export function amountProblem(text: string, limits: AmountLimits = {}): AmountProblem | null {
  if (!text.trim()) return 'required';
  const minor = parseAmount(text);
  if (minor === null || minor <= 0n) return 'format';
  if (limits.min !== undefined && minor < BigInt(limits.min)) return 'tooSmall';
  if (limits.max !== undefined && minor > BigInt(limits.max)) return 'tooLarge';
  if (limits.balance !== undefined && minor > BigInt(limits.balance)) return 'overBalance';
  return null;
}

/** Suggested deposit amounts (whole currency units) that fall inside a channel's limits. */
export function presetAmounts(
  min: bigint | string,
  max: bigint | string,
  candidates: readonly number[] = [100, 500, 1000, 2000, 5000, 10000],
) {
  const lo = BigInt(min);
  const hi = BigInt(max);
  return candidates.map((units) => BigInt(units) * 100n).filter((minor) => minor >= lo && minor <= hi);
}

/** A client request id (idempotency key) for one money action: 8-64 of [A-Za-z0-9_-]. */
export const newRequestId = () => crypto.randomUUID().replace(/-/g, '');
