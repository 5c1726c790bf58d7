import type { ContractOfferBody, ContractOfferResult } from '@playfront/contract/agent-contracts';
import { AGENT_CONTRACT_PATHS } from '@playfront/contract/agent-contracts-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { agentContractsKey } from './agent-keys.ts';

/**
 * POST an offer to a direct downline. When accepting it would end lower contracts the server answers
 * CONTRACT_CONFIRM_REQUIRED with them (error value `terminates`); the page asks, then sends again with `confirm: true`.
 */
export const offerContract = (body: ContractOfferBody) =>
  api<ContractOfferResult>(AGENT_CONTRACT_PATHS.contracts, { method: 'POST', body });

export function useOfferContract() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  return useMutation({
    mutationFn: offerContract,
    onSuccess: () => client.invalidateQueries({ queryKey: agentContractsKey(token) }),
  });
}
