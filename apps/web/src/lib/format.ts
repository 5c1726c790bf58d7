/**
 * Money formatting at the edge. Amounts arrive as integer minor units (bigint,
 * or a decimal string when they travel as JSON) and never pass through a float.
 * Digits stay Latin in every language, as Bangladeshi banking sites show them.
 */
export type MoneyFormatOptions = {
  /** Currency symbol placed before the number, e.g. `৳`. */
  symbol?: string;
  /** Minor-unit digits of the currency (2 for BDT). */
  fractionDigits?: number;
};

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Parses minor units from a bigint or an integer string ("-1234"); throws on anything else. */
export function toMinorUnits(value: bigint | string | number): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    // Only exact integers: a fractional number is already a money bug upstream.
    if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of minor units: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value.trim())) throw new RangeError(`not an integer amount of minor units: ${value}`);
  return BigInt(value.trim());
}

/** `123456n` → `৳1,234.56`; `-5n` → `-৳0.05`. */
export function formatMoney(value: bigint | string | number, options: MoneyFormatOptions = {}): string {
  const { symbol = '', fractionDigits = 2 } = options;
  const minor = toMinorUnits(value);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const scale = 10n ** BigInt(fractionDigits);
  const whole = groupThousands((abs / scale).toString());
  const fraction = fractionDigits > 0 ? `.${(abs % scale).toString().padStart(fractionDigits, '0')}` : '';
  return `${negative ? '-' : ''}${symbol}${whole}${fraction}`;
}
