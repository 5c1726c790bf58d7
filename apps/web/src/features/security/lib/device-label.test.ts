import { describe, expect, it } from 'vitest';
import { formatDateTime } from './device-label.ts';

describe('security dates (decision 042)', () => {
  it('uses the one date rule per language: Bengali digits and a 24-hour clock in BN, no AM/PM', () => {
    const at = new Date(2026, 10, 24, 18, 5).toISOString();
    expect(formatDateTime(at, 'en')).toBe('24 Nov 2026, 18:05');
    expect(formatDateTime(at, 'bn')).toBe('২৪ নভে ২০২৬, ১৮:০৫');
    expect(formatDateTime(at, 'bn')).not.toMatch(/[0-9]|AM|PM/);
  });
});
