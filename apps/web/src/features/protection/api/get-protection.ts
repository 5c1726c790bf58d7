import type { ProtectionStatus } from '@playfront/contract/protection';
import { PROTECTION_PATHS } from '@playfront/contract/protection-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { protectionKey } from './protection-keys.ts';

/** GET the member's limits with their use, pending raises, the block and the reality-check setting. */
export const getProtection = (signal?: AbortSignal) => api<ProtectionStatus>(PROTECTION_PATHS.status, { signal });

export const protectionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: protectionKey('status', token),
    queryFn: ({ signal }) => getProtection(signal),
    enabled: Boolean(token),
    // Use moves with every deposit and bet: read again whenever the page is shown.
    staleTime: 0,
  });

export const useProtection = (token: string | null) => useQuery(protectionQueryOptions(token));
