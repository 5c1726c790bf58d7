import type { ProfitDay } from '@playfront/contract/funds';
import { RECORDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordRange } from '../lib/record-window.ts';
import { walletKey } from './wallet-keys.ts';

export type PersonalProfit = { from: string; to: string; currency: string; days: ProfitDay[]; total: Omit<ProfitDay, 'day'> };

/** GET the member's result per brand day (deposits, withdrawals, bets, wins, bonuses, net). */
export const getPersonalProfit = (range: RecordRange, signal?: AbortSignal) =>
  api<PersonalProfit>(RECORDS_PATHS.personalProfit, { query: range, signal });

export const personalProfitQueryOptions = (token: string | null, range: RecordRange) =>
  queryOptions({
    queryKey: walletKey('personalProfit', token, JSON.stringify(range)),
    queryFn: ({ signal }) => getPersonalProfit(range, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const usePersonalProfit = (token: string | null, range: RecordRange) => useQuery(personalProfitQueryOptions(token, range));
