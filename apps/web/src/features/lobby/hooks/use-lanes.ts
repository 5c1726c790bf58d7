import type { VendorLane } from '@playfront/contract/games';
import { regroupSportsLanes } from '@playfront/contract/games-paths';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameVendor } from '../api/get-game-vendor.ts';
import { useLang } from './use-lang.ts';
import { useLobbyBrand } from './use-lobby-brand.ts';

/** Vendor lanes with esport and cockfight vendors regrouped out of SPORTS (spec section 4). */
export function useLanes() {
  const lang = useLang();
  const { t } = useTranslation('lobby');
  const query = useGameVendor(lang);
  const { esportCodes, cockfightCodes } = useLobbyBrand();
  const lanes = useMemo<VendorLane[]>(
    () =>
      regroupSportsLanes(query.data ?? [], esportCodes, cockfightCodes, {
        ESPORTS: t('menu.ESPORTS'),
        COCKFIGHT: t('menu.COCKFIGHT'),
      }),
    [query.data, esportCodes, cockfightCodes, t],
  );
  return { ...query, lanes };
}
