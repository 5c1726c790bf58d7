import type { LanguageCode } from '@playfront/contract/constants';

/**
 * Query keys of the mission calls. They start with `['promotions']`, the prefix every money event and every reward
 * action refreshes (app/live-bridge.tsx), so a settled round or a deposit moves the bars and the badge without a
 * reload.
 */
export const MISSIONS_KEY = ['promotions', 'missions'] as const;

export const missionKeys = {
  list: (language: LanguageCode, token: string | null) => [...MISSIONS_KEY, 'list', language, token] as const,
  summary: (token: string | null) => [...MISSIONS_KEY, 'summary', token] as const,
  leaderboard: (board: string, token: string | null) => [...MISSIONS_KEY, 'leaderboard', board, token] as const,
};

/** After a claim: every mission answer (and the other promotion answers) and the header balance. */
export const AFTER_CLAIM_KEYS = [['promotions'], ['account']] as const;
