import { describe, expect, it } from 'vitest';
import { bpsToPercent, minorToChartNumber, percentToBps, trend } from './figures.ts';

describe('rates and figures', () => {
  it('shows basis points as a percentage without trailing zeros', () => {
    expect(bpsToPercent(150)).toBe('1.5%');
    expect(bpsToPercent(200)).toBe('2%');
    expect(bpsToPercent(5)).toBe('0.05%');
    expect(bpsToPercent(1234)).toBe('12.34%');
    expect(bpsToPercent(10_000)).toBe('100%');
  });

  it('reads a typed percentage as basis points, refusing what is not a rate', () => {
    expect(percentToBps('1.5')).toBe(150);
    expect(percentToBps(' 2 % ')).toBe(200);
    expect(percentToBps('0,25')).toBe(25);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('100.01')).toBeNull();
    expect(percentToBps('1.555')).toBeNull();
    expect(percentToBps('-1')).toBeNull();
    expect(percentToBps('abc')).toBeNull();
    expect(percentToBps('')).toBeNull();
  });

  it('round-trips every rate an agent can type', () => {
    for (let bps = 0; bps <= 10_000; bps += 7) expect(percentToBps(bpsToPercent(bps))).toBe(bps);
  });

  it('signs a profit and loss figure and scales chart values', () => {
    expect(trend('-1')).toBe('down');
    expect(trend('0')).toBe('flat');
    expect(trend('99999999999999999')).toBe('up');
    expect(minorToChartNumber('12345')).toBe(123.45);
  });
});
