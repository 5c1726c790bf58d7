import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { WALLET_KEY } from './wallet-keys.ts';

/** First time with the login password (`password`), afterwards with the old payment password. */
export type SetPaymentPasswordInput = { newPaymentPassword: string; password?: string; oldPaymentPassword?: string };

/** POST the payment password (E-sealed). */
export const setPaymentPassword = (input: SetPaymentPasswordInput) =>
  sealedRequest<{ hasPaymentPassword: true }>(FUNDS_PATHS.paymentPassword, input, { method: 'POST' });

export function useSetPaymentPassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setPaymentPassword, onSuccess: () => client.invalidateQueries({ queryKey: WALLET_KEY }) });
}
