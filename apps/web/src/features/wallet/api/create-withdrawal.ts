import type { CreateWithdrawalBody, Withdrawal } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { PROMOTIONS_KEY } from './promotion-keys.ts';
import { WALLET_KEY } from './wallet-keys.ts';

/**
 * POST a withdrawal (E-sealed). `requestId` is kept per form fill, so a resend after a lost answer cannot hold twice.
 * `token`: a withdrawal-only access (decision 056) instead of the stored session.
 */
export const createWithdrawal = (body: CreateWithdrawalBody, token?: string) =>
  sealedRequest<Withdrawal>(FUNDS_PATHS.withdrawals, body, { method: 'POST', token });

export function useCreateWithdrawal(token?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWithdrawalBody) => createWithdrawal(body, token),
    // The balance moved (held): wallet pages and the header balance refresh; an active bonus it forfeited ends.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: WALLET_KEY }),
        client.invalidateQueries({ queryKey: ['account'] }),
        client.invalidateQueries({ queryKey: PROMOTIONS_KEY }),
      ]),
  });
}
