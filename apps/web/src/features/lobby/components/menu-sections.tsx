import { LIMITS } from '@playfront/contract/constants';
import type { GameType, VendorLane } from '@playfront/contract/games';
import { type MenuCode, SPB_VASSALAGE } from '@playfront/contract/games-paths';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useFavList } from '../api/get-favourites.ts';
import { type GameListFilter, useGameList } from '../api/get-game-list.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useNoteLobbyPlace, useRestoredPlace } from '../hooks/use-lobby-place.ts';
import { GameGrid } from './game-grid.tsx';
import type { GameSectionProps } from './game-section.tsx';
import { VendorCards } from './vendor-cards.tsx';
import { VendorFilter } from './vendor-filter.tsx';

// The home lobby's sections other than HOME: shown after a tap on a menu (or back from a game), so they are a chunk
// of their own, fetched after the page's load (game-section.tsx), not part of the first bundle (issue 19).

/** Sections whose lobby shows vendor cards rather than a grid of games. */
const VENDOR_SECTIONS = new Set<string>(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']);
const SECTION_ROWS = LIMITS.sectionPageSize;

/** A home lobby section other than HOME: the member's favourites, a vendor section's cards, or a category's games. */
export function MenuSection({ code, lanes, title }: GameSectionProps) {
  if (code === 'FAV') return <FavouriteSection title={title} />;
  const lane = lanes.find((l) => l.gameCategory === code);
  if (VENDOR_SECTIONS.has(code)) return <VendorCards cards={lane?.cards ?? []} label={title} />;
  return <CategorySection key={code} code={code} lane={lane} title={title} />;
}

/** A category with games: 4 rows, the paginator; choosing a vendor goes back to page 1. */
function CategorySection({ code, lane, title }: { code: MenuCode; lane: VendorLane | undefined; title: string }) {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const restored = useRestoredPlace();
  const mine = restored?.section === code ? restored : null;
  const [vendor, setVendor] = useState<string | null>(mine?.vendor ?? null);
  const [page, setPage] = useState(mine?.page ?? 1);
  useNoteLobbyPlace({ vendor, page });
  const spb = code === 'SPB';
  const filter: GameListFilter = {
    gameType: (spb ? 'RNG' : code) as GameType,
    pageSize: SECTION_ROWS,
    ...(vendor ? { vassalage: vendor } : spb ? { vassalage: SPB_VASSALAGE } : {}),
  };
  const list = useGameList(lang, filter, page);
  const chooseVendor = (v: string | null) => {
    setVendor(v);
    setPage(1);
  };
  return (
    <>
      <VendorFilter vendors={lane?.cards ?? []} value={vendor} onChange={chooseVendor} label={t('filter.vendors', { section: title })} />
      <GameGrid
        games={list.data?.games}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError}
        onRetry={() => void list.refetch()}
        skeletons={SECTION_ROWS}
        label={title}
      />
      <Paginator
        page={page}
        totalPages={list.data?.totalPages ?? 0}
        onChange={setPage}
        margin={LIMITS.paginatorMargin}
        range={LIMITS.paginatorRange}
        label={t('pager.label', { section: title })}
      />
    </>
  );
}

/** FAV: a plain grid of the member's favourites; a guest is asked to log in. */
export function FavouriteSection({ title }: { title: string }) {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const { loggedIn, isTrial, token } = useSession();
  const list = useFavList(lang, token, loggedIn && !isTrial);
  if (!loggedIn || isTrial) {
    return (
      <div className="lobby-state">
        <p>{t(isTrial ? 'launch.needRealAccount' : 'favourite.loginFirst')}</p>
        {!loggedIn && (
          <button type="button" className="btn btn-primary" onClick={() => openModal('loginPopupModal')}>
            {t('favourite.login')}
          </button>
        )}
      </div>
    );
  }
  return (
    <GameGrid
      games={list.data?.content}
      loading={list.isPending}
      error={list.isError}
      onRetry={() => void list.refetch()}
      skeletons={6}
      label={title}
    />
  );
}
