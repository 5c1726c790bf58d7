import type { WithdrawalMethod } from '@playfront/contract/funds-paths';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

export type WithdrawInfo = {
  hasPaymentPassword: boolean;
  currency: string;
  min: string;
  max: string;
  available: string;
  methods: WithdrawalMethod[];
  /** The VIP level's daily limit and what is left of it today; absent when the brand runs no VIP. */
  dailyLimit?: string;
  dailyLeft?: string;
};

/** GET withdraw info: payment password set?, limits, methods and what can be withdrawn now. */
export const getWithdrawInfo = (signal?: AbortSignal) => api<WithdrawInfo>(FUNDS_PATHS.withdrawInfo, { signal });

export const withdrawInfoQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: walletKey('withdrawInfo', token), queryFn: ({ signal }) => getWithdrawInfo(signal), enabled: Boolean(token) });

export const useWithdrawInfo = (token: string | null) => useQuery(withdrawInfoQueryOptions(token));
