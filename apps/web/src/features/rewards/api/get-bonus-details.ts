import type { LanguageCode } from '@playfront/contract/constants';
import type { BonusGrant } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rewardKeys } from './rewards-keys.ts';

export type BonusDetails = { active: BonusGrant | null; history: BonusGrant[] };

/** GET bonus details: the active bonus with its wagering progress, and the earlier ones with how they ended. */
export const getBonusDetails = (signal?: AbortSignal) => api<BonusDetails>(PROMOTION_PATHS.bonuses, { signal });

export const bonusDetailsQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: rewardKeys.bonus(language, token),
    queryFn: ({ signal }) => getBonusDetails(signal),
    enabled: Boolean(token),
    // Wagering moves with every settled spin: a little fresher than the default.
    staleTime: 10_000,
  });

export const useBonusDetails = (language: LanguageCode, token: string | null) => useQuery(bonusDetailsQueryOptions(language, token));
