import type { FeedbackList } from '@playfront/contract/support';
import { FEEDBACK_PATHS } from '@playfront/contract/support-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKey } from './support-keys.ts';

export const FEEDBACK_PAGE_SIZE = 10;

/** GET the member's own feedback, newest first, with the operator's replies. */
export const getMyFeedback = (pageNo: number, signal?: AbortSignal) =>
  api<FeedbackList>(FEEDBACK_PATHS.feedback, { query: { pageNo, pageSize: FEEDBACK_PAGE_SIZE }, signal });

export const myFeedbackQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: supportKey('feedback', token, pageNo),
    queryFn: ({ signal }) => getMyFeedback(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    // Replies arrive from the operator at any time: read again whenever the page is shown.
    staleTime: 0,
  });

export const useMyFeedback = (token: string | null, pageNo: number) => useQuery(myFeedbackQueryOptions(token, pageNo));
