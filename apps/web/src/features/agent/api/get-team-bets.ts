import type { TeamBets } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import type { GameType } from '@playfront/contract/games-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordFilter } from '../lib/record-filter.ts';
import { agentKey } from './agent-keys.ts';

export type TeamBetsFilter = RecordFilter & { gameType?: GameType };

/** GET the team's rounds in a window, filtered by member and game type, with totals over the window. */
export const getTeamBets = (filter: TeamBetsFilter, pageNo: number, language: string, signal?: AbortSignal) =>
  api<TeamBets>(AGENT_TEAM_PATHS.bets, { query: { ...filter, pageNo, language }, signal });

export const teamBetsQueryOptions = (token: string | null, filter: TeamBetsFilter, pageNo: number, language: string) =>
  queryOptions({
    queryKey: agentKey(token, 'bets', filter, pageNo, language),
    queryFn: ({ signal }) => getTeamBets(filter, pageNo, language, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTeamBets = (token: string | null, filter: TeamBetsFilter, pageNo: number, language: string) =>
  useQuery(teamBetsQueryOptions(token, filter, pageNo, language));
