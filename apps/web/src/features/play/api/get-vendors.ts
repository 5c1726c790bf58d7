import type { LanguageCode } from '@playfront/contract/constants';
import type { GameVendorValue } from '@playfront/contract/games';
import { GAMES_PATHS, VENDOR_PLATFORM } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET gameVendor: the vendor data the lottery prize mode is read from (spec section 4). */
export const getVendors = (language: LanguageCode, signal?: AbortSignal) =>
  api<GameVendorValue>(GAMES_PATHS.gameVendor, { query: { platform: VENDOR_PLATFORM, language }, signal }).then((v) => v.data.lanes);

export const vendorsQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['play', 'vendors', language],
    queryFn: ({ signal }) => getVendors(language, signal),
    staleTime: 5 * 60_000,
  });

export const useVendors = (language: LanguageCode) => useQuery(vendorsQueryOptions(language));
