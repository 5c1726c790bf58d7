import type { FeedbackConfig } from '@playfront/contract/support';
import { FEEDBACK_PATHS } from '@playfront/contract/support-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKey } from './support-keys.ts';

/** GET the feedback types, the brand's content bounds and the image limits: the form checks what the server will. */
export const getFeedbackConfig = (signal?: AbortSignal) => api<FeedbackConfig>(FEEDBACK_PATHS.config, { signal });

export const feedbackConfigQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: supportKey('config', token),
    queryFn: ({ signal }) => getFeedbackConfig(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export const useFeedbackConfig = (token: string | null) => useQuery(feedbackConfigQueryOptions(token));
