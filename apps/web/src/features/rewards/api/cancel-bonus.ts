import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AFTER_CHANGE_KEYS } from './rewards-keys.ts';

/** POST cancel of the active bonus: what is left of it is forfeited (goes back to the promotion budget). */
export const cancelBonus = (grantId: string) =>
  api<{ forfeited: string }>(PROMOTION_PATHS.cancelBonus.replace(':grantId', encodeURIComponent(grantId)), { method: 'POST', body: {} });

export function useCancelBonus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBonus,
    onSettled: () => Promise.all(AFTER_CHANGE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
