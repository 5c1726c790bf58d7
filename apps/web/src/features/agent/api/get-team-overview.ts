import type { TeamOverview } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS, type TeamOverviewRange } from '@playfront/contract/agent-team-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

/** GET the team's figures for a range, with the chart series (agentTeamOverview). */
export const getTeamOverview = (range: TeamOverviewRange, signal?: AbortSignal) =>
  api<TeamOverview>(AGENT_TEAM_PATHS.overview, { query: { range }, signal });

export const teamOverviewQueryOptions = (token: string | null, range: TeamOverviewRange) =>
  queryOptions({
    queryKey: agentKey(token, 'overview', range),
    queryFn: ({ signal }) => getTeamOverview(range, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useTeamOverview = (token: string | null, range: TeamOverviewRange) => useQuery(teamOverviewQueryOptions(token, range));
