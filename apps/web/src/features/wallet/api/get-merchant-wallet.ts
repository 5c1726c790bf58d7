import type { MerchantWallet } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

/** GET merchant wallet: `isSingle` (every vendor plays from the main wallet) and the transfer-mode vendors. */
export const getMerchantWallet = (signal?: AbortSignal) => api<MerchantWallet>(FUNDS_PATHS.merchantWallet, { signal });

export const merchantWalletQueryOptions = () =>
  queryOptions({ queryKey: walletKey('merchantWallet'), queryFn: ({ signal }) => getMerchantWallet(signal), staleTime: 5 * 60_000 });

export const useMerchantWallet = () => useQuery(merchantWalletQueryOptions());
