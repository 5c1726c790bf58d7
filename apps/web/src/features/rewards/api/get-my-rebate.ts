import type { MyRebate, RebateHistory } from '@playfront/contract/rebates';
import { REBATE_PATHS } from '@playfront/contract/rebates-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { PROMOTIONS_KEY } from './rewards-keys.ts';

/**
 * The manual rebate calls (issue 12): the rebate accrued since the last payout and the payout history. Their keys
 * start with `['promotions']`, so a money event (a settled round, a payout) refreshes them with the other rewards.
 */
export const rebateKeys = {
  all: [...PROMOTIONS_KEY, 'rebates'] as const,
  mine: (token: string | null) => [...PROMOTIONS_KEY, 'rebates', 'mine', token] as const,
  history: (pageNo: number, token: string | null) => [...PROMOTIONS_KEY, 'rebates', 'history', pageNo, token] as const,
};

export const HISTORY_PAGE_SIZE = 10;

export const getMyRebate = (signal?: AbortSignal) => api<MyRebate>(REBATE_PATHS.mine, { signal });
export const getRebateHistory = (pageNo: number, signal?: AbortSignal) =>
  api<RebateHistory>(REBATE_PATHS.history, { query: { pageNo, pageSize: HISTORY_PAGE_SIZE }, signal });

export const myRebateQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: rebateKeys.mine(token),
    queryFn: ({ signal }) => getMyRebate(signal),
    enabled: Boolean(token),
    staleTime: 10_000,
  });

export const rebateHistoryQueryOptions = (pageNo: number, token: string | null) =>
  queryOptions({
    queryKey: rebateKeys.history(pageNo, token),
    queryFn: ({ signal }) => getRebateHistory(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useMyRebate = (token: string | null) => useQuery(myRebateQueryOptions(token));
export const useRebateHistory = (pageNo: number, token: string | null) => useQuery(rebateHistoryQueryOptions(pageNo, token));
