import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBalance } from '../../auth/api/get-balance.ts';
import { walletKey } from './wallet-keys.ts';

/**
 * The main wallet balance on the withdrawal-only screen (decision 056), read with the restricted token; logging that
 * access out is the ordinary logout with that token (auth/api/logout.ts).
 */

export const accessBalanceQueryOptions = (token: string) =>
  queryOptions({
    // Under the wallet key: a withdrawal's invalidation refreshes it with the rest.
    queryKey: walletKey('withdrawOnlyBalance', token),
    queryFn: ({ signal }) => getBalance(signal, token),
    retry: false,
  });

export const useAccessBalance = (token: string) => useQuery(accessBalanceQueryOptions(token));
