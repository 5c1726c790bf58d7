import type { AgentIncome } from '@playfront/contract/agent-contracts';
import { AGENT_CONTRACT_PATHS, type AgentIncomeGroup } from '@playfront/contract/agent-contracts-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentContractsKey } from './agent-keys.ts';

export type IncomeFilter = { group: AgentIncomeGroup; from?: string; to?: string };

/** GET my salary, dividend and commission income by period (agentRevenueReport). */
export const getIncome = (filter: IncomeFilter, signal?: AbortSignal) =>
  api<AgentIncome>(AGENT_CONTRACT_PATHS.income, { query: filter, signal });

export const incomeQueryOptions = (token: string | null, filter: IncomeFilter) =>
  queryOptions({
    queryKey: agentContractsKey(token, 'income', filter),
    queryFn: ({ signal }) => getIncome(filter, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useIncome = (token: string | null, filter: IncomeFilter) => useQuery(incomeQueryOptions(token, filter));
