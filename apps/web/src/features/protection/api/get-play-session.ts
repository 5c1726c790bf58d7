import type { PlaySession } from '@playfront/contract/protection';
import { PROTECTION_PATHS } from '@playfront/contract/protection-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { protectionKey } from './protection-keys.ts';

/** GET this login session's start, stakes, wins and net result (the reality check's figures). */
export const getPlaySession = (signal?: AbortSignal) => api<PlaySession>(PROTECTION_PATHS.session, { signal });

/**
 * Read every minute while the member is logged in: the reality check needs fresh figures, and the call also lets the
 * server end a session that has run past the member's daily session time.
 */
export const playSessionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: protectionKey('session', token),
    queryFn: ({ signal }) => getPlaySession(signal),
    enabled: Boolean(token),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

export const usePlaySession = (token: string | null, enabled = true) =>
  useQuery({ ...playSessionQueryOptions(token), enabled: Boolean(token) && enabled });
