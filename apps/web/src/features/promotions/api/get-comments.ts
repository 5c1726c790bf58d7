import type { ActivityCommentSchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { promotionPath } from './get-promotion.ts';
import { promotionKeys } from './promotion-keys.ts';

export type ActivityComment = z.infer<typeof ActivityCommentSchema>;

/** GET the caller's own comments on a promotion (a member only sees theirs). */
export const getComments = (code: string, signal?: AbortSignal) =>
  api<{ list: ActivityComment[] }>(promotionPath(PROMOTION_PATHS.comments, code), { signal });

export const commentsQueryOptions = (code: string, token: string | null) =>
  queryOptions({
    queryKey: promotionKeys.comments(code, token),
    queryFn: ({ signal }) => getComments(code, signal),
    select: (value) => value.list,
    enabled: Boolean(token),
  });

export const useComments = (code: string, token: string | null) => useQuery(commentsQueryOptions(code, token));
