import type { LanguageCode } from '@playfront/contract/constants';
import type { Banner } from '@playfront/contract/games';
import { LOBBY_PATHS } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET banners of group w_home (spec section 2: the home carousel shows only that group). */
export const getHomeBanners = (language: LanguageCode, signal?: AbortSignal) =>
  api<Banner[]>(LOBBY_PATHS.banners, { query: { groupName: 'w_home', language }, signal });

export const homeBannersQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: lobbyKeys.banners(language), queryFn: ({ signal }) => getHomeBanners(language, signal), staleTime: 5 * 60_000 });

export const useHomeBanners = (language: LanguageCode) => useQuery(homeBannersQueryOptions(language));
