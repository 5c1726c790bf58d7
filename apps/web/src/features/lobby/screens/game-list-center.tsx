import { LIMITS } from '@playfront/contract/constants';
import type { GameClassify, GameType } from '@playfront/contract/games';
import { offeredClassifies, SLOT_FILTERS } from '@playfront/contract/games-paths';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { centreListFilter, FIRST_ROW_TILES, type GameListFilter, useGameList } from '../api/get-game-list.ts';
import { useSearchGames } from '../api/search-games.ts';
import { GameGrid } from '../components/game-grid.tsx';
import { VendorFilter } from '../components/vendor-filter.tsx';
import { useLanes } from '../hooks/use-lanes.ts';
import { useLang } from '../hooks/use-lang.ts';
import { useLobbyBrand } from '../hooks/use-lobby-brand.ts';
import { useNoteLobbyPlace, useRestoredPlace, useScrollRestore } from '../hooks/use-lobby-place.ts';
import { namedVendors } from '../lib/vendor-query.ts';
import '../lobby.css';

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

/** Game list centre (/live, /fish, /rng?vassalage=, /pvp): vendor filter, slot sub-categories and filters, search. */
export default function GameListCenter() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const base = centreListFilter(pathname, params);
  const category = base.gameType as GameType;
  const slots = category === 'RNG';
  const vendor = base.vassalage ?? null;
  const { lanes, isError: vendorsFailed } = useLanes();
  const { languages } = useLobbyBrand();
  const lane = lanes.find((l) => l.gameCategory === category);
  // A link may name vendors of another lane (`/rng?vassalage=SPB,SS`, the instant games): their chips lead the row,
  // pressed, beside the lane's own (issue 22).
  const named = namedVendors(vendor);
  const laneCards = lane?.cards ?? [];
  const others = lanes
    .flatMap((l) => l.cards)
    .filter((c) => named.has(c.vassalage) && !laneCards.some((own) => own.vassalage === c.vassalage));
  const chips = [...new Map([...others, ...laneCards].map((c) => [c.vassalage, c])).values()];
  // Back from a game: the page and scroll position the player left (issue 22); the vendor is in the query.
  const restored = useRestoredPlace();
  const [page, setPage] = useState(restored?.page ?? 1);
  useNoteLobbyPlace({ page });
  useScrollRestore(restored);
  const [classify, setClassify] = useState<GameClassify | null>(null);
  const [minBet, setMinBet] = useState(false);
  const [lines, setLines] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 400);
  const searchId = useId();

  // A new vendor, sub-category, filter or search starts again at page 1.
  // (Not at mount: a restored page stays.)
  const choice = JSON.stringify([vendor, classify, minBet, lines, search, category]);
  const lastChoice = useRef(choice);
  useEffect(() => {
    if (lastChoice.current === choice) return;
    lastChoice.current = choice;
    setPage(1);
  }, [choice]);

  const filter: GameListFilter = {
    ...base,
    ...(slots && classify ? { gameClassify: classify } : {}),
    ...(slots && minBet ? { minBet: SLOT_FILTERS.minBetMinor } : {}),
    ...(slots && lines ? { lines: SLOT_FILTERS.lines } : {}),
  };
  const list = useGameList(lang, filter, page, search.length === 0);
  const found = useSearchGames(
    lang,
    { keyword: search, gameType: category, pageSize: LIMITS.sectionPageSize, ...(vendor ? { vassalage: vendor } : {}) },
    page,
  );
  const active = search ? found : list;
  const title = t(`menu.${category}`);
  const chooseVendor = (v: string | null) => setParams(v ? { vassalage: v } : {}, { replace: true });
  const classifies = offeredClassifies(languages).filter((c) => !lane || lane.gameClassify.includes(c));

  return (
    <main className="page lobby game-list-centre">
      <h1 className="lobby-title">{title}</h1>
      {vendorsFailed && <p className="muted">{t('state.vendorsFailed')}</p>}
      <VendorFilter vendors={chips} value={vendor} onChange={chooseVendor} label={t('filter.vendors', { section: title })} />
      <div className="list-filters">
        {slots && classifies.length > 0 && (
          <div className="vendor-filter" role="toolbar" aria-label={t('filter.classify')}>
            <button type="button" className="chip" aria-pressed={classify === null} onClick={() => setClassify(null)}>
              {t('filter.allTypes')}
            </button>
            {classifies.map((c) => (
              <button key={c} type="button" className="chip" aria-pressed={classify === c} onClick={() => setClassify(c)}>
                {t(`classify.${c}`)}
              </button>
            ))}
          </div>
        )}
        <div className="list-filter-row">
          {slots && (
            <>
              <label className="check">
                <input type="checkbox" checked={minBet} onChange={(e) => setMinBet(e.target.checked)} />
                {t('filter.minBet')}
              </label>
              <label className="check">
                <input type="checkbox" checked={lines} onChange={(e) => setLines(e.target.checked)} />
                {t('filter.lines')}
              </label>
            </>
          )}
          <label htmlFor={searchId} className="visually-hidden">
            {t('filter.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="input search-input"
            placeholder={t('filter.searchPlaceholder')}
            value={keyword}
            maxLength={64}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </div>
      </div>
      <GameGrid
        games={active.data?.games}
        loading={active.isPending || active.isPlaceholderData}
        error={active.isError}
        onRetry={() => void active.refetch()}
        skeletons={LIMITS.sectionPageSize}
        label={title}
        eagerTiles={page === 1 && !search ? FIRST_ROW_TILES : 0}
      />
      <Paginator
        page={page}
        totalPages={active.data?.totalPages ?? 0}
        onChange={setPage}
        margin={LIMITS.paginatorMargin}
        range={LIMITS.paginatorRange}
        label={t('pager.label', { section: title })}
      />
    </main>
  );
}
