import type { LanguageCode } from '@playfront/contract/constants';
import type { GameListValue, GameType } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

export type SearchFilter = { keyword: string; gameType?: GameType; vassalage?: string; pageSize: number };

/** GET searchGames: games whose EN or BN name contains the keyword. */
export const searchGames = (language: LanguageCode, filter: SearchFilter, pageNo: number, signal?: AbortSignal) =>
  api<GameListValue>(GAMES_PATHS.gameSearch, { query: { language, pageNo, ...filter }, signal });

export const useSearchGames = (language: LanguageCode, filter: SearchFilter, pageNo: number) =>
  useQuery({
    queryKey: [...lobbyKeys.search(language, filter), pageNo],
    queryFn: ({ signal }) => searchGames(language, filter, pageNo, signal),
    enabled: filter.keyword.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
