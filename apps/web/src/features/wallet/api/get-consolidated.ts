import type { ConsolidatedFunds } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

/** GET consolidated funds (token): main wallet, vendor wallets, money held for withdrawals. Trial accounts skip it (spec section 6). */
export const getConsolidated = (signal?: AbortSignal) => api<ConsolidatedFunds>(FUNDS_PATHS.consolidated, { signal });

export const consolidatedQueryOptions = (token: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: walletKey('consolidated', token),
    queryFn: ({ signal }) => getConsolidated(signal),
    enabled: Boolean(token) && enabled,
    staleTime: 10_000,
  });

export const useConsolidated = (token: string | null, enabled = true) => useQuery(consolidatedQueryOptions(token, enabled));
