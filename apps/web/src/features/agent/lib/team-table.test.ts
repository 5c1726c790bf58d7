import { describe, expect, it } from 'vitest';
import { ariaSort, INITIAL_TEAM_TABLE, isSortable, nextSort, withSearch } from './team-table.ts';

describe('team table state', () => {
  it('flips the order on the same column and restarts paging', () => {
    const s = nextSort({ ...INITIAL_TEAM_TABLE, pageNo: 4 }, 'createdAt');
    expect(s).toMatchObject({ sort: 'createdAt', order: 'asc', pageNo: 1 });
    expect(nextSort(s, 'createdAt').order).toBe('desc');
  });

  it('starts names and levels ascending, figures and dates descending', () => {
    expect(nextSort(INITIAL_TEAM_TABLE, 'username').order).toBe('asc');
    expect(nextSort(INITIAL_TEAM_TABLE, 'level').order).toBe('asc');
    expect(nextSort(INITIAL_TEAM_TABLE, 'balance').order).toBe('desc');
    expect(nextSort(INITIAL_TEAM_TABLE, 'lastLogin').order).toBe('desc');
  });

  it('a new search goes back to page 1 with the text trimmed', () => {
    expect(withSearch({ ...INITIAL_TEAM_TABLE, pageNo: 3 }, '  ali ')).toMatchObject({ search: 'ali', pageNo: 1 });
  });

  it('names sortable columns and their aria-sort', () => {
    expect(isSortable('balance')).toBe(true);
    expect(isSortable('status')).toBe(false);
    expect(ariaSort(INITIAL_TEAM_TABLE, 'createdAt')).toBe('descending');
    expect(ariaSort(INITIAL_TEAM_TABLE, 'balance')).toBe('none');
  });
});
