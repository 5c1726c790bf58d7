import type { PointsConfig } from '@playfront/contract/points';
import { POINTS_PATHS } from '@playfront/contract/points-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pointsKey } from './points-keys.ts';

/** GET the brand's points configuration: earning rates per type and the conversion ratio (the rules page). */
export const getPointsConfig = (signal?: AbortSignal) => api<PointsConfig>(POINTS_PATHS.config, { signal });

export const pointsConfigQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: pointsKey('config', token),
    queryFn: ({ signal }) => getPointsConfig(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export const usePointsConfig = (token: string | null) => useQuery(pointsConfigQueryOptions(token));
