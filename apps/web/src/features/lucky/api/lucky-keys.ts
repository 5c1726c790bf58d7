import type { LanguageCode } from '@playfront/contract/constants';
import type { LuckyGame } from '@playfront/contract/lucky-paths';

/** Query keys of the lucky draws; every one starts with ['lucky'], so a play or a money event refreshes them all. */
export const LUCKY_KEY = ['lucky'] as const;

export const luckyKeys = {
  game: (game: LuckyGame, language: LanguageCode, token: string | null) => [...LUCKY_KEY, 'game', game, language, token] as const,
  plays: (game: LuckyGame, language: LanguageCode, token: string | null) => [...LUCKY_KEY, 'plays', game, language, token] as const,
  raffles: (language: LanguageCode, token: string | null) => [...LUCKY_KEY, 'raffles', language, token] as const,
};

/** After a play or a new seed: the lucky answers and the header balance. */
export const AFTER_PLAY_KEYS = [LUCKY_KEY, ['account']] as const;
