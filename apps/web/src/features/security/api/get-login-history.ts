import type { LoginEvent } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

export const LOGIN_HISTORY_PAGE_SIZE = 10;

type LoginHistoryPage = { list: LoginEvent[]; total: number; pageNo: number; pageSize: number };

/** GET the account's logins and refused logins, newest first. */
export const getLoginHistory = (pageNo: number, signal?: AbortSignal) =>
  api<LoginHistoryPage>(SECURITY_PATHS.logins, { query: { pageNo, pageSize: LOGIN_HISTORY_PAGE_SIZE }, signal });

export const loginHistoryQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    queryKey: securityKey('logins', token, pageNo),
    queryFn: ({ signal }) => getLoginHistory(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useLoginHistory = (token: string | null, pageNo: number) => useQuery(loginHistoryQueryOptions(token, pageNo));
