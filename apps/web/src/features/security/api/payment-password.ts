import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** POST an SMS code to the member's own mobile for a payment-password change or reset. */
export const sendPaymentPasswordCode = () =>
  api<{ maskedMobile: string; expiredMinutes: number }>(FUNDS_PATHS.paymentPasswordCode, { method: 'POST' });

export type PaymentPasswordInput =
  /** First time: the login password proves it is the member. */
  | { mode: 'set'; password: string; newPaymentPassword: string }
  /** A change: the old payment password and an SMS code. */
  | { mode: 'change'; oldPaymentPassword: string; smsCode: string; newPaymentPassword: string }
  /** Forgotten: the login password and an SMS code. */
  | { mode: 'forgot'; password: string; smsCode: string; newPaymentPassword: string };

/** Sets, changes or resets the payment password (every variant E-sealed). */
export function savePaymentPassword(input: PaymentPasswordInput) {
  const { mode, ...body } = input;
  const path = mode === 'forgot' ? SECURITY_PATHS.paymentPasswordReset : FUNDS_PATHS.paymentPassword;
  return sealedRequest<{ hasPaymentPassword: true }>(path, body, { method: 'POST' });
}

export function useSavePaymentPassword() {
  const client = useQueryClient();
  return useMutation({ mutationFn: savePaymentPassword, onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
