import type { LanguageCode } from '@playfront/contract/constants';
import type { MyVip, VipLevels } from '@playfront/contract/vip';
import { VIP_PATHS } from '@playfront/contract/vip-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The VIP calls (issue 12): the level table and "my VIP" (level, next level, progress over the rolling window, VIP
 * bonuses). Level names come in the call's language, so the language is part of the key. They share the
 * `['promotions']` prefix, so a money event that refreshes promotion answers refreshes progress too.
 */
export const vipKeys = {
  levels: (language: LanguageCode, token: string | null) => ['promotions', 'vip', 'levels', language, token] as const,
  mine: (language: LanguageCode, token: string | null) => ['promotions', 'vip', 'mine', language, token] as const,
};

export const getVipLevels = (signal?: AbortSignal) => api<VipLevels>(VIP_PATHS.levels, { signal });
export const getMyVip = (signal?: AbortSignal) => api<MyVip>(VIP_PATHS.mine, { signal });

export const vipLevelsQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: vipKeys.levels(language, token),
    queryFn: ({ signal }) => getVipLevels(signal),
    enabled: Boolean(token),
    // The ladder changes only when the operator edits it.
    staleTime: 10 * 60_000,
  });

export const myVipQueryOptions = (language: LanguageCode, token: string | null) =>
  queryOptions({
    queryKey: vipKeys.mine(language, token),
    queryFn: ({ signal }) => getMyVip(signal),
    enabled: Boolean(token),
    staleTime: 15_000,
  });

export const useVipLevels = (language: LanguageCode, token: string | null) => useQuery(vipLevelsQueryOptions(language, token));
export const useMyVip = (language: LanguageCode, token: string | null) => useQuery(myVipQueryOptions(language, token));
