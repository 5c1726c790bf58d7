import type { RebateClaimResult } from '@playfront/contract/rebates';
import { REBATE_PATHS } from '@playfront/contract/rebates-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rebateKeys } from './get-my-rebate.ts';
import { AFTER_CHANGE_KEYS } from './rewards-keys.ts';

/** POST claim of the accrued rebate: paid at once (cash to the balance, or a bonus). */
export const claimRebate = () => api<RebateClaimResult>(REBATE_PATHS.claim, { method: 'POST', body: {} });

export function useClaimRebate(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimRebate,
    // The answer carries the page's new state: shown at once, before the refetches land.
    onSuccess: (result) => client.setQueryData(rebateKeys.mine(token), result.rebate),
    // Every reward answer (history, bonus) and the header balance.
    onSettled: () => Promise.all(AFTER_CHANGE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
