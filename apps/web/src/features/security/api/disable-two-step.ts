import type { TwoStepStatus } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** POST an app code or a recovery code: two-step login is off. */
export const disableTwoStep = (code: string) => api<TwoStepStatus>(SECURITY_PATHS.twoStepDisable, { method: 'POST', body: { code } });

export function useDisableTwoStep() {
  const client = useQueryClient();
  return useMutation({ mutationFn: disableTwoStep, onSuccess: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
