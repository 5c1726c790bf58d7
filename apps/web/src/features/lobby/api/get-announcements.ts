import type { LanguageCode } from '@playfront/contract/constants';
import { LIMITS } from '@playfront/contract/constants';
import type { Announcement } from '@playfront/contract/games';
import { LOBBY_PATHS } from '@playfront/contract/games-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

export type AnnouncementPage = { content: Announcement[]; pageNum: number; totalPages: number; total: number };

/** GET announcements, newest first, 9 to a page (spec section 9). */
export const getAnnouncements = (language: LanguageCode, pageNo: number, signal?: AbortSignal) =>
  api<AnnouncementPage>(LOBBY_PATHS.announcements, { query: { language, pageNo, pageSize: LIMITS.announcementsPerPage }, signal });

export const useAnnouncements = (language: LanguageCode, pageNo: number) =>
  useQuery({
    queryKey: lobbyKeys.announcements(language, pageNo),
    queryFn: ({ signal }) => getAnnouncements(language, pageNo, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
