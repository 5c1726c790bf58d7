import type { ContractSummary } from '@playfront/contract/agent-contracts';
import { AGENT_CONTRACT_PROCESS, type AgentContractKind } from '@playfront/contract/agent-contracts-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentContractsKey } from './agent-keys.ts';

/** The spec's process* call of a kind (GET or POST as section 7 names it): my contract, offers to me, contracts I gave. */
export const getContractSummary = (kind: AgentContractKind, signal?: AbortSignal) => {
  const { path, method } = AGENT_CONTRACT_PROCESS[kind];
  return api<ContractSummary>(path, { method, body: method === 'POST' ? {} : undefined, signal });
};

export const contractSummaryQueryOptions = (token: string | null, kind: AgentContractKind, enabled = true) =>
  queryOptions({
    queryKey: agentContractsKey(token, 'summary', kind),
    queryFn: ({ signal }) => getContractSummary(kind, signal),
    enabled: Boolean(token) && enabled,
  });

export const useContractSummary = (token: string | null, kind: AgentContractKind, enabled = true) =>
  useQuery(contractSummaryQueryOptions(token, kind, enabled));
