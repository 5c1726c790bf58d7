import type { Withdrawal } from '@playfront/contract/funds';
import { FUNDS_PATHS, type WithdrawalOutcome } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WALLET_KEY } from './wallet-keys.ts';

export type ConfirmWithdrawalInput = { orderNo: string; outcome: WithdrawalOutcome; note: string; files: File[] };

/** POST multipart: the member's answer on an approved withdrawal, with proof images. `token`: a withdrawal-only access. */
export function confirmWithdrawal({ orderNo, outcome, note, files }: ConfirmWithdrawalInput, token?: string) {
  const form = new FormData();
  form.append('outcome', outcome);
  if (note.trim()) form.append('note', note.trim());
  for (const file of files) form.append('proof', file, file.name);
  return api<Withdrawal>(FUNDS_PATHS.withdrawalConfirm.replace(':orderNo', encodeURIComponent(orderNo)), {
    method: 'POST',
    body: form,
    token,
  });
}

export function useConfirmWithdrawal(token?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmWithdrawalInput) => confirmWithdrawal(input, token),
    onSettled: () => client.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}
