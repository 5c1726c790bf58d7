import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { WALLET_KEY } from './wallet-keys.ts';

export type MemberTransferInput = { requestId: string; amount: string; paymentPassword: string; downline?: string };
export type MemberTransferResult = { to: string; amount: string; balance: string; replayed: boolean };

/** POST (E-sealed): to one's own direct upline, or (agents) to a member of their downline tree. */
export function memberTransfer({ downline, ...body }: MemberTransferInput) {
  return downline === undefined
    ? sealedRequest<MemberTransferResult>(FUNDS_PATHS.transferUpline, body, { method: 'POST' })
    : sealedRequest<MemberTransferResult>(FUNDS_PATHS.transferDownline, { ...body, downline }, { method: 'POST' });
}

export function useMemberTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: memberTransfer,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: WALLET_KEY }), client.invalidateQueries({ queryKey: ['account'] })]),
  });
}
