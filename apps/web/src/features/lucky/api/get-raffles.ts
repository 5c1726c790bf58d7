import type { LanguageCode } from '@playfront/contract/constants';
import type { RaffleList } from '@playfront/contract/lucky';
import { LUCKY_PATHS } from '@playfront/contract/lucky-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { luckyKeys } from './lucky-keys.ts';

/** POST rafflePromotion (spec section 7): open and recent raffles, my entries, prizes, winners and seeds. */
export const getRaffles = (signal?: AbortSignal) => api<RaffleList>(LUCKY_PATHS.raffle, { method: 'POST', body: {}, signal });

export const rafflesQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: luckyKeys.raffles(language, token),
    queryFn: ({ signal }) => getRaffles(signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });

export const useRaffles = (language: LanguageCode, token: string | null) => useQuery(rafflesQueryOptions(language, token));
