import type { ReferralSummary } from '@playfront/contract/referral';
import { REFERRAL_PAGE_SIZE, REFERRAL_PATHS } from '@playfront/contract/referral-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET the member's referral code and link, one page of invitees (masked, newest first) and the rewards. */
export const getReferralSummary = (pageNo: number, signal?: AbortSignal) =>
  api<ReferralSummary>(REFERRAL_PATHS.summary, { query: { pageNo, pageSize: REFERRAL_PAGE_SIZE }, signal });

export const referralSummaryQueryOptions = (token: string | null, pageNo: number) =>
  queryOptions({
    // Under ['account'], so a login as someone else drops it (use-complete-login invalidates that key).
    queryKey: ['account', 'referral', token, pageNo],
    queryFn: ({ signal }) => getReferralSummary(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useReferralSummary = (token: string | null, pageNo: number) => useQuery(referralSummaryQueryOptions(token, pageNo));
