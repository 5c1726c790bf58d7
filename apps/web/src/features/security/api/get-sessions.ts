import type { ActiveSession } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** GET the member's live sessions, this one first. */
export const getSessions = (signal?: AbortSignal) => api<{ list: ActiveSession[] }>(SECURITY_PATHS.sessions, { signal });

export const sessionsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: securityKey('sessions', token),
    queryFn: ({ signal }) => getSessions(signal),
    enabled: Boolean(token),
    // Other devices come and go: read again whenever the section is shown.
    staleTime: 0,
  });

export const useSessions = (token: string | null) => useQuery(sessionsQueryOptions(token));
