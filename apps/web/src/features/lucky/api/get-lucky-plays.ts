import type { LanguageCode } from '@playfront/contract/constants';
import type { LuckyPlay } from '@playfront/contract/lucky';
import { LUCKY_PATHS, type LuckyGame, luckyPath } from '@playfront/contract/lucky-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { luckyKeys } from './lucky-keys.ts';

/** GET my latest plays of a game, each with what verifies it (the server seed once revealed). */
export const getLuckyPlays = (game: LuckyGame, signal?: AbortSignal) =>
  api<{ list: LuckyPlay[] }>(luckyPath(LUCKY_PATHS.plays, game), { signal });

export const luckyPlaysQueryOptions = (game: LuckyGame, language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: luckyKeys.plays(game, language, token),
    queryFn: ({ signal }) => getLuckyPlays(game, signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });

export const useLuckyPlays = (game: LuckyGame, language: LanguageCode, token: string | null) =>
  useQuery(luckyPlaysQueryOptions(game, language, token));
