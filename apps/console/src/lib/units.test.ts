import { describe, expect, it } from 'vitest';
import { bpsToPercent, issuesByPath, majorToMinor, minorToMajor, percentToBps, wholeNumber } from './units.ts';

describe('units typed by staff', () => {
  it('taka ↔ minor units exactly, zero allowed, no float', () => {
    expect(majorToMinor('1,234.5')).toBe('123450');
    expect(majorToMinor('0')).toBe('0');
    expect(majorToMinor('0.05')).toBe('5');
    expect(majorToMinor('9999999999999.99')).toBe('999999999999999');
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '12345678901234']) expect(majorToMinor(bad), bad).toBeNull();
    expect(minorToMajor('50000')).toBe('500');
    expect(minorToMajor('12345')).toBe('123.45');
    expect(minorToMajor('5')).toBe('0.05');
    expect(minorToMajor(null)).toBe('');
    for (const v of ['0', '1', '10', '99', '100', '123456789012345']) expect(majorToMinor(minorToMajor(v))).toBe(v);
  });

  it('percent ↔ basis points', () => {
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('0.05')).toBe(5);
    expect(percentToBps('100')).toBe(10_000);
    for (const bad of ['', '1.234', '-3', 'x']) expect(percentToBps(bad), bad).toBeNull();
    for (const bps of [0, 5, 50, 99, 100, 1250, 10_000]) expect(percentToBps(bpsToPercent(bps))).toBe(bps);
    expect(bpsToPercent(1250)).toBe('12.5');
  });

  it('whole numbers and zod issue paths', () => {
    expect(wholeNumber(' 42 ')).toBe(42);
    expect(wholeNumber('4.2')).toBeNaN();
    expect(
      issuesByPath([
        { path: ['rates', 'slots'], message: 'a' },
        { path: ['rates', 'slots'], message: 'b' },
      ]),
    ).toEqual({ 'rates.slots': 'a' });
  });
});
