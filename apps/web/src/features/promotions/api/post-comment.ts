import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ActivityComment } from './get-comments.ts';
import { promotionPath } from './get-promotion.ts';
import { promotionKeys } from './promotion-keys.ts';

export type PostCommentInput = { code: string; body: string; images: File[] };

/** POST multipart: the activity comment (`body`, ≤ 140 characters) with up to 3 png/jpg `image` files. */
export function postComment({ code, body, images }: PostCommentInput) {
  const form = new FormData();
  form.append('body', body);
  for (const file of images) form.append('image', file, file.name);
  return api<ActivityComment>(promotionPath(PROMOTION_PATHS.comments, code), { method: 'POST', body: form });
}

export function usePostComment(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postComment,
    onSuccess: (_comment, { code }) => client.invalidateQueries({ queryKey: promotionKeys.comments(code, token) }),
  });
}
