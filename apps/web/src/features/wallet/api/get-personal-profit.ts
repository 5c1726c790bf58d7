import type { ProfitDay } from '@playfront/contract/funds';
import { type DatePreset, RECORDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

export type PersonalProfit = { from: string; to: string; currency: string; days: ProfitDay[]; total: Omit<ProfitDay, 'day'> };

/** GET the member's result per brand day (deposits, withdrawals, bets, wins, bonuses, net). */
export const getPersonalProfit = (preset: DatePreset, signal?: AbortSignal) =>
  api<PersonalProfit>(RECORDS_PATHS.personalProfit, { query: { preset }, signal });

export const personalProfitQueryOptions = (token: string | null, preset: DatePreset) =>
  queryOptions({
    queryKey: walletKey('personalProfit', token, preset),
    queryFn: ({ signal }) => getPersonalProfit(preset, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const usePersonalProfit = (token: string | null, preset: DatePreset) => useQuery(personalProfitQueryOptions(token, preset));
