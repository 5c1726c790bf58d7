import type { DepositOffersResponseSchema, PromotionCard, PromotionDetail, RewardEntrySchema } from '@playfront/contract/promotions';
import type { z } from 'zod';

/** The contract's shapes the promotion service answers with. */
export type { PromotionCard, PromotionDetail };
export type RewardEntry = z.infer<typeof RewardEntrySchema>;
export type DepositOffers = z.infer<typeof DepositOffersResponseSchema>['value'];
