import { describe, expect, it } from 'vitest';
import { sessionTabMayAnswer } from './tab-sync.ts';

const now = Date.parse('2026-11-28T12:00:00Z');

describe('a new tab waits for an open tab only while one with a session may be there', () => {
  it('does not wait on a first visit (no mark) or on a mark it cannot read', () => {
    expect(sessionTabMayAnswer(null, now)).toBe(false);
    expect(sessionTabMayAnswer('soon', now)).toBe(false);
    expect(sessionTabMayAnswer('0', now)).toBe(false);
  });

  it('waits while a logged-in tab marked itself within twelve hours', () => {
    expect(sessionTabMayAnswer(String(now - 1_000), now)).toBe(true);
    expect(sessionTabMayAnswer(String(now - 11 * 3_600_000), now)).toBe(true);
    expect(sessionTabMayAnswer(String(now - 13 * 3_600_000), now)).toBe(false);
  });
});
