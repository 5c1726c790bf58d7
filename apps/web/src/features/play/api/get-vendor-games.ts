import type { LanguageCode } from '@playfront/contract/constants';
import { CLIENT_TYPE, GAME_PLATFORM } from '@playfront/contract/constants';
import type { GameListValue, GameType } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/storage.ts';

export type VendorGamesFilter = { vassalage: string; gameType?: string; pageSize: number };

/** GET gameList of one vendor: the popup game list of a vendor-type vendor, and a vendor card's own game. */
export const getVendorGames = (language: LanguageCode, filter: VendorGamesFilter, pageNo: number, signal?: AbortSignal) =>
  api<GameListValue>(GAMES_PATHS.gameList, {
    query: {
      clientType: CLIENT_TYPE,
      platform: GAME_PLATFORM,
      merchant: session.get('merchantCode') ?? undefined,
      language,
      pageNo,
      vassalage: filter.vassalage,
      gameType: filter.gameType as GameType | undefined,
      pageSize: filter.pageSize,
    },
    signal,
  });

export const vendorGamesQueryOptions = (language: LanguageCode, filter: VendorGamesFilter, pageNo: number) =>
  queryOptions({
    queryKey: ['play', 'vendorGames', language, filter, pageNo],
    queryFn: ({ signal }) => getVendorGames(language, filter, pageNo, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useVendorGames = (language: LanguageCode, filter: VendorGamesFilter | null, pageNo: number) =>
  useQuery({ ...vendorGamesQueryOptions(language, filter ?? { vassalage: '', pageSize: 1 }, pageNo), enabled: filter !== null });
