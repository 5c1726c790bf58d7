import type { LanguageCode } from '@playfront/contract/constants';
import type { MissionList } from '@playfront/contract/missions';
import { MISSION_PATHS } from '@playfront/contract/missions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { missionKeys } from './missions-keys.ts';

/** GET today's and this week's missions with the member's progress (titles in the call's language). */
export const getMissions = (signal?: AbortSignal) => api<MissionList>(MISSION_PATHS.list, { signal });

export const missionsQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: missionKeys.list(language, token),
    queryFn: ({ signal }) => getMissions(signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });

export const useMissions = (language: LanguageCode, token: string | null) => useQuery(missionsQueryOptions(language, token));
