import type { LanguageCode } from '@playfront/contract/constants';

/**
 * Query keys of the reward centre and bonus calls. They share the `['promotions']` prefix with the promotions
 * feature and the deposit page, so a join, claim, cancel or money event refreshes every promotion answer at once.
 */
export const PROMOTIONS_KEY = ['promotions'] as const;

export const rewardKeys = {
  summary: (token: string | null) => [...PROMOTIONS_KEY, 'summary', token] as const,
  rewards: (pageNo: number, language: LanguageCode, token: string | null) =>
    [...PROMOTIONS_KEY, 'rewards', pageNo, language, token] as const,
  bonus: (language: LanguageCode, token: string | null) => [...PROMOTIONS_KEY, 'bonus', language, token] as const,
};

/** After a claim or a cancel: every promotion answer and the header balance. */
export const AFTER_CHANGE_KEYS = [PROMOTIONS_KEY, ['account']] as const;
