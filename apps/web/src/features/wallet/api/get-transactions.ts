import type { TransactionRecord } from '@playfront/contract/funds';
import { type DatePreset, RECORDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;
export type Transactions = { from: string; to: string; list: TransactionRecord[]; total: number; pageNo: number; pageSize: number };

/** GET the member's own ledger entries in a window (preset), newest first. */
export const getTransactions = (preset: DatePreset, pageNo: number, signal?: AbortSignal) =>
  api<Transactions>(RECORDS_PATHS.transactions, { query: { preset, pageNo, pageSize: TRANSACTIONS_PAGE_SIZE }, signal });

export const transactionsQueryOptions = (token: string | null, preset: DatePreset, pageNo: number) =>
  queryOptions({
    queryKey: walletKey('transactions', token, preset, pageNo),
    queryFn: ({ signal }) => getTransactions(preset, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (token: string | null, preset: DatePreset, pageNo: number) =>
  useQuery(transactionsQueryOptions(token, preset, pageNo));
