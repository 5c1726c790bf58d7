import type { LanguageCode } from '@playfront/contract/constants';
import type { LaunchValue } from '@playfront/contract/play';
import { type LaunchDevice, PLAY_PATHS } from '@playfront/contract/play-paths';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { LotteryLaunchParams } from '../lib/launch-rules.ts';

export type LaunchRequest = {
  /** The game by its node id, or by vendor and the vendor's game code. */
  nodeId?: string;
  vendor?: string;
  gameCode?: string;
  language: LanguageCode;
  device: LaunchDevice;
  /** Where the game's own "back to lobby" control goes: a path on this site. */
  backUrl: string;
  /** Launch hosts whose page did not load here: the server picks another. */
  failedHosts: string[];
  /** The lottery lobby launch of spec section 7 (lottery screens only). */
  lottery?: LotteryLaunchParams;
  /** The game's free demo (play money, no account needed): `launchDemo` instead of `launchGame`. */
  demo?: boolean;
};

/**
 * POST /wps/game/launchGame (token, no trial) → the URL the iframe opens and how
 * the game plays (real or demo); the free demo is POST /wps/game/launchDemo (no token).
 */
export const launchGame = ({ lottery, demo, ...request }: LaunchRequest & { attempt?: number }, signal?: AbortSignal) => {
  // `attempt` only makes "try again" a new query; it is not part of the call.
  const { attempt: _attempt, ...body } = request;
  return api<LaunchValue>(demo ? PLAY_PATHS.launchDemo : PLAY_PATHS.launchGame, { method: 'POST', body: { ...body, ...lottery }, signal });
};

/**
 * A launch is asked for once per visit of the page (not refreshed in the
 * background: each call starts a new game session); "try again" refetches.
 */
export const launchQueryOptions = (request: (LaunchRequest & { attempt?: number }) | null) =>
  queryOptions({
    queryKey: ['play', 'launch', request],
    queryFn: ({ signal }) => launchGame(request as LaunchRequest, signal),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The lobby's recent-games query (features/lobby: `['member-games', 'recent', language, token]`); its prefix is enough to refresh it. */
const RECENT_GAMES_KEY = ['member-games', 'recent'] as const;

/** The launch of a game page; each launch the server answered puts the game first in the member's recent games, so that list refreshes. */
export function useLaunch(request: (LaunchRequest & { attempt?: number }) | null) {
  const queryClient = useQueryClient();
  const launch = useQuery(launchQueryOptions(request));
  const launchedUrl = launch.data?.url;
  useEffect(() => {
    if (launchedUrl) void queryClient.invalidateQueries({ queryKey: RECENT_GAMES_KEY });
  }, [launchedUrl, queryClient]);
  return launch;
}
