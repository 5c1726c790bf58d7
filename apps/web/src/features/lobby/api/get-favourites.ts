import { CLIENT_TYPE, FAVOURITE_PLATFORM, type LanguageCode, LIMITS } from '@playfront/contract/constants';
import type { MemberGamePage } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET favGames: the member's favourite node ids (strings). */
export const getFavIds = (signal?: AbortSignal) => api<string[]>(GAMES_PATHS.favGames, { signal });

/** GET favGameList: clientType 3, platform flash, pageNo 1, pageSize 999 (spec sections 7 and 9). */
export const getFavList = (language: LanguageCode, signal?: AbortSignal) =>
  api<MemberGamePage>(GAMES_PATHS.favGameList, {
    query: { clientType: CLIENT_TYPE, platform: FAVOURITE_PLATFORM, language, pageNo: 1, pageSize: LIMITS.popularPageSize },
    signal,
  });

export const useFavIds = (token: string | null, enabled: boolean) =>
  useQuery({ queryKey: lobbyKeys.favIds(token), queryFn: ({ signal }) => getFavIds(signal), enabled, staleTime: 60_000 });

export const useFavList = (language: LanguageCode, token: string | null, enabled: boolean) =>
  useQuery({
    queryKey: lobbyKeys.favList(language, token),
    queryFn: ({ signal }) => getFavList(language, signal),
    enabled,
    staleTime: 30_000,
  });
