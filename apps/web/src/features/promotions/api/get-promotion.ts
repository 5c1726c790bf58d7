import type { LanguageCode } from '@playfront/contract/constants';
import type { PromotionDetail } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { promotionKeys } from './promotion-keys.ts';

export const promotionPath = (template: string, code: string) => template.replace(':code', encodeURIComponent(code));

/** GET one promotion: its rules (HTML the server sanitised), terms and the caller's state. */
export const getPromotion = (code: string, signal?: AbortSignal) =>
  api<PromotionDetail>(promotionPath(PROMOTION_PATHS.detail, code), { signal });

export const promotionQueryOptions = (code: string, language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: promotionKeys.detail(code, language, token),
    queryFn: ({ signal }) => getPromotion(code, signal),
    staleTime: 30_000,
    // A promotion that does not exist (an old banner's link) is an answer, not a hiccup to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

export const usePromotion = (code: string, language: LanguageCode, token: string | null) =>
  useQuery(promotionQueryOptions(code, language, token));
