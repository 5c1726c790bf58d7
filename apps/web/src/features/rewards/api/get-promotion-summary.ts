import type { PromotionSummarySchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { rewardKeys } from './rewards-keys.ts';

export type PromotionSummary = z.infer<typeof PromotionSummarySchema>;

/** GET the summary: `availablePromoCount` (public state), the reward centre badge, whether a bonus is active. */
export const getPromotionSummary = (signal?: AbortSignal) => api<PromotionSummary>(PROMOTION_PATHS.summary, { signal });

export const promotionSummaryQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: rewardKeys.summary(token),
    queryFn: ({ signal }) => getPromotionSummary(signal),
    staleTime: 60_000,
    // A badge: a failed call shows none rather than an error.
    retry: false,
  });

export const usePromotionSummary = (token: string | null, enabled = true) => useQuery({ ...promotionSummaryQueryOptions(token), enabled });
