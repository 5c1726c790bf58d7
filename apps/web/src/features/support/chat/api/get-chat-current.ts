import { queryOptions, useQuery } from '@tanstack/react-query';
import { getChatCurrent } from './chat-calls.ts';
import { chatCurrentKey } from './chat-current-key.ts';

/** The member's current chat and the unread count for the customer-service badges (members only: guests have no badge). */
export const chatCurrentQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: chatCurrentKey(token),
    queryFn: ({ signal }) => getChatCurrent(signal),
    enabled: Boolean(token),
    staleTime: 30_000,
  });

/** Keeps the member's current chat fetched (mounted by the logged-in header, a chunk guests never load). */
export function useChatCurrent(token: string | null): void {
  useQuery(chatCurrentQueryOptions(token));
}
