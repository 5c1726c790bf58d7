import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type PromotionActionResult, useAfterPromotionChange } from './after-promotion-change.ts';
import { promotionPath } from './get-promotion.ts';

/** POST join: enter a promotion whose entry is "join first" (then deposit or play to earn it). */
export const joinPromotion = (code: string) =>
  api<PromotionActionResult>(promotionPath(PROMOTION_PATHS.join, code), { method: 'POST', body: {} });

export function useJoinPromotion() {
  const after = useAfterPromotionChange();
  return useMutation({ mutationFn: joinPromotion, onSettled: after });
}
