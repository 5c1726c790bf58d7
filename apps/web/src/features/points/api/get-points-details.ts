import type { PointsEntry } from '@playfront/contract/points';
import { POINTS_PATHS, type PointType } from '@playfront/contract/points-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pointsKey } from './points-keys.ts';

export const DETAILS_PAGE_SIZE = 15;

/** GET every earning and spending of the member's points, newest first (points details), optionally of one type. */
export const getPointsDetails = (type: PointType | null, pageNo: number, signal?: AbortSignal) =>
  api<{ list: PointsEntry[]; total: number }>(POINTS_PATHS.details, {
    query: { type: type ?? undefined, pageNo, pageSize: DETAILS_PAGE_SIZE },
    signal,
  });

export const pointsDetailsQueryOptions = (token: string | null, type: PointType | null, pageNo: number) =>
  queryOptions({
    queryKey: pointsKey('details', token, type, pageNo),
    queryFn: ({ signal }) => getPointsDetails(type, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    // Stock, decisions and earnings change elsewhere: read again whenever the section is shown.
    staleTime: 0,
  });

export const usePointsDetails = (token: string | null, type: PointType | null, pageNo: number) =>
  useQuery(pointsDetailsQueryOptions(token, type, pageNo));
