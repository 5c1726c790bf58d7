import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChatCurrent } from './chat-calls.ts';
import { chatCurrentKey } from './chat-keys.ts';

/** The member's current chat and the unread count for the customer-service badges (members only: guests have no badge). */
export const chatCurrentQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: chatCurrentKey(token),
    queryFn: ({ signal }) => getChatCurrent(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });

export function useChatUnread(token: string | null): number {
  return useQuery(chatCurrentQueryOptions(token)).data?.unread ?? 0;
}
