import type { Jackpot } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET jackpot: the counter's bounds and pace (NOT_FOUND when the brand shows none: the counter hides). */
export const getJackpot = (signal?: AbortSignal) => api<Jackpot>(GAMES_PATHS.jackpot, { signal });

export const jackpotQueryOptions = () =>
  queryOptions({
    queryKey: lobbyKeys.jackpot(),
    queryFn: ({ signal }) => getJackpot(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useJackpot = () => useQuery(jackpotQueryOptions());
