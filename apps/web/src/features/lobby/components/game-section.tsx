import { LIMITS } from '@playfront/contract/constants';
import type { VendorLane } from '@playfront/contract/games';
import { type MenuCode, vendorCentreLanes } from '@playfront/contract/games-paths';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chunk, lazyChunk, loadAfterPageLoad } from '../../../lib/lazy-chunk.ts';
import { type GameListFilter, useGamePages } from '../api/get-game-list.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useNoteLobbyPlace, useRestoredPlace } from '../hooks/use-lobby-place.ts';
import { GameGrid } from './game-grid.tsx';
import { VendorFilter } from './vendor-filter.tsx';

const HOME_ROWS = LIMITS.homePageSize;
/** HOME's list with no vendor chosen: what the first screen shows (app/first-screen.ts asks for it at boot). */
export const HOME_GAMES: GameListFilter = { pageSize: HOME_ROWS };

export type GameSectionProps = { code: MenuCode; lanes: VendorLane[]; title: string };

/** One game menu section of the home lobby (spec section 2): vendor filter row, grid and paging. */
export function GameSection({ code, lanes, title }: GameSectionProps) {
  if (code === 'HOME') return <HomeSection lanes={lanes} title={title} />;
  // Back from a game to another section, or a tap before the chunk came: its grid's skeleton meanwhile.
  return (
    <Suspense
      fallback={<GameGrid games={undefined} loading error={false} onRetry={() => {}} skeletons={LIMITS.sectionPageSize} label={title} />}
    >
      <MenuSection code={code} lanes={lanes} title={title} />
    </Suspense>
  );
}

// The other sections appear after a tap on the menu: their chunk comes after the page's load, not in the first bundle.
const loadMenuSections = chunk(() => import('./menu-sections.tsx'));
loadAfterPageLoad(loadMenuSections);
const MenuSection = lazyChunk(loadMenuSections, (m) => m.MenuSection);

/** HOME: 2 rows and a More button that appends the next page (spec sections 2 and 4). */
function HomeSection({ lanes, title }: { lanes: VendorLane[]; title: string }) {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const restored = useRestoredPlace();
  const [vendor, setVendor] = useState<string | null>(() => (restored?.section === 'HOME' ? (restored.vendor ?? null) : null));
  const vendors = useMemo(() => vendorCentreLanes(lanes).flatMap((l) => l.cards), [lanes]);
  const filter: GameListFilter = vendor ? { ...HOME_GAMES, vassalage: vendor } : HOME_GAMES;
  const pages = useGamePages(lang, filter);
  const games = pages.data?.pages.flatMap((p) => p.games);
  const shownPages = pages.data?.pages.length ?? 0;
  useNoteLobbyPlace({ vendor, page: Math.max(1, shownPages) });
  // Back from a game: as many "More" pages as were open, so the scroll position is there again.
  const wantPages = restored?.section === 'HOME' && restored.vendor === vendor ? (restored.page ?? 1) : 1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (shownPages > 0 && shownPages < wantPages && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [shownPages, wantPages, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <>
      <VendorFilter vendors={vendors} value={vendor} onChange={setVendor} label={t('filter.vendors', { section: title })} />
      <GameGrid
        games={games}
        loading={pages.isPending}
        error={pages.isError}
        onRetry={() => void pages.refetch()}
        skeletons={HOME_ROWS}
        label={title}
      />
      {pages.hasNextPage && (
        <div className="section-more">
          <button type="button" className="btn btn-ghost" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? t('state.loading') : t('section.more')}
          </button>
        </div>
      )}
    </>
  );
}
