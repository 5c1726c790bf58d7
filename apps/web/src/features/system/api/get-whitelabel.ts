import type { Whitelabel } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /wps/system/whitelabel: every whitelabel and feature flag, for screens that need them fresh (register, login). */
export const getWhitelabel = (signal?: AbortSignal) => api<Whitelabel>(SYSTEM_PATHS.whitelabel, { signal });

export const whitelabelQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'whitelabel'], queryFn: ({ signal }) => getWhitelabel(signal), staleTime: 60_000 });

export const useWhitelabel = () => useQuery(whitelabelQueryOptions());
