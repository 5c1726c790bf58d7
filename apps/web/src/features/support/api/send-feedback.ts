import type { Feedback } from '@playfront/contract/support';
import { FEEDBACK_PATHS, type FeedbackType } from '@playfront/contract/support-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { supportKey } from './support-keys.ts';

export type SendFeedbackInput = { type: FeedbackType; content: string; images: File[] };

/** PUT multipart /wps/feedback: `type`, `content` and up to 3 png/jpg `image` files (spec section 7). */
export function sendFeedback({ type, content, images }: SendFeedbackInput) {
  const form = new FormData();
  form.append('type', type);
  form.append('content', content);
  for (const file of images) form.append('image', file, file.name);
  return api<Feedback>(FEEDBACK_PATHS.feedback, { method: 'PUT', body: form });
}

export function useSendFeedback(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => client.invalidateQueries({ queryKey: supportKey('feedback', token) }),
  });
}
