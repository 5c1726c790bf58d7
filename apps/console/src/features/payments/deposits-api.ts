import type { DepositItem, ManualDeposit } from '@playfront/contract/console-backoffice';
import { BACKOFFICE_PATHS, backofficePath } from '@playfront/contract/console-backoffice-paths';
import { api, fetchBlob, type Query } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

export const listDeposits = (q: Query) => api<Page<DepositItem>>(BACKOFFICE_PATHS.deposits, { query: q });
export const listManualDeposits = (q: Query) => api<Page<ManualDeposit>>(BACKOFFICE_PATHS.manualDeposits, { query: q });

export type ManualDepositForm = {
  memberId: string;
  amount: string;
  reference: string;
  reason: string;
  idempotencyKey: string;
  proof: File;
};
export function createManualDeposit(f: ManualDepositForm) {
  const form = new FormData();
  form.set('memberId', f.memberId);
  form.set('amount', f.amount);
  form.set('reference', f.reference);
  form.set('reason', f.reason);
  form.set('idempotencyKey', f.idempotencyKey);
  form.set('proof', f.proof, f.proof.name);
  return api<ManualDeposit>(BACKOFFICE_PATHS.manualDeposits, { method: 'POST', body: form });
}
export const approveManualDeposit = (manualDepositId: string) =>
  api<ManualDeposit>(backofficePath('manualDepositApprove', { manualDepositId }), { method: 'POST', body: {} });
export const rejectManualDeposit = (manualDepositId: string, reason: string) =>
  api<ManualDeposit>(backofficePath('manualDepositReject', { manualDepositId }), { method: 'POST', body: { reason } });
export const manualDepositProof = (manualDepositId: string) => fetchBlob(backofficePath('manualDepositProof', { manualDepositId }));
