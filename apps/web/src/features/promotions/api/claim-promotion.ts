import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type PromotionActionResult, useAfterPromotionChange } from './after-promotion-change.ts';
import { promotionPath } from './get-promotion.ts';

/** POST claim: take an earned reward (the promotion's current period); the bonus arrives at once. */
export const claimPromotion = (code: string) =>
  api<PromotionActionResult>(promotionPath(PROMOTION_PATHS.claim, code), { method: 'POST', body: {} });

export function useClaimPromotion() {
  const after = useAfterPromotionChange();
  return useMutation({ mutationFn: claimPromotion, onSettled: after });
}
