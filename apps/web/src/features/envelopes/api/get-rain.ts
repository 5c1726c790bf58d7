import type { RainState } from '@playfront/contract/envelopes';
import { ENVELOPE_PATHS } from '@playfront/contract/envelopes-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { envelopeKeys } from './envelopes-keys.ts';

export const getRain = (signal?: AbortSignal) => api<RainState>(ENVELOPE_PATHS.rain, { signal });

/** How long after a scheduled start to ask again: the server starts a rain within a couple of seconds. */
const START_SLACK_MS = 2_500;
const RUNNING_POLL_MS = 5_000;
const IDLE_POLL_MS = 5 * 60_000;

/**
 * When to ask again, with no live socket to say so (guests, or a socket between reconnects): every few seconds while
 * a rain runs (envelopes left), just after the next start, else every five minutes.
 */
export function refetchDelay(state: RainState | undefined): number {
  if (!state) return IDLE_POLL_MS;
  if (state.current) return RUNNING_POLL_MS;
  if (!state.next) return IDLE_POLL_MS;
  const untilStart = Date.parse(state.next.startsAt) - Date.parse(state.now);
  return Math.min(IDLE_POLL_MS, Math.max(1_000, untilStart + START_SLACK_MS));
}

export const rainQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: envelopeKeys.rain(token),
    queryFn: ({ signal }) => getRain(signal),
    staleTime: 2_000,
    refetchInterval: (query) => refetchDelay(query.state.data),
  });

export const useRain = (token: string | null) => useQuery(rainQueryOptions(token));
