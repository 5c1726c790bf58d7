import type { Redemption } from '@playfront/contract/points';
import { POINTS_PATHS, type RedeemStatus } from '@playfront/contract/points-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pointsKey } from './points-keys.ts';

export const REDEMPTIONS_PAGE_SIZE = 10;

/** GET the member's redemptions, newest first (redeem history), optionally of one status. */
export const getRedemptions = (status: RedeemStatus | null, pageNo: number, signal?: AbortSignal) =>
  api<{ list: Redemption[]; total: number }>(POINTS_PATHS.redemptions, {
    query: { status: status ?? undefined, pageNo, pageSize: REDEMPTIONS_PAGE_SIZE },
    signal,
  });

export const redemptionsQueryOptions = (token: string | null, lang: string, status: RedeemStatus | null, pageNo: number) =>
  queryOptions({
    queryKey: pointsKey('redemptions', token, lang, status, pageNo),
    queryFn: ({ signal }) => getRedemptions(status, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    // Stock, decisions and earnings change elsewhere: read again whenever the section is shown.
    staleTime: 0,
  });

export const useRedemptions = (token: string | null, lang: string, status: RedeemStatus | null, pageNo: number) =>
  useQuery(redemptionsQueryOptions(token, lang, status, pageNo));
