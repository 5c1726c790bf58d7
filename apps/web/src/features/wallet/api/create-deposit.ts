import type { CreateDepositBody, DepositOrder } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type CreatedDeposit = DepositOrder & { payUrl: string };

/** POST a deposit order: the answer carries the gateway's payment page. */
export const createDeposit = (body: CreateDepositBody) => api<CreatedDeposit>(FUNDS_PATHS.depositOrders, { method: 'POST', body });

export const useCreateDeposit = () => useMutation({ mutationFn: createDeposit });
