import type { TeamTransactions } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS, type TeamTransactionType } from '@playfront/contract/agent-team-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordFilter } from '../lib/record-filter.ts';
import { agentKey } from './agent-keys.ts';

export type TeamTransactionsFilter = RecordFilter & { type?: TeamTransactionType };

/** GET the team's deposits, withdrawals and transfers (agentDownlineTransactionDetailsCopy). */
export const getTeamTransactions = (filter: TeamTransactionsFilter, pageNo: number, signal?: AbortSignal) =>
  api<TeamTransactions>(AGENT_TEAM_PATHS.transactions, { query: { ...filter, pageNo }, signal });

export const teamTransactionsQueryOptions = (token: string | null, filter: TeamTransactionsFilter, pageNo: number) =>
  queryOptions({
    queryKey: agentKey(token, 'transactions', filter, pageNo),
    queryFn: ({ signal }) => getTeamTransactions(filter, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTeamTransactions = (token: string | null, filter: TeamTransactionsFilter, pageNo: number) =>
  useQuery(teamTransactionsQueryOptions(token, filter, pageNo));
