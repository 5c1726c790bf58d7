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

/** GET withdraw info: payment password set?, limits, methods and what can be withdrawn now. `token`: a withdrawal-only access. */
export const getWithdrawInfo = (signal?: AbortSignal, token?: string) => api<WithdrawInfo>(FUNDS_PATHS.withdrawInfo, { signal, token });

export const withdrawInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: walletKey('withdrawInfo', token),
    queryFn: ({ signal }) => getWithdrawInfo(signal, token ?? undefined),
    enabled: Boolean(token),
  });

export const useWithdrawInfo = (token: string | null) => useQuery(withdrawInfoQueryOptions(token));
