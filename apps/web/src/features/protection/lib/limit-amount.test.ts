import { describe, expect, it } from 'vitest';
import { minutesBetween, parseLimitInput, usedPercent } from './limit-amount.ts';

describe('limit inputs', () => {
  it('reads money in major units without a float, and minutes 1–1440', () => {
    expect(parseLimitInput('1,500.5', false)).toBe('150050');
    expect(parseLimitInput('১০০০', false)).toBe('100000');
    expect(parseLimitInput('0', false)).toBeNull();
    expect(parseLimitInput('1.234', false)).toBeNull();
    expect(parseLimitInput('90', true)).toBe('90');
    expect(parseLimitInput('1441', true)).toBeNull();
    expect(parseLimitInput('1.5', true)).toBeNull();
  });
  it('meters and minutes', () => {
    expect(usedPercent('500', '1000')).toBe(50);
    expect(usedPercent('1500', '1000')).toBe(100);
    expect(usedPercent('5', null)).toBe(0);
    expect(minutesBetween(0, 119_999)).toBe(1);
    expect(minutesBetween(10, 0)).toBe(0);
  });
});
