import { describe, expect, it } from 'vitest';
import { formatMoney, toMinorUnits } from './format.ts';

describe('formatMoney', () => {
  it('shows two decimals, thousands separators and the currency symbol', () => {
    expect(formatMoney(123456n, { symbol: '৳' })).toBe('৳1,234.56');
    expect(formatMoney(100000000n, { symbol: '৳' })).toBe('৳1,000,000.00');
    expect(formatMoney(0n, { symbol: '৳' })).toBe('৳0.00');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(99999n)).toBe('999.99');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(-123456n, { symbol: '৳' })).toBe('-৳1,234.56');
    expect(formatMoney(-5n, { symbol: '৳' })).toBe('-৳0.05');
  });

  it('stays exact beyond 2^53, where a float would round', () => {
    // 2^53 + 1 minor units: a float would print ...992.
    expect(formatMoney(9007199254740993n)).toBe('90,071,992,547,409.93');
    expect(formatMoney('123456789012345678901')).toBe('1,234,567,890,123,456,789.01');
  });

  it('honours other minor-unit scales', () => {
    expect(formatMoney(1234n, { fractionDigits: 0, symbol: '$' })).toBe('$1,234');
    expect(formatMoney(1234567n, { fractionDigits: 3 })).toBe('1,234.567');
  });

  it('refuses anything that is not a whole number of minor units', () => {
    expect(() => toMinorUnits('12.5')).toThrow(RangeError);
    expect(() => toMinorUnits(0.1)).toThrow(RangeError);
    expect(() => toMinorUnits('1e3')).toThrow(RangeError);
    expect(toMinorUnits(' -42 ')).toBe(-42n);
  });
});
