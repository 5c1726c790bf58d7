import type { LanguageCode } from '@playfront/contract/constants';

/** Query keys of the lobby's calls; the language is part of every key so a switch refetches. */
export const lobbyKeys = {
  all: ['lobby'] as const,
  menus: (lang: LanguageCode) => ['lobby', 'menus', lang] as const,
  vendors: (lang: LanguageCode) => ['lobby', 'vendors', lang] as const,
  games: (lang: LanguageCode, filter: object) => ['lobby', 'games', lang, filter] as const,
  search: (lang: LanguageCode, filter: object) => ['lobby', 'search', lang, filter] as const,
  banners: (lang: LanguageCode) => ['lobby', 'banners', lang] as const,
  notice: (lang: LanguageCode, execution: string) => ['lobby', 'notice', lang, execution] as const,
  announcements: (lang: LanguageCode, page: number) => ['lobby', 'announcements', lang, page] as const,
  winners: (lang: LanguageCode) => ['lobby', 'winners', lang] as const,
  matches: (lang: LanguageCode) => ['lobby', 'matches', lang] as const,
  jackpot: () => ['lobby', 'jackpot'] as const,
  /** Personal lists: cleared on logout by key prefix. */
  favIds: (token: string | null) => ['member-games', 'fav-ids', token] as const,
  favList: (lang: LanguageCode, token: string | null) => ['member-games', 'fav-list', lang, token] as const,
  recent: (lang: LanguageCode, token: string | null) => ['member-games', 'recent', lang, token] as const,
};
