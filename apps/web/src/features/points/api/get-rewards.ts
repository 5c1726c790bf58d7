import type { Reward } from '@playfront/contract/points';
import { POINTS_PATHS, type RewardKind, type RewardSort } from '@playfront/contract/points-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pointsKey } from './points-keys.ts';

export type RewardFilter = { kind: RewardKind | null; sort: RewardSort };

/** GET the reward list (names in the page language), with stock and the conditions this member misses. */
export const getRewards = (filter: RewardFilter, signal?: AbortSignal) =>
  api<{ list: Reward[] }>(POINTS_PATHS.rewards, { query: { kind: filter.kind ?? undefined, sort: filter.sort }, signal });

/** `lang` is the page language: part of the key, as names come back translated (the Language header). */
export const rewardsQueryOptions = (token: string | null, lang: string, filter: RewardFilter) =>
  queryOptions({
    queryKey: pointsKey('rewards', token, lang, filter.kind, filter.sort),
    queryFn: ({ signal }) => getRewards(filter, signal),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    // Stock, decisions and earnings change elsewhere: read again whenever the section is shown.
    staleTime: 0,
  });

export const useRewards = (token: string | null, lang: string, filter: RewardFilter) => useQuery(rewardsQueryOptions(token, lang, filter));
