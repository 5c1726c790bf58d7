import type { WithdrawalDecision, WithdrawalQueueItem } from '@playfront/contract/console';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import { api } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

export const withdrawalQueue = (q: { status: string; pageNo: number; pageSize: number; sort: string; order: string }) =>
  api<Page<WithdrawalQueueItem>>(CONSOLE_PATHS.withdrawals, { query: q });

export const approveWithdrawal = (orderNo: string) =>
  api<WithdrawalDecision>(consolePath('withdrawalApprove', { orderNo }), { method: 'POST', body: {} });

export const rejectWithdrawal = (orderNo: string, reason: string) =>
  api<WithdrawalDecision>(consolePath('withdrawalReject', { orderNo }), { method: 'POST', body: { reason } });
