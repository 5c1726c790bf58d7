import type { LanguageCode } from '@playfront/contract/constants';
import type { BonusGrant } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTIONS_KEY } from './promotion-keys.ts';

/** GET bonus details, for the withdraw page: the active bonus, if any (a withdrawal forfeits what is left of it). */
export const getBonusDetails = (signal?: AbortSignal) =>
  api<{ active: BonusGrant | null; history: BonusGrant[] }>(PROMOTION_PATHS.bonuses, { signal });

export const activeBonusQueryOptions = (token: string | null, lang: LanguageCode) =>
  queryOptions({
    // The same call and key as the bonus details page, so both read one answer.
    queryKey: [...PROMOTIONS_KEY, 'bonus', lang, token],
    queryFn: ({ signal }) => getBonusDetails(signal),
    select: (value) => value.active,
    enabled: Boolean(token),
    staleTime: 10_000,
  });

export const useActiveBonus = (token: string | null, lang: LanguageCode) => useQuery(activeBonusQueryOptions(token, lang));
