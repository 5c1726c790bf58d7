import type { LanguageCode } from '@playfront/contract/constants';
import type { GameMenu } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET game_menus: HOME, FAV, then the categories that have at least one vendor, in the spec order. */
export const getGameMenus = (language: LanguageCode, signal?: AbortSignal) =>
  api<GameMenu[]>(GAMES_PATHS.gameMenus, { query: { language }, signal });

export const gameMenusQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: lobbyKeys.menus(language), queryFn: ({ signal }) => getGameMenus(language, signal), staleTime: 5 * 60_000 });

export const useGameMenus = (language: LanguageCode) => useQuery(gameMenusQueryOptions(language));
