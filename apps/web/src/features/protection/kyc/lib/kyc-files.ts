import { KYC_DOCUMENT_MIMES, KYC_MAX_FILE_BYTES, type KycDocumentKind } from '@playfront/contract/kyc-paths';

export type FileProblem = 'type' | 'size' | null;

/**
 * A first check in the browser, so a member learns at once (the server checks the bytes again, whatever the browser
 * says): the type the browser reports and the size.
 */
export function fileProblem(kind: KycDocumentKind, file: Pick<File, 'type' | 'size'>): FileProblem {
  if (!KYC_DOCUMENT_MIMES[kind].includes(file.type)) return 'type';
  if (file.size > KYC_MAX_FILE_BYTES) return 'size';
  return null;
}

/** What the file input offers for a kind. */
export const acceptOf = (kind: KycDocumentKind) => KYC_DOCUMENT_MIMES[kind].join(',');
