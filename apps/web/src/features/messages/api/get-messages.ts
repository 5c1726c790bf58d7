import { MESSAGES_PAGE_SIZE, MESSAGES_PATHS } from '@playfront/contract/funds-paths';
import type { MemberMessage } from '@playfront/contract/messages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messagesKey } from './messages-keys.ts';

export type MessagesPage = { list: MemberMessage[]; total: number; pageNo: number; pageSize: number; unread: number };

/** GET the member's internal messages, newest first. */
export const getMessages = (pageNo: number, signal?: AbortSignal) =>
  api<MessagesPage>(MESSAGES_PATHS.list, { query: { pageNo, pageSize: MESSAGES_PAGE_SIZE }, signal });

export const messagesQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: messagesKey('list', token, pageNo),
    queryFn: ({ signal }) => getMessages(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useMessages = (token: string | null, pageNo: number) => useQuery(messagesQueryOptions(token, pageNo));
