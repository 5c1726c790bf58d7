import type { LanguageCode } from '@playfront/contract/constants';
import type { LuckyGameView } from '@playfront/contract/lucky';
import { LUCKY_PATHS, type LuckyGame, luckyPath } from '@playfront/contract/lucky-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { luckyKeys } from './lucky-keys.ts';

/** GET a lucky game: prizes, my tickets, the committed server seed hash, my client seed and next nonce. */
export const getLuckyGame = (game: LuckyGame, signal?: AbortSignal) => api<LuckyGameView>(luckyPath(LUCKY_PATHS.game, game), { signal });

export const luckyGameQueryOptions = (game: LuckyGame, language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: luckyKeys.game(game, language, token),
    queryFn: ({ signal }) => getLuckyGame(game, signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });

export const useLuckyGame = (game: LuckyGame, language: LanguageCode, token: string | null) =>
  useQuery(luckyGameQueryOptions(game, language, token));
