import type { LanguageCode } from '@playfront/contract/constants';
import type { HotMatch } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET getGameMatches: hot-match adverts with their matches, soonest first. */
export const getGameMatches = (language: LanguageCode, signal?: AbortSignal) =>
  api<HotMatch[]>(GAMES_PATHS.gameMatches, { query: { language }, signal });

export const gameMatchesQueryOptions = (language: LanguageCode) =>
  queryOptions({ queryKey: lobbyKeys.matches(language), queryFn: ({ signal }) => getGameMatches(language, signal), staleTime: 5 * 60_000 });

export const useGameMatches = (language: LanguageCode) => useQuery(gameMatchesQueryOptions(language));
