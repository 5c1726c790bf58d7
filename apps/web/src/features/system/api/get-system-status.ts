import type { SystemStatus } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /wps/system/status: 0 normal, 1 maintenance, 2 region-restricted, plus the visitor's IP. */
export const getSystemStatus = (signal?: AbortSignal) => api<SystemStatus>(SYSTEM_PATHS.status, { signal });

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: ({ signal }) => getSystemStatus(signal),
    // Checked on start; a blocked visitor reloads to try again.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());
