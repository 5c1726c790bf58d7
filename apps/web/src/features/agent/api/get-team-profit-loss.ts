import type { TeamProfitLoss } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordFilter } from '../lib/record-filter.ts';
import { agentKey } from './agent-keys.ts';

/** GET profit and loss per team member over a window (palStatementsAgentCopy). */
export const getTeamProfitLoss = (filter: RecordFilter, pageNo: number, signal?: AbortSignal) =>
  api<TeamProfitLoss>(AGENT_TEAM_PATHS.profitLoss, { query: { ...filter, pageNo }, signal });

export const teamProfitLossQueryOptions = (token: string | null, filter: RecordFilter, pageNo: number) =>
  queryOptions({
    queryKey: agentKey(token, 'profit-loss', filter, pageNo),
    queryFn: ({ signal }) => getTeamProfitLoss(filter, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTeamProfitLoss = (token: string | null, filter: RecordFilter, pageNo: number) =>
  useQuery(teamProfitLossQueryOptions(token, filter, pageNo));
