import { describe, expect, it } from 'vitest';
import { formatCount, formatMinor, isoDay, parseAmountToMinor } from './format.ts';

describe('money at the edge', () => {
  it('formats minor units exactly, with grouping, sign and currency', () => {
    expect(formatMinor('0')).toBe('0.00');
    expect(formatMinor('5')).toBe('0.05');
    expect(formatMinor('123456789')).toBe('1,234,567.89');
    expect(formatMinor('-100050', 'BDT')).toBe('−BDT 1,000.50');
    // Beyond 2^53: no float on the way.
    expect(formatMinor('900719925474099312')).toBe('9,007,199,254,740,993.12');
  });

  it('reads typed amounts into minor units, refusing what is not a positive amount with two decimals at most', () => {
    expect(parseAmountToMinor('1,234.5')).toBe('123450');
    expect(parseAmountToMinor(' 10 ')).toBe('1000');
    expect(parseAmountToMinor('0.01')).toBe('1');
    expect(parseAmountToMinor('0.1')).toBe('10');
    expect(parseAmountToMinor('19.99')).toBe('1999');
    for (const bad of ['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '12345678901234']) expect(parseAmountToMinor(bad), bad).toBeNull();
  });

  it('gives the brand’s days (UTC+6), whatever the staff member’s clock', () => {
    const morning = new Date(Date.UTC(2026, 0, 1, 10, 0));
    expect(isoDay(0, morning)).toBe('2026-01-01');
    expect(isoDay(-1, morning)).toBe('2025-12-31');
    // 20:00 UTC on 31 December is 02:00 on 1 January in the brand's day.
    const evening = new Date(Date.UTC(2025, 11, 31, 20, 0));
    expect(isoDay(0, evening)).toBe('2026-01-01');
    expect(isoDay(-6, evening)).toBe('2025-12-26');
    expect(isoDay(0, new Date(Date.UTC(2025, 11, 31, 17, 59)))).toBe('2025-12-31');
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US writes a whole count', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, 1_000_000_000, -1234]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});
