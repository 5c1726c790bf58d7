import type { TeamMembers } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS, type SortOrder, type TeamMemberSort } from '@playfront/contract/agent-team-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

export type TeamMembersQuery = {
  search?: string;
  parentId?: number;
  sort: TeamMemberSort;
  order: SortOrder;
  pageNo: number;
  pageSize?: number;
};

/** GET one page of the team table (search, sort, paging on the server). */
export const getTeamMembers = (query: TeamMembersQuery, signal?: AbortSignal) =>
  api<TeamMembers>(AGENT_TEAM_PATHS.members, { query: { ...query, search: query.search || undefined }, signal });

export const teamMembersQueryOptions = (token: string | null, query: TeamMembersQuery) =>
  queryOptions({
    queryKey: agentKey(token, 'members', query),
    queryFn: ({ signal }) => getTeamMembers(query, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTeamMembers = (token: string | null, query: TeamMembersQuery) => useQuery(teamMembersQueryOptions(token, query));
