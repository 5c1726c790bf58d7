import type { ApplyPromotionBodySchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { type PromotionActionResult, useAfterPromotionChange } from './after-promotion-change.ts';
import { promotionPath } from './get-promotion.ts';

export type ApplyPromotionBody = z.infer<typeof ApplyPromotionBodySchema>;

/** POST apply: ask for a promotion an operator approves, with an optional note. */
export const applyPromotion = ({ code, body }: { code: string; body: ApplyPromotionBody }) =>
  api<PromotionActionResult>(promotionPath(PROMOTION_PATHS.apply, code), { method: 'POST', body });

export function useApplyPromotion() {
  const after = useAfterPromotionChange();
  return useMutation({ mutationFn: applyPromotion, onSettled: after });
}
