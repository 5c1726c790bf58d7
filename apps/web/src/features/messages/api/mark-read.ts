import { MESSAGES_PATHS } from '@playfront/contract/funds-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { MESSAGES_KEY } from './messages-keys.ts';

/** POST mark read: some messages (`ids`) or, without ids, all of them. */
export const markRead = (ids?: string[]) =>
  ids
    ? api<{ updated: number; unread: number }>(MESSAGES_PATHS.markRead, { method: 'POST', body: { ids } })
    : api<{ updated: number; unread: number }>(MESSAGES_PATHS.markAllRead, { method: 'POST' });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markRead, onSettled: () => client.invalidateQueries({ queryKey: MESSAGES_KEY }) });
}
