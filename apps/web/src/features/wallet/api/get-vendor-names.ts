import type { LanguageCode } from '@playfront/contract/constants';
import type { GameVendorValue } from '@playfront/contract/games';
import { GAMES_PATHS, VENDOR_PLATFORM } from '@playfront/contract/games-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { fromI18n } from '../../../lib/i18n.ts';

/** Vendor code → the name players know it by (issue 22: the transfer page showed wallet codes such as TCG_LOTTO_VN). */
export type VendorNames = ReadonlyMap<string, string>;

/** GET gameVendor (the public vendor list) → each vendor's display name in the page language. */
export async function getVendorNames(language: LanguageCode, signal?: AbortSignal): Promise<VendorNames> {
  const value = await api<GameVendorValue>(GAMES_PATHS.gameVendor, { query: { platform: VENDOR_PLATFORM, language }, signal });
  return new Map(value.data.lanes.flatMap((lane) => lane.cards.map((card) => [card.vassalage, card.displayName] as const)));
}

export const vendorNamesQueryOptions = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['wallet', 'vendorNames', language] as const,
    queryFn: ({ signal }) => getVendorNames(language, signal),
    staleTime: 5 * 60_000,
  });

/** A vendor's name, or its code while the names load or when the vendor left the catalogue. */
export function useVendorName() {
  const { i18n } = useTranslation();
  const { data } = useQuery(vendorNamesQueryOptions(fromI18n(i18n.resolvedLanguage ?? i18n.language)));
  return (code: string) => data?.get(code) ?? code;
}
