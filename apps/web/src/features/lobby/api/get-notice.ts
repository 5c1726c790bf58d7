import type { LanguageCode } from '@playfront/contract/constants';
import type { NoticeValue } from '@playfront/contract/games';
import { LOBBY_PATHS } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

/** GET notice with types B,PL,PU,PR, platform W and the executions that apply to this visitor (A, B, F). */
export const getNotice = (language: LanguageCode, execution: string, signal?: AbortSignal) =>
  api<NoticeValue>(LOBBY_PATHS.notice, { query: { types: 'B,PL,PU,PR', platform: 'W', execution, language }, signal });

export const noticeQueryOptions = (language: LanguageCode, execution: string) =>
  queryOptions({
    queryKey: lobbyKeys.notice(language, execution),
    queryFn: ({ signal }) => getNotice(language, execution, signal),
    staleTime: 5 * 60_000,
  });

export const useNotice = (language: LanguageCode, execution: string) => useQuery(noticeQueryOptions(language, execution));
