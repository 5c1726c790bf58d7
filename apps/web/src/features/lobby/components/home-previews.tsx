import { LIMITS } from '@playfront/contract/constants';
import type { VendorCard, VendorLane } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WhenNear } from '../../../ui/near/when-near.tsx';
import { useGameList } from '../api/get-game-list.ts';
import { useLang } from '../hooks/use-lang.ts';
import { GameGrid } from './game-grid.tsx';

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

function Preview({ card }: { card: VendorCard }) {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const list = useGameList(lang, { gameType: card.gameType, vassalage: card.vassalage, pageSize: LIMITS.homeSectionItems }, 1);
  const path = `/${card.gameType.toLowerCase()}?vassalage=${encodeURIComponent(card.vassalage)}`;
  const id = `preview-${card.vassalage}`;
  return (
    <section className="home-preview" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id} className="lobby-heading">
          {card.displayName}
        </h2>
        <Link to={path} className="see-all">
          {t('section.seeAll')}
        </Link>
      </div>
      <GameGrid
        games={list.data?.games}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        skeletons={LIMITS.homeSectionItems}
        label={card.displayName}
      />
    </section>
  );
}
