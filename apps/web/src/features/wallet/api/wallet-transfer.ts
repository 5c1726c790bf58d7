import type { WalletTransferBody } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WALLET_KEY } from './wallet-keys.ts';

export type WalletTransferResult = { vendorCode: string; main: string; vendor: string; replayed: boolean };

/** POST /wps/relay/GCS_walletTransfer: main wallet ↔ a transfer-mode vendor's wallet. */
export const walletTransfer = (body: WalletTransferBody) => api<WalletTransferResult>(FUNDS_PATHS.walletTransfer, { method: 'POST', body });

export function useWalletTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: walletTransfer,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: WALLET_KEY }), client.invalidateQueries({ queryKey: ['account'] })]),
  });
}
