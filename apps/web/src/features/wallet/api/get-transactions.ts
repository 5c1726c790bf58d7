import type { TransactionRecord } from '@playfront/contract/funds';
import { RECORDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordRange } from '../lib/record-window.ts';
import { walletKey } from './wallet-keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;
export type Transactions = { from: string; to: string; list: TransactionRecord[]; total: number; pageNo: number; pageSize: number };

/** GET the member's own ledger entries in a window (a preset or explicit days), newest first. */
export const getTransactions = (range: RecordRange, pageNo: number, signal?: AbortSignal) =>
  api<Transactions>(RECORDS_PATHS.transactions, { query: { ...range, pageNo, pageSize: TRANSACTIONS_PAGE_SIZE }, signal });

export const transactionsQueryOptions = (token: string | null, range: RecordRange, pageNo: number) =>
  queryOptions({
    queryKey: walletKey('transactions', token, JSON.stringify(range), pageNo),
    queryFn: ({ signal }) => getTransactions(range, pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (token: string | null, range: RecordRange, pageNo: number) =>
  useQuery(transactionsQueryOptions(token, range, pageNo));
