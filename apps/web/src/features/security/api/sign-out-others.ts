import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SECURITY_KEY } from './security-keys.ts';

/** POST "sign out all other devices": every session but this one ends. */
export const signOutOtherSessions = () => api<{ ended: number }>(SECURITY_PATHS.signOutOthers, { method: 'POST' });

export function useSignOutOtherSessions() {
  const client = useQueryClient();
  return useMutation({ mutationFn: signOutOtherSessions, onSettled: () => client.invalidateQueries({ queryKey: SECURITY_KEY }) });
}
