import type { PromotionActionResponseSchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { AFTER_CHANGE_KEYS } from './rewards-keys.ts';

export type ClaimResult = z.infer<typeof PromotionActionResponseSchema>['value'];

/** POST claim of a claimable reward (the promotion's current period): the bonus arrives at once. */
export const claimReward = (promotionCode: string) =>
  api<ClaimResult>(PROMOTION_PATHS.claim.replace(':code', encodeURIComponent(promotionCode)), { method: 'POST', body: {} });

export function useClaimReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSettled: () => Promise.all(AFTER_CHANGE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}
