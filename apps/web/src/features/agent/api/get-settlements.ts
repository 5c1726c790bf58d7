import type { AgentSettlementsPage } from '@playfront/contract/agent-contracts';
import { AGENT_CONTRACT_PATHS, type AgentContractKind } from '@playfront/contract/agent-contracts-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentContractsKey } from './agent-keys.ts';

export type SettlementsFilter = { kind: AgentContractKind; role?: 'payee' | 'payer'; from?: string; to?: string };

/** GET settlements of a kind, paid to me and by me, with the period's figures. */
export const getSettlements = (filter: SettlementsFilter, pageNo: number, signal?: AbortSignal) =>
  api<AgentSettlementsPage>(AGENT_CONTRACT_PATHS.settlements, { query: { ...filter, pageNo }, signal });

export const settlementsQueryOptions = (token: string | null, filter: SettlementsFilter, pageNo: number, enabled = true) =>
  queryOptions({
    queryKey: agentContractsKey(token, 'settlements', filter, pageNo),
    queryFn: ({ signal }) => getSettlements(filter, pageNo, signal),
    enabled: Boolean(token) && enabled,
    placeholderData: keepPreviousData,
  });

export const useSettlements = (token: string | null, filter: SettlementsFilter, pageNo: number, enabled = true) =>
  useQuery(settlementsQueryOptions(token, filter, pageNo, enabled));
