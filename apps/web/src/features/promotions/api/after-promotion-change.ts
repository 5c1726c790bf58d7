import type { PromotionActionResponseSchema } from '@playfront/contract/promotions';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PROMOTIONS_KEY } from './promotion-keys.ts';

/** The answer of join, apply and claim: the promotion's new state for the caller, and the bonus if one was issued. */
export type PromotionActionResult = z.infer<typeof PromotionActionResponseSchema>['value'];

/** After an entry changes: the promotion states, the reward centre, the bonus and the header balance are asked again. */
export function useAfterPromotionChange() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: PROMOTIONS_KEY }), client.invalidateQueries({ queryKey: ['account'] })]);
}
