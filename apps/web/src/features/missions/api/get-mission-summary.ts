import type { MissionSummary } from '@playfront/contract/missions';
import { MISSION_PATHS } from '@playfront/contract/missions-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { missionKeys } from './missions-keys.ts';

/** GET the mission summary: the menu badge (claimable missions), completed and total, the member's ranks. */
export const getMissionSummary = (signal?: AbortSignal) => api<MissionSummary>(MISSION_PATHS.summary, { signal });

export const missionSummaryQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: missionKeys.summary(token),
    queryFn: ({ signal }) => getMissionSummary(signal),
    staleTime: 60_000,
    // A badge: a failed call shows none rather than an error.
    retry: false,
  });

export const useMissionSummary = (token: string | null, enabled = true) =>
  useQuery({ ...missionSummaryQueryOptions(token), enabled: enabled && Boolean(token) });
