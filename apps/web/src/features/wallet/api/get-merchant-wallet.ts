import type { MerchantWallet } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/storage.ts';
import { walletKey } from './wallet-keys.ts';

/** Spec section 4: merchant wallet info is cached in session storage (key merchantWallet), like the vendor data. */
function readCache(): MerchantWallet | undefined {
  const raw = session.get('merchantWallet');
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as MerchantWallet;
    return typeof cached === 'object' && cached !== null && typeof cached.isSingle === 'boolean' ? cached : undefined;
  } catch {
    return undefined;
  }
}

/** GET merchant wallet: `isSingle` (every vendor plays from the main wallet) and the transfer-mode vendors. */
export async function getMerchantWallet(signal?: AbortSignal): Promise<MerchantWallet> {
  const value = await api<MerchantWallet>(FUNDS_PATHS.merchantWallet, { signal });
  session.set('merchantWallet', JSON.stringify(value));
  return value;
}

export const merchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: walletKey('merchantWallet'),
    queryFn: ({ signal }) => getMerchantWallet(signal),
    initialData: readCache,
    // Cached data still refreshes once per visit.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

export const useMerchantWallet = () => useQuery(merchantWalletQueryOptions());
