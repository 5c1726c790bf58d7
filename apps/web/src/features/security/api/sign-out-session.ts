import { securitySessionPath } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** DELETE one of the member's own sessions: that device is signed out at once. */
export const signOutSession = (id: string) => api<{ ended: number }>(securitySessionPath(id), { method: 'DELETE' });

export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signOutSession, onSettled: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
