import { type SortOrder, TEAM_MEMBER_SORTS, type TeamMemberSort } from '@playfront/contract/agent-team-paths';

export type TeamTableState = { search: string; sort: TeamMemberSort; order: SortOrder; pageNo: number };
export const INITIAL_TEAM_TABLE: TeamTableState = { search: '', sort: 'createdAt', order: 'desc', pageNo: 1 };

export const isSortable = (column: string): column is TeamMemberSort => (TEAM_MEMBER_SORTS as readonly string[]).includes(column);

/**
 * A click on a column header: the same column flips its order, another column starts descending for figures and
 * dates, ascending for names and levels; paging restarts at page 1 either way.
 */
export function nextSort(state: TeamTableState, column: TeamMemberSort): TeamTableState {
  if (state.sort === column) return { ...state, order: state.order === 'asc' ? 'desc' : 'asc', pageNo: 1 };
  const ascending = column === 'username' || column === 'level';
  return { ...state, sort: column, order: ascending ? 'asc' : 'desc', pageNo: 1 };
}

/** A new search restarts paging (the old page may not exist in the new result). */
export const withSearch = (state: TeamTableState, search: string): TeamTableState => ({ ...state, search: search.trim(), pageNo: 1 });

/** aria-sort of a header. */
export const ariaSort = (state: TeamTableState, column: string): 'ascending' | 'descending' | 'none' =>
  state.sort === column ? (state.order === 'asc' ? 'ascending' : 'descending') : 'none';
