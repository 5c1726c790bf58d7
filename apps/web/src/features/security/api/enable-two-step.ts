import type { RecoveryCodes } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** POST the app's code to confirm the setup: two-step login is on; the answer holds the recovery codes, once. */
export const enableTwoStep = (code: string) => api<RecoveryCodes>(SECURITY_PATHS.twoStepEnable, { method: 'POST', body: { code } });

export function useEnableTwoStep() {
  const client = useQueryClient();
  return useMutation({ mutationFn: enableTwoStep, onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
