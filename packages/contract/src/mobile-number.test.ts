import { describe, expect, it } from 'vitest';
import { looksLikeMobile, normaliseMobile } from './mobile-number.ts';

describe('normaliseMobile', () => {
  const bd = (typed: string) => normaliseMobile(typed, '+880', 10, 11);
  it('gives one form for every way a Bangladeshi number is typed', () => {
    for (const typed of [
      '01711000001',
      '1711000001',
      '+8801711000001',
      '+880 1711-000001',
      '8801711000001',
      '008801711000001',
      ' 017 1100 0001 ',
      '০১৭১১০০০০০১',
      '+880 (0)1711 000001',
    ])
      expect(bd(typed), typed).toBe('1711000001');
  });
  it('keeps a national number that happens to start with the country digits', () => {
    expect(normaliseMobile('9198765432', '+91', 10, 10)).toBe('9198765432');
    expect(normaliseMobile('919198765432', '+91', 10, 10)).toBe('9198765432');
  });
  it('answers null for what is not a number of that country', () => {
    expect(bd('abc123')).toBeNull();
    expect(bd('+91 98765 43210')).toBeNull();
    expect(bd('000')).toBeNull();
    expect(bd('')).toBeNull();
  });
  it('tells a mobile login name from a username', () => {
    expect(looksLikeMobile('+880 1711-000001')).toBe(true);
    expect(looksLikeMobile('01711000001')).toBe(true);
    expect(looksLikeMobile('player01')).toBe(false);
    expect(looksLikeMobile('a1711000001')).toBe(false);
  });
});
