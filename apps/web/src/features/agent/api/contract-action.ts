import type { ContractActionResult } from '@playfront/contract/agent-contracts';
import { type AgentContractAction, agentContractActionPath } from '@playfront/contract/agent-contracts-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { agentContractsKey } from './agent-keys.ts';

/** POST accept / reject (an offer to me) or terminate (a contract I gave or got). */
export const contractAction = ({ id, action }: { id: string; action: AgentContractAction }) =>
  api<ContractActionResult>(agentContractActionPath(id, action), { method: 'POST', body: {} });

export function useContractAction() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: contractAction,
    onSuccess: () => client.invalidateQueries({ queryKey: agentContractsKey(token) }),
  });
}
