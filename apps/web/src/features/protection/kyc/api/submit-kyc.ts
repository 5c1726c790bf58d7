import type { MyKyc } from '@playfront/contract/kyc';
import { KYC_PATHS, type KycDocumentKind } from '@playfront/contract/kyc-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { kycKey } from './get-my-kyc.ts';

export type SubmitKycInput = { fullName: string; files: Record<KycDocumentKind, File> };

/** POST multipart /wps/kyc: the name as on the documents and one file per document kind (the part's name). */
export function submitKyc({ fullName, files }: SubmitKycInput) {
  const form = new FormData();
  form.append('fullName', fullName);
  for (const [kind, file] of Object.entries(files)) form.append(kind, file, file.name);
  return api<MyKyc>(KYC_PATHS.submit, { method: 'POST', body: form });
}

export function useSubmitKyc(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitKyc,
    onSuccess: (status) => client.setQueryData(kycKey(token), status),
  });
}
