import type { LanguageCode } from '@playfront/contract/constants';
import type { RewardEntrySchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { rewardKeys } from './rewards-keys.ts';

export type RewardEntry = z.infer<typeof RewardEntrySchema>;
export type RewardsPage = { list: RewardEntry[]; totalPages: number; counts: Record<string, number>; currency: string };

export const REWARDS_PAGE_SIZE = 10;

/** GET the reward centre: the member's entries, newest first, a page at a time, with counts per state. */
export const getRewards = (pageNo: number, signal?: AbortSignal) =>
  api<RewardsPage>(PROMOTION_PATHS.rewards, { query: { pageNo, pageSize: REWARDS_PAGE_SIZE }, signal });

export const rewardsQueryOptions = (pageNo: number, language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: rewardKeys.rewards(pageNo, language, token),
    queryFn: ({ signal }) => getRewards(pageNo, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });

export const useRewards = (pageNo: number, language: LanguageCode, token: string | null) =>
  useQuery(rewardsQueryOptions(pageNo, language, token));
