import { STAFF_SESSION_HEADER } from '@playfront/contract/console-paths';
import type { KycSubmissionDetail, KycSubmissionItem } from '@playfront/contract/kyc';
import { KYC_CONSOLE_PATHS } from '@playfront/contract/kyc-paths';
import { ApiError, api } from '../../lib/api.ts';
import { getSession } from '../../lib/session.ts';
import type { Page } from '../members/api.ts';

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

export const kycQueue = (q: { status: string; q: string; pageNo: number; pageSize: number }) =>
  api<Page<KycSubmissionItem>>(KYC_CONSOLE_PATHS.kycQueue, { query: q });

export const kycSubmission = (submissionId: string) => api<KycSubmissionDetail>(fill(KYC_CONSOLE_PATHS.kycSubmission, { submissionId }));

export const approveKyc = (submissionId: string) =>
  api<KycSubmissionItem>(fill(KYC_CONSOLE_PATHS.kycApprove, { submissionId }), { method: 'POST', body: {} });

export const rejectKyc = (submissionId: string, reason: string) =>
  api<KycSubmissionItem>(fill(KYC_CONSOLE_PATHS.kycReject, { submissionId }), { method: 'POST', body: { reason } });

/**
 * A document's bytes as a Blob: the staff session travels in a header, so an <img> or a link cannot ask for the file by
 * itself (and nothing of it is cached: the server answers no-store).
 */
export async function kycDocumentBlob(submissionId: string, documentId: string): Promise<Blob> {
  const token = getSession()?.token;
  const response = await fetch(fill(KYC_CONSOLE_PATHS.kycDocument, { submissionId, documentId }), {
    headers: token ? { [STAFF_SESSION_HEADER]: token } : {},
    signal: AbortSignal.timeout(60_000),
  }).catch(() => {
    throw new ApiError('NETWORK', 'errors.network', 0);
  });
  if (!response.ok) {
    const json = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(json?.code ?? 'UNKNOWN', json?.message ?? 'errors.unknown', response.status);
  }
  return response.blob();
}
