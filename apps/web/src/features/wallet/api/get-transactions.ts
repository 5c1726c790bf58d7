import type { TransactionRecord } from '@playfront/contract/funds';
import { RECORDS_PATHS } from '@playfront/contract/funds-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { RecordRange } from '../lib/record-window.ts';
import { walletKey } from './wallet-keys.ts';

export const TRANSACTIONS_PAGE_SIZE = 20;
export type Transactions = { from: string; to: string; list: TransactionRecord[]; total: number; pageNo: number; pageSize: number };

/** The account record's filter (issue 22): one movement kind, and the language game names come in. */
export type TransactionsFilter = { type?: string | undefined; language: 'en' | 'bn' };

/** GET the member's own ledger entries in a window (a preset or explicit days), newest first. */
export const getTransactions = (range: RecordRange, pageNo: number, filter: TransactionsFilter, signal?: AbortSignal) =>
  api<Transactions>(RECORDS_PATHS.transactions, {
    query: { ...range, ...(filter.type ? { type: filter.type } : {}), language: filter.language, pageNo, pageSize: TRANSACTIONS_PAGE_SIZE },
    signal,
  });

export const transactionsQueryOptions = (token: string | null, range: RecordRange, pageNo: number, filter: TransactionsFilter) =>
  queryOptions({
    queryKey: walletKey('transactions', token, JSON.stringify(range), pageNo, filter.type ?? '', filter.language),
    queryFn: ({ signal }) => getTransactions(range, pageNo, filter, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (token: string | null, range: RecordRange, pageNo: number, filter: TransactionsFilter) =>
  useQuery(transactionsQueryOptions(token, range, pageNo, filter));
