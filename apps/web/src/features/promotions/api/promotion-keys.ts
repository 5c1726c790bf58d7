import type { LanguageCode } from '@playfront/contract/constants';

/**
 * Query keys of the promotion calls. Every promotion, reward and bonus answer lives under `['promotions']` (the
 * rewards feature and the deposit page use the same prefix), so one invalidation after a join, claim, cancel or a
 * money event refreshes all of them. Answers carry titles in the page language and depend on who asks (token).
 */
export const PROMOTIONS_KEY = ['promotions'] as const;

export const promotionKeys = {
  list: (language: LanguageCode, token: string | null) => [...PROMOTIONS_KEY, 'list', language, token] as const,
  detail: (code: string, language: LanguageCode, token: string | null) => [...PROMOTIONS_KEY, 'detail', code, language, token] as const,
  comments: (code: string, token: string | null) => [...PROMOTIONS_KEY, 'comments', code, token] as const,
};
