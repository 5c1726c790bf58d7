import type { LanguageCode } from '@playfront/contract/constants';
import type { GameVendorValue } from '@playfront/contract/games';
import { GAMES_PATHS, VENDOR_PLATFORM } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET gameVendor: the vendors and categories the record's filters offer. */
export const getVendorLanes = (language: LanguageCode, signal?: AbortSignal) =>
  api<GameVendorValue>(GAMES_PATHS.gameVendor, { query: { platform: VENDOR_PLATFORM, language }, signal }).then((v) => v.data.lanes);

export const vendorLanesQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['records', 'vendors', language],
    queryFn: ({ signal }) => getVendorLanes(language, signal),
    staleTime: 5 * 60_000,
  });

export const useVendorLanes = (language: LanguageCode) => useQuery(vendorLanesQueryOptions(language));
