import { describe, expect, it } from 'vitest';
import { type PageItem, pageItems } from './page-items.ts';

const row = (items: PageItem[]) => items.map((i) => (i.kind === 'page' ? String(i.page) : '…')).join(' ');

describe('pageItems (margin 2, range 5)', () => {
  it('shows every page when there are few', () => {
    expect(row(pageItems(1, 1))).toBe('1');
    expect(row(pageItems(3, 7))).toBe('1 2 3 4 5 6 7');
    expect(row(pageItems(5, 9))).toBe('1 2 3 4 5 6 7 8 9');
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps the first and last two pages and five around the current one, with gaps between', () => {
    expect(row(pageItems(1, 50))).toBe('1 2 3 4 5 … 49 50');
    expect(row(pageItems(3, 9))).toBe('1 2 3 4 5 … 8 9');
    expect(row(pageItems(25, 50))).toBe('1 2 … 23 24 25 26 27 … 49 50');
    expect(row(pageItems(50, 50))).toBe('1 2 … 46 47 48 49 50');
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(row(pageItems(6, 50))).toBe('1 2 3 4 5 6 7 8 … 49 50');
    expect(row(pageItems(45, 50))).toBe('1 2 … 43 44 45 46 47 48 49 50');
  });

  it('clamps a page outside the range', () => {
    expect(row(pageItems(99, 10))).toBe(row(pageItems(10, 10)));
    expect(row(pageItems(-3, 10))).toBe(row(pageItems(1, 10)));
  });

  it('honours other margins and ranges', () => {
    expect(row(pageItems(10, 20, 1, 3))).toBe('1 … 9 10 11 … 20');
  });
});
