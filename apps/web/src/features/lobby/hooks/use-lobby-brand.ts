import { useMemo } from 'react';
import { usePermission } from '../../../lib/permission.ts';

const NONE: string[] = [];

/** What the lobby needs from the brand configuration: image hosts, esport and cockfight codes, currency. */
export function useLobbyBrand() {
  const { data, isPending } = usePermission();
  return useMemo(
    () => ({
      loaded: !isPending,
      imageCDNs: data?.imageCDNs ?? NONE,
      esportCodes: data?.brand.esportCodes ?? NONE,
      cockfightCodes: data?.brand.cockfightCodes ?? NONE,
      currencySymbol: data?.brand.currencySymbol ?? '',
      languages: (data?.brand.languages as string[] | undefined) ?? NONE,
    }),
    [data, isPending],
  );
}
