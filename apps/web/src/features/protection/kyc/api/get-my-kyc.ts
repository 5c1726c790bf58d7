import type { MyKyc } from '@playfront/contract/kyc';
import { KYC_PATHS } from '@playfront/contract/kyc-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** Query keys of the KYC calls: sending refreshes the status with one invalidation. */
export const kycKey = (token: string | null) => ['kyc', token] as const;

/** GET /wps/kyc: my status, the brand's withdrawal rules and the turnover left to play. */
export const getMyKyc = (signal?: AbortSignal) => api<MyKyc>(KYC_PATHS.status, { signal });

export const myKycQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: kycKey(token),
    queryFn: ({ signal }) => getMyKyc(signal),
    enabled: Boolean(token),
    // The answer comes from staff at any time: read again whenever the page is shown.
    staleTime: 0,
  });

export const useMyKyc = (token: string | null) => useQuery(myKycQueryOptions(token));
