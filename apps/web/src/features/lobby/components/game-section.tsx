import { LIMITS } from '@playfront/contract/constants';
import type { GameType, VendorLane } from '@playfront/contract/games';
import { type MenuCode, SPB_VASSALAGE, vendorCentreLanes } from '@playfront/contract/games-paths';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useFavList } from '../api/get-favourites.ts';
import { type GameListFilter, useGameList, useGamePages } from '../api/get-game-list.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useNoteLobbyPlace, useRestoredPlace } from '../hooks/use-lobby-place.ts';
import { GameGrid } from './game-grid.tsx';
import { VendorCards } from './vendor-cards.tsx';
import { VendorFilter } from './vendor-filter.tsx';

/** Sections whose lobby shows vendor cards rather than a grid of games. */
const VENDOR_SECTIONS = new Set<string>(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']);
const HOME_ROWS = LIMITS.homePageSize;
const SECTION_ROWS = LIMITS.sectionPageSize;
/** HOME's list with no vendor chosen: what the first screen shows (app/first-screen.ts asks for it at boot). */
export const HOME_GAMES: GameListFilter = { pageSize: HOME_ROWS };

export type GameSectionProps = { code: MenuCode; lanes: VendorLane[]; title: string };

/** One game menu section of the home lobby (spec section 2): vendor filter row, grid and paging. */
export function GameSection({ code, lanes, title }: GameSectionProps) {
  if (code === 'HOME') return <HomeSection lanes={lanes} title={title} />;
  if (code === 'FAV') return <FavouriteSection title={title} />;
  const lane = lanes.find((l) => l.gameCategory === code);
  if (VENDOR_SECTIONS.has(code)) return <VendorCards cards={lane?.cards ?? []} label={title} />;
  return <CategorySection key={code} code={code} lane={lane} title={title} />;
}

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
