import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { WALLET_KEY } from './wallet-keys.ts';

/** First time with the login password (`password`), afterwards with the old payment password. */
export type SetPaymentPasswordInput = { newPaymentPassword: string; password?: string; oldPaymentPassword?: string };

/** POST the payment password (E-sealed). `token`: a withdrawal-only access (decision 056) instead of the stored session. */
export const setPaymentPassword = (input: SetPaymentPasswordInput, token?: string) =>
  sealedRequest<{ hasPaymentPassword: true }>(FUNDS_PATHS.paymentPassword, input, { method: 'POST', token });

export function useSetPaymentPassword(token?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPaymentPasswordInput) => setPaymentPassword(input, token),
    onSuccess: () => client.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}
