import type { AccountInfo } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** GET the member's account info (nickname, avatar, payee name, birthday, bound contacts masked). */
export const getAccount = (signal?: AbortSignal) => api<AccountInfo>(SECURITY_PATHS.account, { signal });

export const accountQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: securityKey('account', token), queryFn: ({ signal }) => getAccount(signal), enabled: Boolean(token) });

export const useAccount = (token: string | null) => useQuery(accountQueryOptions(token));
