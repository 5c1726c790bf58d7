import type { LanguageCode } from '@playfront/contract/constants';
import { CATEGORY_PATHS, CLIENT_TYPE, GAME_PLATFORM, LIMITS } from '@playfront/contract/constants';
import type { GameClassify, GameListValue, GameType } from '@playfront/contract/games';
import { GAMES_PATHS, splitVassalage } from '@playfront/contract/games-paths';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/storage.ts';
import { lobbyKeys } from './lobby-keys.ts';

export type GameListFilter = {
  gameType?: GameType;
  /** One vendor or several (`SPB,SS`). */
  vassalage?: string;
  gameClassify?: GameClassify;
  minBet?: number;
  lines?: number;
  pageSize: number;
};

/**
 * A phone's first row of a list page's grid (three columns), one of which is the page's largest paint: their pictures
 * are fetched as the first page of games answers (app/first-screen.ts) and drawn without waiting to be seen.
 */
export const FIRST_ROW_TILES = 3;

/** The game list centre's list (/live, /fish, /rng?vassalage=, /pvp) before any sub-category, filter or search. */
export function centreListFilter(pathname: string, search: URLSearchParams): GameListFilter {
  const vendor = splitVassalage(search.get('vassalage') ?? undefined).join(',');
  return {
    gameType: (CATEGORY_PATHS[pathname.toLowerCase()] ?? 'RNG') as GameType,
    pageSize: LIMITS.sectionPageSize,
    ...(vendor ? { vassalage: vendor } : {}),
  };
}

/** GET gameList: one page of games (clientType 3, platform, merchant, gameType, pageNo, vassalage, pageSize, gameClassify, language). */
export const getGameList = (language: LanguageCode, filter: GameListFilter, pageNo: number, signal?: AbortSignal) =>
  api<GameListValue>(GAMES_PATHS.gameList, {
    query: {
      clientType: CLIENT_TYPE,
      platform: GAME_PLATFORM,
      merchant: session.get('merchantCode') ?? undefined,
      language,
      pageNo,
      ...filter,
    },
    signal,
  });

/** One page, keeping the previous page on screen while the next loads. */
export const gameListQueryOptions = (language: LanguageCode, filter: GameListFilter, pageNo: number) =>
  queryOptions({
    queryKey: [...lobbyKeys.games(language, filter), pageNo],
    queryFn: ({ signal }) => getGameList(language, filter, pageNo, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useGameList = (language: LanguageCode, filter: GameListFilter, pageNo: number, enabled = true) =>
  useQuery({ ...gameListQueryOptions(language, filter, pageNo), enabled });

/** Pages appended one after another (HOME's More button; spec section 4, home paging). */
export const gamePagesQueryOptions = (language: LanguageCode, filter: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: [...lobbyKeys.games(language, filter), 'pages'],
    queryFn: ({ signal, pageParam }) => getGameList(language, filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 60_000,
  });

export const useGamePages = (language: LanguageCode, filter: GameListFilter, enabled = true) =>
  useInfiniteQuery({ ...gamePagesQueryOptions(language, filter), enabled });
