import { LIMITS } from '@playfront/contract/constants';
import type { VendorCard } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameList } from '../api/get-game-list.ts';
import { useLang } from '../hooks/use-lang.ts';
import { GameGrid } from './game-grid.tsx';

/** One vendor's preview on home (home-previews.tsx): its first games and a link to all of them. */
export function HomePreview({ card }: { card: VendorCard }) {
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
