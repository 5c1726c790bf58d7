import type { Withdrawal } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

export const WITHDRAWALS_PAGE_SIZE = 10;

/** GET the member's withdrawals, newest first, with their confirmation. `token`: a withdrawal-only access. */
export const getWithdrawals = (pageNo: number, signal?: AbortSignal, token?: string) =>
  api<{ list: Withdrawal[]; total: number }>(FUNDS_PATHS.withdrawals, {
    query: { pageNo, pageSize: WITHDRAWALS_PAGE_SIZE },
    signal,
    token,
  });

export const withdrawalsQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: walletKey('withdrawals', token, pageNo),
    queryFn: ({ signal }) => getWithdrawals(pageNo, signal, token ?? undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useWithdrawals = (token: string | null, pageNo: number) => useQuery(withdrawalsQueryOptions(token, pageNo));
