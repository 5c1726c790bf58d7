import { skipToken, useQuery } from '@tanstack/react-query';
import { chatCurrentKey } from './chat-current-key.ts';

/**
 * The unread count for the customer-service badges, read from the current chat that the logged-in header keeps
 * fetched (get-chat-current.ts): the frame reads it without carrying the chat's calls, which guests never need.
 */
export function useChatUnread(token: string | null): number {
  return useQuery<{ unread: number }>({ queryKey: chatCurrentKey(token), queryFn: skipToken }).data?.unread ?? 0;
}
