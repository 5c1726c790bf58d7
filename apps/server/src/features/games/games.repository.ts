import type { LanguageCode } from '@playfront/contract';
import type { GameClassify, GameSort, GameType, WalletMode } from '@playfront/contract/games-paths';
import { LOTTERY_VENDORS } from '@playfront/contract/lottery';
import { HOUSE_SERVED_GAME_TYPES, NO_ENGINE_TITLE_WORDS, NO_STAND_IN_GAME_TYPES } from '@playfront/contract/play-paths';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Catalogue reads. Plain functions taking `db` first. A game is listed only
 * when it and its vendor are active. Orders always end on node_id, so pages
 * never overlap or skip a game.
 */

export type GameFilter = {
  gameTypes?: readonly GameType[];
  vendors?: readonly string[];
  classify?: GameClassify;
  /** Minimum bet at least this many minor units. */
  minBet?: number;
  /** At least this many lines. */
  lines?: number;
  hot?: boolean;
  isNew?: boolean;
  /** Part of the EN or BN name, any case. */
  keyword?: string;
  nodeIds?: readonly string[];
  /** Brand setting HIDE_UNCONNECTED_GAMES: leave out tiles nothing here plays (tilePlayState notConnected). */
  hideNotConnected?: boolean;
  /** Brand setting HIDE_DEMO_ONLY_GAMES: leave out tiles that only play a house game for fun (tilePlayState demoOnly). */
  hideDemoOnly?: boolean;
  /**
   * Vendors the brand switched off for its own site (brand_vendor, decision 061), sorted: their games are left out.
   * Part of the filter, so cached counts and pages are keyed by it and a switch changes the key on every instance.
   */
  offVendors?: readonly string[];
};

/** What a game tile needs: the game and its vendor. */
export type GameListRow = {
  node_id: string;
  game_id: string;
  game_code: string;
  vendor_code: string;
  game_type: GameType;
  classify: GameClassify | null;
  name_en: string;
  name_bn: string;
  min_bet: bigint;
  lines: number;
  is_hot: boolean;
  is_new: boolean;
  has_demo: boolean;
  is_game: boolean;
  image_path: string | null;
  large_icon: boolean;
  vendor_name: string;
  wallet_mode: WalletMode;
  is_vendor_type: boolean;
  vendor_icon_path: string | null;
  /** The vendor's category (a game's own type may differ, e.g. a rummy table of a PVP vendor). */
  vendor_game_type: GameType;
};

type GameQuery = SelectQueryBuilder<Database & { g: Database['game']; v: Database['game_vendor'] }, 'g' | 'v', object>;

/** `%`, `_` and `\` in a keyword are literal characters, not LIKE wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(db: Db, f: GameFilter): GameQuery {
  let q = db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('g.active', '=', true)
    .where('v.active', '=', true) as unknown as GameQuery;
  if (f.gameTypes?.length) q = q.where('g.game_type', 'in', [...f.gameTypes]);
  if (f.vendors?.length) q = q.where('g.vendor_code', 'in', [...f.vendors]);
  if (f.offVendors?.length) q = q.where('g.vendor_code', 'not in', [...f.offVendors]);
  if (f.classify) q = q.where('g.classify', '=', f.classify);
  if (f.minBet !== undefined) q = q.where('g.min_bet', '>=', BigInt(f.minBet));
  if (f.lines !== undefined) q = q.where('g.lines', '>=', f.lines);
  if (f.hot !== undefined) q = q.where('g.is_hot', '=', f.hot);
  if (f.isNew !== undefined) q = q.where('g.is_new', '=', f.isNew);
  if (f.nodeIds) q = q.where('g.node_id', 'in', f.nodeIds.length ? [...f.nodeIds] : ['']);
  // search_text is lower(name_en) || ' ' || lower(name_bn), trigram-indexed; lower() on both sides keeps the case rules identical.
  if (f.keyword) q = q.where(sql<boolean>`g.search_text like '%' || lower(${escapeLike(f.keyword)}) || '%'`);
  if (f.hideNotConnected) q = q.where(sql<boolean>`${tilePlayStateSql} <> 'notConnected'`);
  if (f.hideDemoOnly) q = q.where(sql<boolean>`${tilePlayStateSql} <> 'demoOnly'`);
  return q;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql.lit(v)),
    sql`, `,
  );
// The contract's word list as one Postgres regex with word bounds (\m \M); the words hold no regex characters but
// the apostrophe of hold'em, which sql.lit quotes.
const noEngineRegex = `\\m(${NO_ENGINE_TITLE_WORDS.join('|')})\\M`;

/**
 * SQL mirror of the contract's tilePlayState (and houseKindFor/playsOwnGame inside it), so a brand's hiding
 * settings filter in the query and pages and totals stay exact. A test compares both over the demo catalogue.
 */
export const tilePlayStateSql = sql<string>`(case
  when v.wallet_mode = 'seamless' and v.code in (${list(LOTTERY_VENDORS)}) then 'play'
  when not (v.wallet_mode = 'seamless' and v.game_type in (${list(HOUSE_SERVED_GAME_TYPES)})) then
    case when v.game_type in (${list(NO_STAND_IN_GAME_TYPES)}) or g.game_type in (${list(NO_STAND_IN_GAME_TYPES)})
      then 'notConnected' else 'demoOnly' end
  when lower(g.name_en) like '%roulette%' then 'play'
  when lower(g.name_en) like '%baccarat%' and lower(g.name_en) ~ 'no[ -]commission' then 'play'
  when g.game_type = 'FISH' then 'play'
  when lower(g.name_en) ~ '\\m(crash|jet|balloon|aviator|rocket)\\M' then 'play'
  when g.game_type in ('LIVE', 'PVP') or v.game_type = 'PVP' then
    case when lower(g.name_en) like '%baccarat%' then 'play' else 'demoOnly' end
  when g.game_type = 'RNG' and not lower(g.name_en) ~ ${sql.lit(noEngineRegex)} then 'play'
  else 'demoOnly'
end)`;

const COLUMNS = [
  'g.node_id',
  'g.game_id',
  'g.game_code',
  'g.vendor_code',
  'g.game_type',
  'g.classify',
  'g.name_en',
  'g.name_bn',
  'g.min_bet',
  'g.lines',
  'g.is_hot',
  'g.is_new',
  'g.has_demo',
  'g.is_game',
  'g.image_path',
  'g.large_icon',
  'v.display_name as vendor_name',
  'v.wallet_mode',
  'v.is_vendor_type',
  'v.icon_path as vendor_icon_path',
  'v.game_type as vendor_game_type',
] as const;

function ordered(q: GameQuery, sort: GameSort, lang: LanguageCode, keyword?: string): GameQuery {
  if (keyword) {
    // Relevance first: a name starting with the keyword, then a word starting with it, then anything containing it.
    const kw = escapeLike(keyword);
    q = q.orderBy(
      sql`case when lower(g.name_en) like lower(${kw}) || '%' or lower(g.name_bn) like lower(${kw}) || '%' then 0
               when ' ' || g.search_text like '% ' || lower(${kw}) || '%' then 1 else 2 end`,
    );
  }
  switch (sort) {
    case 'hot':
      q = q.orderBy('g.is_hot', 'desc').orderBy('g.sort');
      break;
    case 'new':
      q = q.orderBy('g.is_new', 'desc').orderBy('g.created_at', 'desc');
      break;
    case 'name':
      q = q.orderBy(lang === 'BN' ? 'g.name_bn' : 'g.name_en');
      break;
    case 'minBet':
      q = q.orderBy('g.min_bet').orderBy('g.sort');
      break;
    case 'lines':
      q = q.orderBy('g.lines', 'desc').orderBy('g.sort');
      break;
    default:
      q = q.orderBy('g.sort');
  }
  return q.orderBy('g.node_id');
}

export type GamePage = { rows: GameListRow[]; total: number };

/** How many active games match a filter. */
export async function countGames(db: Db, filter: GameFilter): Promise<number> {
  const counted = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** A stable text for a filter, for caching its count. */
export const filterKey = (filter: GameFilter) =>
  JSON.stringify(
    Object.entries(filter)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v]),
  );

/**
 * One page of games and the number of games matching the filter. A page past
 * the end costs only the count. `count` may be a cached countGames.
 */
export async function listGames(
  db: Db,
  filter: GameFilter,
  options: { sort: GameSort; lang: LanguageCode; offset: number; limit: number },
  count: (db: Db, filter: GameFilter) => Promise<number> = countGames,
): Promise<GamePage> {
  const total = await count(db, filter);
  if (options.offset >= total) return { rows: [], total };
  const rows = await ordered(filtered(db, filter).select(COLUMNS), options.sort, options.lang, filter.keyword)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { rows: rows as GameListRow[], total };
}

/** Games by node id, in no particular order (the caller orders them). Inactive games (and the brand's off vendors') are left out. */
export async function gamesByNodeIds(
  db: Db,
  nodeIds: readonly string[],
  offVendors: readonly string[] = [],
): Promise<Map<string, GameListRow>> {
  if (nodeIds.length === 0) return new Map();
  const rows = (await filtered(db, { nodeIds, offVendors }).select(COLUMNS).execute()) as GameListRow[];
  return new Map(rows.map((r) => [r.node_id, r]));
}

/** One game, active or not (favourites check the game exists; the art route draws it). */
export async function findGame(db: Db, nodeId: string) {
  return db.selectFrom('game').selectAll().where('node_id', '=', nodeId).executeTakeFirst();
}

export async function findGameByCode(db: Db, vendor: string, gameCode: string) {
  return db
    .selectFrom('game')
    .select(['vendor_code', 'game_code', 'name_en', 'game_type', 'classify'])
    .where('vendor_code', '=', vendor)
    .where('game_code', '=', gameCode)
    .executeTakeFirst();
}

export type VendorWithCount = {
  code: string;
  display_name: string;
  game_type: GameType;
  sort: number;
  wallet_mode: WalletMode;
  is_vendor_type: boolean;
  icon_path: string | null;
  game_count: number;
};

/** Active vendors that have at least one active game, in display order, with their game counts; not those in offVendors. */
export async function listVendors(db: Db, offVendors: readonly string[] = []): Promise<VendorWithCount[]> {
  let q = db
    .selectFrom('game_vendor as v')
    .innerJoin('game as g', (j) => j.onRef('g.vendor_code', '=', 'v.code').on('g.active', '=', true))
    .where('v.active', '=', true);
  if (offVendors.length) q = q.where('v.code', 'not in', [...offVendors]);
  const rows = await q
    .select(['v.code', 'v.display_name', 'v.game_type', 'v.sort', 'v.wallet_mode', 'v.is_vendor_type', 'v.icon_path'])
    .select((eb) => eb.fn.countAll<bigint>().as('game_count'))
    .groupBy('v.code')
    .orderBy('v.sort')
    .orderBy('v.code')
    .execute();
  return rows.map((r) => ({ ...r, game_count: Number(r.game_count) }));
}

/** Per vendor: its category, and each game type and sub-category its active games have, with counts. */
export async function vendorGameTypes(
  db: Db,
  vendors?: readonly string[],
  offVendors: readonly string[] = [],
): Promise<{ vendor_code: string; category: GameType; game_type: GameType; classify: GameClassify | null; n: number }[]> {
  let q = db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('g.active', '=', true)
    .where('v.active', '=', true);
  if (vendors?.length) q = q.where('g.vendor_code', 'in', [...vendors]);
  if (offVendors.length) q = q.where('g.vendor_code', 'not in', [...offVendors]);
  const rows = await q
    .select(['g.vendor_code', 'v.game_type as category', 'g.game_type', 'g.classify', 'v.sort'])
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .groupBy(['g.vendor_code', 'v.game_type', 'v.sort', 'g.game_type', 'g.classify'])
    .orderBy('v.sort')
    .orderBy('g.vendor_code')
    .execute();
  return rows.map((r) => ({
    vendor_code: r.vendor_code,
    category: r.category,
    game_type: r.game_type,
    classify: r.classify,
    n: Number(r.n),
  }));
}

/** The vendors a brand switched off for its own site (brand_vendor rows with enabled = false), sorted. */
export async function brandVendorsOff(db: Db, brandId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('brand_vendor')
    .select('vendor_code')
    .where('brand_id', '=', brandId)
    .where('enabled', '=', false)
    .orderBy('vendor_code')
    .execute();
  return rows.map((r) => r.vendor_code);
}
