import type { LanguageCode } from '@playfront/contract/constants';
import type { LaunchValue } from '@playfront/contract/play';
import { type LaunchDevice, PLAY_PATHS } from '@playfront/contract/play-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
};

/** POST /wps/game/launchGame (token, no trial) → the URL the iframe opens and how the game plays (real or demo). */
export const launchGame = ({ lottery, ...request }: LaunchRequest & { attempt?: number }, signal?: AbortSignal) => {
  // `attempt` only makes "try again" a new query; it is not part of the call.
  const { attempt: _attempt, ...body } = request;
  return api<LaunchValue>(PLAY_PATHS.launchGame, { method: 'POST', body: { ...body, ...lottery }, signal });
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

export const useLaunch = (request: (LaunchRequest & { attempt?: number }) | null) => useQuery(launchQueryOptions(request));
