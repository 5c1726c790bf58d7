import type { LanguageCode } from '@playfront/contract/constants';
import type { PromotionCard } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { promotionKeys } from './promotion-keys.ts';

/** GET the brand's promotions with each one's state for the caller (guests too). Categories are filtered here, not asked. */
export const getPromotions = (signal?: AbortSignal) => api<{ list: PromotionCard[] }>(PROMOTION_PATHS.list, { signal });

export const promotionsQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: promotionKeys.list(language, token),
    queryFn: ({ signal }) => getPromotions(signal),
    select: (value) => value.list,
    staleTime: 60_000,
  });

export const usePromotions = (language: LanguageCode, token: string | null) => useQuery(promotionsQueryOptions(language, token));
