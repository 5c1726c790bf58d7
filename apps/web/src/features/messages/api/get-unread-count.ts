import { MESSAGES_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messagesKey } from './messages-keys.ts';

/** GET the unread count for the messageV2 badge. Trial accounts never ask (spec section 6). */
export const getUnreadCount = (signal?: AbortSignal) => api<{ unread: number }>(MESSAGES_PATHS.unreadCount, { signal });

export const unreadCountQueryOptions = (token: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: messagesKey('unread', token),
    queryFn: ({ signal }) => getUnreadCount(signal),
    enabled: Boolean(token) && enabled,
    staleTime: 60_000,
    retry: false,
    select: (v) => v.unread,
  });

/** The badge number, or undefined while unknown (no badge rather than a made-up zero). */
export const useUnreadCount = (token: string | null, enabled: boolean) => useQuery(unreadCountQueryOptions(token, enabled)).data;
