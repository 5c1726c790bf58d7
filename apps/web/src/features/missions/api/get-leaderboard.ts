import type { Leaderboard } from '@playfront/contract/missions';
import { MISSION_PATHS, type MissionPeriod } from '@playfront/contract/missions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { missionKeys } from './missions-keys.ts';

/** GET the current day's or week's board of mission points (names masked) with the member's own rank. */
export const getLeaderboard = (board: MissionPeriod, signal?: AbortSignal) =>
  api<Leaderboard>(`${MISSION_PATHS.leaderboard}?board=${board}`, { signal });

export const leaderboardQueryOptions = (board: MissionPeriod, token: string | null) =>
  queryOptions({
    queryKey: missionKeys.leaderboard(board, token),
    queryFn: ({ signal }) => getLeaderboard(board, signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });

export const useLeaderboard = (board: MissionPeriod, token: string | null) => useQuery(leaderboardQueryOptions(board, token));
