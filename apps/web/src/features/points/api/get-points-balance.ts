import type { PointsBalance } from '@playfront/contract/points';
import { POINTS_PATHS } from '@playfront/contract/points-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pointsKey } from './points-keys.ts';

/** GET the member's current points, their cash value, and whether a payment password is set. */
export const getPointsBalance = (signal?: AbortSignal) => api<PointsBalance>(POINTS_PATHS.balance, { signal });

export const pointsBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: pointsKey('balance', token),
    queryFn: ({ signal }) => getPointsBalance(signal),
    enabled: Boolean(token),
    // Points arrive in the background (the outbox), and the payment password is set on another page: always fresh.
    staleTime: 0,
  });

export const usePointsBalance = (token: string | null) => useQuery(pointsBalanceQueryOptions(token));
