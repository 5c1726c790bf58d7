import type { LimitName, ProtectionStatus, SetLimit, StartBlock } from '@playfront/contract/protection';
import { PROTECTION_PATHS } from '@playfront/contract/protection-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROTECTION_KEY } from './protection-keys.ts';

/**
 * The member's protection changes; each answers the whole new status. (One file for the five small calls of one
 * form: set a limit, confirm or cancel a pending raise, the reality-check interval, a cool-off or self-exclusion.)
 */
export const setLimit = (body: SetLimit) => api<ProtectionStatus>(PROTECTION_PATHS.limit, { method: 'PUT', body });
export const confirmLimit = (name: LimitName) => api<ProtectionStatus>(PROTECTION_PATHS.confirm, { method: 'POST', body: { name } });
export const cancelLimit = (name: LimitName) => api<ProtectionStatus>(PROTECTION_PATHS.cancel, { method: 'POST', body: { name } });
export const setRealityCheck = (minutes: number) =>
  api<ProtectionStatus>(PROTECTION_PATHS.realityCheck, { method: 'PUT', body: { minutes } });
export const startBlock = (body: StartBlock) => api<ProtectionStatus>(PROTECTION_PATHS.block, { method: 'POST', body });

function useProtectionMutation<A>(fn: (arg: A) => Promise<ProtectionStatus>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: PROTECTION_KEY }) });
}

export const useSetLimit = () => useProtectionMutation(setLimit);
export const useConfirmLimit = () => useProtectionMutation(confirmLimit);
export const useCancelLimit = () => useProtectionMutation(cancelLimit);
export const useSetRealityCheck = () => useProtectionMutation(setRealityCheck);
export const useStartBlock = () => useProtectionMutation(startBlock);
