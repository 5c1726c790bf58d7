import type { RecoveryCodes } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** POST an app code: ten new recovery codes (the old ones stop working), shown once. */
export const renewRecoveryCodes = (code: string) =>
  api<RecoveryCodes>(SECURITY_PATHS.twoStepRecoveryCodes, { method: 'POST', body: { code } });

export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renewRecoveryCodes, onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
