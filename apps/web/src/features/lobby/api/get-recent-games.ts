import type { LanguageCode } from '@playfront/contract/constants';
import type { RecentGame } from '@playfront/contract/games';
import { GAMES_PATHS } from '@playfront/contract/games-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

export type RecentPage = { content: RecentGame[]; pageNum: number; totalPages: number; total: number };

/** GET recentGameList: games the member launched, most recent first. */
export const getRecentGames = (language: LanguageCode, signal?: AbortSignal) =>
  api<RecentPage>(GAMES_PATHS.recentGameList, { query: { language, pageNo: 1, pageSize: 100 }, signal });

export const useRecentGames = (language: LanguageCode, token: string | null, enabled: boolean) =>
  useQuery({
    queryKey: lobbyKeys.recent(language, token),
    queryFn: ({ signal }) => getRecentGames(language, signal),
    enabled,
    staleTime: 30_000,
  });
