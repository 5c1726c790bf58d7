import type { DepositOrder } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

/** GET one of the member's deposit orders (after the gateway sent the payer back, or while waiting). */
export const getDepositOrder = (orderNo: string, signal?: AbortSignal) =>
  api<DepositOrder>(FUNDS_PATHS.depositOrder.replace(':orderNo', encodeURIComponent(orderNo)), { signal });

/** While the order is pending it is asked again every few seconds (the live push usually answers first). */
export const depositOrderQueryOptions = (token: string | null, orderNo: string | null) =>
  queryOptions({
    queryKey: walletKey('depositOrder', token, orderNo),
    queryFn: ({ signal }) => getDepositOrder(orderNo ?? '', signal),
    enabled: Boolean(token && orderNo),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 4000 : false),
    retry: false,
  });

export const useDepositOrder = (token: string | null, orderNo: string | null) => useQuery(depositOrderQueryOptions(token, orderNo));
