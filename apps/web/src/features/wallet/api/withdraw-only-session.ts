import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { WALLET_PATHS, type WalletBalance } from '@playfront/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

/**
 * The two calls the withdrawal-only screen adds to the withdraw page's (decision 056), both with the restricted
 * token: the main wallet balance, and logging that access out.
 */
export const getAccessBalance = (token: string, signal?: AbortSignal) => api<WalletBalance>(WALLET_PATHS.balance, { signal, token });

export const accessBalanceQueryOptions = (token: string) =>
  queryOptions({
    // Under the wallet key: a withdrawal's invalidation refreshes it with the rest.
    queryKey: walletKey('withdrawOnlyBalance', token),
    queryFn: ({ signal }) => getAccessBalance(token, signal),
    retry: false,
  });

export const useAccessBalance = (token: string) => useQuery(accessBalanceQueryOptions(token));

/** DELETE /wps/session/logout with the restricted token: the server revokes that access. */
export const endAccess = (token: string) => api<null>(SESSION_PATHS.logout, { method: 'DELETE', token });
