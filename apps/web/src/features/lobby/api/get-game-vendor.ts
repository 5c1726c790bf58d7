import type { LanguageCode } from '@playfront/contract/constants';
import type { GameVendorValue, VendorLane } from '@playfront/contract/games';
import { GAMES_PATHS, VENDOR_PLATFORM } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { session } from '../../../lib/storage.ts';
import { lobbyKeys } from './lobby-keys.ts';

type CachedVendors = { language: LanguageCode; lanes: VendorLane[] };

/** Spec section 4: vendor data is cached in session storage (key gameVendor), so a reload in the tab shows vendors at once. */
function readCache(language: LanguageCode): VendorLane[] | undefined {
  const raw = session.get('gameVendor');
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as CachedVendors;
    return cached.language === language && Array.isArray(cached.lanes) ? cached.lanes : undefined;
  } catch {
    return undefined;
  }
}

/** GET gameVendor?platform=html5-desktop → value.data.lanes (esport and cockfight vendors still inside SPORTS). */
export async function getGameVendor(language: LanguageCode, signal?: AbortSignal): Promise<VendorLane[]> {
  const value = await api<GameVendorValue>(GAMES_PATHS.gameVendor, { query: { platform: VENDOR_PLATFORM, language }, signal });
  session.set('gameVendor', JSON.stringify({ language, lanes: value.data.lanes } satisfies CachedVendors));
  return value.data.lanes;
}

export const gameVendorQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: lobbyKeys.vendors(language),
    queryFn: ({ signal }) => getGameVendor(language, signal),
    initialData: () => readCache(language),
    // Cached data still refreshes once per visit.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

export const useGameVendor = (language: LanguageCode) => useQuery(gameVendorQueryOptions(language));
