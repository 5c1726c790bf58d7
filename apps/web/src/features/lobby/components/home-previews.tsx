import type { VendorLane } from '@playfront/contract/games';
import { lazy } from 'react';
import { WhenNear } from '../../../ui/near/when-near.tsx';

// Each preview renders when scrolled near (below the lanes on every screen): its own chunk, fetched then (decision 068).
const Preview = lazy(() => import('./home-preview.tsx').then((m) => ({ default: m.HomePreview })));

/** Home previews (spec section 2): the first 3 RNG vendors, 1 LIVE and 1 FISH vendor, a few games each. */
export function HomePreviews({ lanes }: { lanes: VendorLane[] }) {
  const pick = (category: string, n: number) => lanes.find((l) => l.gameCategory === category)?.cards.slice(0, n) ?? [];
  const cards = [...pick('RNG', 3), ...pick('LIVE', 1), ...pick('FISH', 1)];
  return (
    <>
      {cards.map((c) => (
        <WhenNear key={c.vassalage} placeholderClass="home-preview-placeholder">
          <Preview card={c} />
        </WhenNear>
      ))}
    </>
  );
}
