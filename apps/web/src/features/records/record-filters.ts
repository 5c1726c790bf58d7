import type { VendorLane } from '@playfront/contract/games';

/** Game types a round can have, in the lobby's menu order; SPB vendors' games are RNG, so SPB is no filter of its own. */
const TYPE_ORDER = ['RNG', 'LIVE', 'SPORTS', 'PVP', 'ESPORTS', 'FISH', 'ELOTT', 'COCKFIGHT', 'LOTT', 'RUMMY', 'LUDO', 'MINI'];

export type VendorOption = { code: string; name: string; gameType: string };

/** The betting record's filter choices from the vendor data: game types that have a vendor, and vendors (of the chosen type). */
export function recordFilterOptions(lanes: readonly VendorLane[], gameType: string | undefined) {
  const vendors: VendorOption[] = [];
  const seen = new Set<string>();
  for (const lane of lanes)
    for (const card of lane.cards) {
      if (seen.has(card.vassalage)) continue;
      seen.add(card.vassalage);
      vendors.push({ code: card.vassalage, name: card.displayName, gameType: card.gameType === 'SPB' ? 'RNG' : card.gameType });
    }
  const types = TYPE_ORDER.filter((t) => vendors.some((v) => v.gameType === t));
  return { types, vendors: gameType ? vendors.filter((v) => v.gameType === gameType) : vendors };
}

/** Pages of a list of `total` rows, `pageSize` a page (at least 0). */
export const pageCount = (total: number, pageSize: number) => (total > 0 ? Math.ceil(total / pageSize) : 0);
