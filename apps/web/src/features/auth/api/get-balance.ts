import type { WalletBalance } from '@playfront/contract/wallet';
import { WALLET_PATHS } from '@playfront/contract/wallet-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /wps/v2/wallets/balance (token): the main wallet, in integer minor units with the brand's currency symbol.
 * `token`: a withdrawal-only access instead of the stored session (decision 056).
 */
export const getBalance = (signal?: AbortSignal, token?: string) => api<WalletBalance>(WALLET_PATHS.balance, { signal, token });

export const balanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['account', 'balance', token],
    queryFn: ({ signal }) => getBalance(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
    // A failing wallet call shows a dash; the refresh button tries again.
    retry: false,
  });

export const useBalance = (token: string | null) => useQuery(balanceQueryOptions(token));
