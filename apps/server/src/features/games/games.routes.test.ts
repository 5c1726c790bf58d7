import { gzipSync } from 'node:zlib';
import {
  FOOTER_VENDORS,
  GAMES_PATHS,
  type Game,
  GameListResponseSchema,
  GameMenusResponseSchema,
  GameVendorResponseSchema,
  HotGamesResponseSchema,
  MENU_CODES,
  regroupSportsLanes,
  SLOT_FILTERS,
  VassGameTypeResponseSchema,
  VENDOR_CENTRE_EXCLUDED,
  vendorCentreLanes,
} from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { catalogueApp, getJson, qs } from './games.fixtures.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type ListQuery = Record<string, string | number | boolean | undefined>;

async function list(query: ListQuery, language?: string) {
  const res = await getJson(app, `${GAMES_PATHS.gameList}?${qs(query)}`, language ? { language } : {});
  expect(res.statusCode, res.body).toBe(200);
  return GameListResponseSchema.parse(res.json()).value;
}

async function search(query: ListQuery) {
  const res = await getJson(app, `${GAMES_PATHS.gameSearch}?${qs(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return GameListResponseSchema.parse(res.json()).value;
}

/** Every game of a filter, walking all pages. */
async function all(query: ListQuery, pageSize = 200): Promise<Game[]> {
  const first = await list({ ...query, pageSize, pageNo: 1 });
  const games = [...first.games];
  for (let page = 2; page <= first.totalPages; page++) games.push(...(await list({ ...query, pageSize, pageNo: page })).games);
  return games;
}

/** The catalogue straight from the database, to check answers against. */
async function catalogue() {
  const { rows } = await sql<{
    node_id: string;
    vendor_code: string;
    game_type: string;
    classify: string | null;
    name_en: string;
    name_bn: string;
    min_bet: bigint;
    lines: number;
    is_hot: boolean;
  }>`select g.node_id, g.vendor_code, g.game_type, g.classify, g.name_en, g.name_bn, g.min_bet, g.lines, g.is_hot
     from game g join game_vendor v on v.code = g.vendor_code where g.active and v.active`.execute(database.db);
  return rows;
}

describe(`game list ${GAMES_PATHS.gameList}`, () => {
  it('pages through every RNG game exactly once, in a stable order', async () => {
    const expected = (await catalogue()).filter((g) => g.game_type === 'RNG');
    expect(expected.length).toBeGreaterThan(9_000);
    const first = await list({ clientType: 3, platform: 'flash,html5-desktop', merchant: DEMO_MERCHANT_CODE, gameType: 'RNG', pageNo: 1 });
    expect(first.pageSize).toBe(24);
    expect(first.games).toHaveLength(24);
    expect(first.total).toBe(expected.length);
    expect(first.totalPages).toBe(Math.ceil(expected.length / 24));

    const games = await all({ gameType: 'RNG' }, 999);
    expect(games.map((g) => g.nodeId).sort()).toEqual(expected.map((g) => g.node_id).sort());
    expect(new Set(games.map((g) => g.nodeId)).size).toBe(games.length);
    // Page 2 of 24 is exactly games 25-48 of the full order.
    const second = await list({ gameType: 'RNG', pageNo: 2 });
    expect(second.games.map((g) => g.nodeId)).toEqual(games.slice(24, 48).map((g) => g.nodeId));
  });

  it('answers a page past the end with no games and the real totals', async () => {
    const first = await list({ gameType: 'FISH', pageSize: 24 });
    expect(first.total).toBe(50);
    const beyond = await list({ gameType: 'FISH', pageSize: 24, pageNo: first.totalPages + 1 });
    expect(beyond).toMatchObject({ games: [], total: 50, totalPages: 3, pageNo: 4 });
  });

  it('refuses page sizes and numbers out of bounds, and any clientType but 3', async () => {
    for (const query of [
      { pageSize: 0 },
      { pageSize: 1000 },
      { pageNo: 0 },
      { pageNo: -1 },
      { clientType: 4 },
      { gameType: 'CASINO' },
      { sort: 'price' },
    ]) {
      const res = await getJson(app, `${GAMES_PATHS.gameList}?${qs(query)}`);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect((await list({ pageSize: 999 })).games).toHaveLength(999);
    expect((await list({ pageSize: 1 })).games).toHaveLength(1);
  });

  it('filters by one vendor or several (the SPB section asks for SPB,SS)', async () => {
    const db = await catalogue();
    const pg = await all({ gameType: 'RNG', vassalage: 'PG' });
    expect(pg.length).toBe(db.filter((g) => g.vendor_code === 'PG').length);
    expect(pg.every((g) => g.vassalage === 'PG')).toBe(true);

    const spb = await all({ gameType: 'RNG', vassalage: 'SPB,SS' });
    expect(spb.length).toBe(db.filter((g) => g.vendor_code === 'SPB' || g.vendor_code === 'SS').length);
    expect(new Set(spb.map((g) => g.vassalage))).toEqual(new Set(['SPB', 'SS']));
    expect(spb.every((g) => g.gameType === 'RNG')).toBe(true);

    expect((await list({ vassalage: 'NOSUCH' })).total).toBe(0);
  });

  it('filters by slot sub-category, minimum bet and lines (spec section 9 slot filters)', async () => {
    const db = (await catalogue()).filter((g) => g.game_type === 'RNG');
    for (const classify of ['SC', 'VP', 'JP', 'TG', 'AC']) {
      const page = await list({ gameType: 'RNG', gameClassify: classify, pageSize: 999 });
      expect(page.total, classify).toBe(db.filter((g) => g.classify === classify).length);
      expect(page.total, classify).toBeGreaterThan(50);
      expect(page.games.every((g) => g.gameClassify === classify)).toBe(true);
    }

    const rich = await all({ gameType: 'RNG', minBet: SLOT_FILTERS.minBetMinor });
    expect(rich.length).toBe(db.filter((g) => g.min_bet >= 100n).length);
    expect(rich.every((g) => BigInt(g.minBet) >= 100n)).toBe(true);
    // The filter splits the slots in useful parts, not all or nothing.
    expect(rich.length).toBeGreaterThan(db.length * 0.25);
    expect(rich.length).toBeLessThan(db.length * 0.75);

    const wide = await all({ gameType: 'RNG', lines: SLOT_FILTERS.lines });
    expect(wide.length).toBe(db.filter((g) => g.lines >= 25).length);
    expect(wide.every((g) => g.lines >= 25)).toBe(true);
    expect(wide.length).toBeGreaterThan(db.length * 0.2);

    const both = await list({ gameType: 'RNG', minBet: 100, lines: 25, gameClassify: 'JP' });
    expect(both.total).toBe(db.filter((g) => g.min_bet >= 100n && g.lines >= 25 && g.classify === 'JP').length);

    const hot = await list({ gameType: 'RNG', hot: true, pageSize: 999 });
    expect(hot.total).toBe(db.filter((g) => g.is_hot).length);
    expect(hot.games.every((g) => g.hot)).toBe(true);
    expect((await list({ gameType: 'RNG', new: true, pageSize: 999 })).games.every((g) => g.new)).toBe(true);
  });

  it('sorts by minimum bet, lines, name, hot and new', async () => {
    const byBet = (await list({ gameType: 'RNG', sort: 'minBet', pageSize: 999 })).games.map((g) => BigInt(g.minBet));
    expect(byBet).toEqual([...byBet].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(byBet[0]).toBe(10n);

    const byLines = (await list({ gameType: 'RNG', sort: 'lines', pageSize: 300 })).games.map((g) => g.lines);
    expect(byLines).toEqual([...byLines].sort((a, b) => b - a));
    expect(byLines[0]).toBe(117_649);

    const byName = (await list({ gameType: 'LIVE', sort: 'name', pageSize: 999 }, 'EN')).games.map((g) => g.displayName);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const hotFirst = (await list({ gameType: 'RNG', sort: 'hot', pageSize: 999 })).games;
    const firstCold = hotFirst.findIndex((g) => !g.hot);
    expect(firstCold).toBeGreaterThan(0);
    expect(hotFirst.slice(firstCold).every((g) => !g.hot)).toBe(true);

    const newFirst = (await list({ gameType: 'RNG', sort: 'new', pageSize: 999 })).games;
    expect(newFirst[0]?.new).toBe(true);
    expect(newFirst.findIndex((g) => !g.new)).toBe(newFirst.filter((g) => g.new).length);
  });

  it('answers in the requested language: query first, then the Language header, else BN', async () => {
    const [row] = (await catalogue()).filter((g) => g.vendor_code === 'PG');
    const pick = (page: { games: Game[] }) => page.games.find((g) => g.nodeId === row?.node_id);
    const query = { vassalage: 'PG', pageSize: 999 };
    expect(pick(await list({ ...query, language: 'EN' }))?.displayName).toBe(row?.name_en);
    expect(pick(await list(query, 'EN'))?.displayName).toBe(row?.name_en);
    expect(pick(await list({ ...query, language: 'BN' }, 'EN'))?.displayName).toBe(row?.name_bn);
    expect(pick(await list({ ...query, language: 'TY' }))?.displayName).toBe(row?.name_bn);
    expect(pick(await list(query))?.displayName).toBe(row?.name_bn);
    // gameName stays English whatever the language.
    expect(pick(await list(query))?.gameName).toBe(row?.name_en);
  });

  it('describes each tile fully: relative image paths, money as minor-unit strings, vendor facts', async () => {
    const [game] = (await list({ vassalage: 'PG', pageSize: 1 })).games;
    expect(game).toMatchObject({
      vassalage: 'PG',
      vendorName: 'PG Soft',
      isGame: true,
      walletMode: 'seamless',
      isVendorType: false,
      vendorIconUrl: '/vendor-art/v1/PG.svg',
    });
    expect(game?.iconUrl).toMatch(/^\/game-art\/v1\/PG\/PG_\d{4}\.[0-9a-f]{8}\.svg$/);
    expect(game?.minBet).toMatch(/^\d+$/);
    const [km] = (await list({ vassalage: 'KM', pageSize: 1 })).games;
    expect(km).toMatchObject({ isVendorType: true, walletMode: 'transfer' });
    const [sportsbook] = (await list({ gameType: 'SPORTS', vassalage: 'SBO' })).games;
    expect(sportsbook?.isGame).toBe(false);
  });

  it('may be cached by shared caches, per brand and language', async () => {
    const res = await getJson(app, `${GAMES_PATHS.gameList}?gameType=RNG`);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(String(res.headers.vary)).toMatch(/Language/);
  });
});

describe(`search ${GAMES_PATHS.gameSearch}`, () => {
  it('finds English names in any case', async () => {
    const db = await catalogue();
    const expected = db.filter((g) => g.name_en.toLowerCase().includes('tiger') || g.name_bn.includes('tiger'));
    expect(expected.length).toBeGreaterThan(20);
    const lower = await search({ keyword: 'tiger', pageSize: 999 });
    const upper = await search({ keyword: 'TiGeR', pageSize: 999 });
    expect(lower.total).toBe(expected.length);
    expect(upper.games.map((g) => g.nodeId)).toEqual(lower.games.map((g) => g.nodeId));
    expect(lower.games.map((g) => g.nodeId).sort()).toEqual(expected.map((g) => g.node_id).sort());
  });

  it('puts names that start with the keyword first', async () => {
    const found = (await search({ keyword: 'dragon', pageSize: 999 })).games;
    const starts = (g: Game) => g.gameName.toLowerCase().startsWith('dragon');
    const firstOther = found.findIndex((g) => !starts(g));
    expect(firstOther).toBeGreaterThan(0);
    expect(found.slice(firstOther).some(starts)).toBe(false);
    expect(found.length - firstOther).toBeGreaterThan(0);
  });

  it('finds Bengali names', async () => {
    const db = await catalogue();
    const expected = db.filter((g) => g.name_bn.includes('বাঘ'));
    expect(expected.length).toBeGreaterThan(20);
    const found = await search({ keyword: 'বাঘ', pageSize: 999, language: 'BN' });
    expect(found.total).toBe(expected.length);
    expect(found.games.every((g) => g.displayName.includes('বাঘ'))).toBe(true);
  });

  it('finds a word inside a longer name and narrows by type and vendor', async () => {
    const live = await search({ keyword: 'baccarat', gameType: 'LIVE', pageSize: 999 });
    expect(live.total).toBeGreaterThan(5);
    expect(live.games.every((g) => g.gameType === 'LIVE' && /baccarat/i.test(g.gameName))).toBe(true);
    const evo = await search({ keyword: 'baccarat', vassalage: 'EVO', pageSize: 999 });
    expect(evo.games.every((g) => g.vassalage === 'EVO')).toBe(true);
    expect(evo.total).toBeLessThan(live.total);
  });

  it('answers nothing for no match, and treats % and _ as plain characters', async () => {
    expect(await search({ keyword: 'zzqxw' })).toMatchObject({ games: [], total: 0, totalPages: 0 });
    expect((await search({ keyword: '%' })).total).toBe(0);
    expect((await search({ keyword: '_' })).total).toBe(0);
    const blank = await getJson(app, `${GAMES_PATHS.gameSearch}?keyword=%20%20`);
    expect(blank.statusCode).toBe(400);
  });
});

describe(`menus ${GAMES_PATHS.gameMenus}`, () => {
  it('lists HOME, FAV, then every category with a vendor, in the spec carousel order', async () => {
    const res = await getJson(app, `${GAMES_PATHS.gameMenus}?language=EN`);
    const menus = GameMenusResponseSchema.parse(res.json()).value;
    expect(menus.map((m) => m.code)).toEqual([
      'HOME',
      'FAV',
      'RNG',
      'LIVE',
      'SPORTS',
      'PVP',
      'ESPORTS',
      'FISH',
      'ELOTT',
      'COCKFIGHT',
      'LOTT',
      'SPB',
      'RUMMY',
      'LUDO',
    ]);
    const codes = menus.map((m) => MENU_CODES.indexOf(m.code));
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(menus.find((m) => m.code === 'RNG')).toMatchObject({ name: 'Slots', path: '/rng', trackingKey: 'w_rng', gameType: 'RNG' });
    expect(menus.find((m) => m.code === 'HOME')).toMatchObject({ path: '/', trackingKey: 'w_home', gameType: null });
    // RUMMY and LUDO launch one fixed game.
    const rummy = menus.find((m) => m.code === 'RUMMY');
    expect(rummy?.launch).toMatchObject({ vassalage: 'KM', gameType: 'RUMMY' });
    expect(rummy?.path).toBeNull();
  });

  it('names the menus in Bengali by default', async () => {
    const menus = GameMenusResponseSchema.parse((await getJson(app, GAMES_PATHS.gameMenus)).json()).value;
    expect(menus.find((m) => m.code === 'RNG')?.name).toBe('স্লট');
  });
});

describe(`vendors ${GAMES_PATHS.gameVendor}`, () => {
  async function lanes(view?: string) {
    const res = await getJson(app, `${GAMES_PATHS.gameVendor}?${qs({ platform: 'html5-desktop', language: 'EN', view })}`);
    expect(res.statusCode).toBe(200);
    return GameVendorResponseSchema.parse(res.json()).value.data.lanes;
  }

  it('groups vendors in lanes, esport and cockfight vendors inside SPORTS as upstream does', async () => {
    const all = await lanes();
    expect(all.map((l) => l.gameCategory)).toEqual(['RNG', 'LIVE', 'SPORTS', 'PVP', 'FISH', 'ELOTT', 'LOTT', 'SPB']);
    const sports = all.find((l) => l.gameCategory === 'SPORTS');
    expect(sports?.cards.map((c) => c.vassalage)).toEqual(['SBO', 'SABA', 'IMES', 'TF', 'IA', 'SV3']);
    expect(sports?.cards.find((c) => c.vassalage === 'IMES')?.gameType).toBe('ESPORTS');
    const rng = all.find((l) => l.gameCategory === 'RNG');
    for (const footer of FOOTER_VENDORS) expect(rng?.cards.map((c) => c.vassalage)).toContain(footer);
    expect(rng?.gameClassify).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(rng?.title).toBe('Slots');
    const counts = await catalogue();
    expect(rng?.cards.find((c) => c.vassalage === 'PG')?.gameCount).toBe(counts.filter((g) => g.vendor_code === 'PG').length);
  });

  it("regroups with the brand's esport and cockfight codes (spec section 4)", async () => {
    const brand = await database.db
      .selectFrom('brand')
      .selectAll()
      .where('merchant_code', '=', DEMO_MERCHANT_CODE)
      .executeTakeFirstOrThrow();
    const regrouped = regroupSportsLanes(await lanes(), brand.esport_codes, brand.cockfight_codes);
    expect(regrouped.map((l) => l.gameCategory).slice(2, 5)).toEqual(['SPORTS', 'ESPORTS', 'COCKFIGHT']);
    expect(regrouped[3]?.cards.map((c) => c.vassalage)).toEqual(['IMES', 'TF', 'IA']);
    expect(regrouped[4]?.cards.map((c) => c.vassalage)).toEqual(['SV3']);
  });

  it('keeps SPORTS, LOTT, ELOTT, ESPORTS, COCKFIGHT and SPB out of the vendor centre', async () => {
    const centre = await lanes('centre');
    expect(centre.map((l) => l.gameCategory)).toEqual(['RNG', 'LIVE', 'PVP', 'FISH']);
    for (const excluded of VENDOR_CENTRE_EXCLUDED) expect(centre.map((l) => l.gameCategory)).not.toContain(excluded);
    expect(centre).toEqual(vendorCentreLanes(await lanes()));
  });
});

describe(`vass game types and hot games`, () => {
  it('tells which game types and sub-categories each vendor has', async () => {
    const res = await getJson(app, `${GAMES_PATHS.vassGameType}?vassalage=KM,SPB,PG`);
    const value = VassGameTypeResponseSchema.parse(res.json()).value;
    expect(value.map((v) => v.vassalage)).toEqual(['PG', 'KM', 'SPB']);
    expect(value.find((v) => v.vassalage === 'KM')?.gameTypes.sort()).toEqual(['LUDO', 'PVP', 'RUMMY']);
    expect(value.find((v) => v.vassalage === 'SPB')).toMatchObject({
      category: 'SPB',
      gameTypes: ['RNG'],
      gameClassify: ['AC'],
      gameCount: 40,
    });
  });

  it('lists only hot games, of the vendors asked for', async () => {
    const res = await getJson(
      app,
      `${GAMES_PATHS.hotGames}?${qs({ merchantCode: DEMO_MERCHANT_CODE, isPlatform: 2, vassalage: 'PG,JL', platform: 'flash,html5-desktop', language: 'EN' })}`,
    );
    const { list: hot } = HotGamesResponseSchema.parse(res.json()).value;
    const db = (await catalogue()).filter((g) => g.is_hot && (g.vendor_code === 'PG' || g.vendor_code === 'JL'));
    expect(hot.map((g) => g.nodeId).sort()).toEqual(db.map((g) => g.node_id).sort());
    expect(hot.every((g) => g.hot)).toBe(true);
    const few = HotGamesResponseSchema.parse((await getJson(app, `${GAMES_PATHS.hotGames}?limit=5`)).json()).value.list;
    expect(few).toHaveLength(5);
  });
});

describe('catalogue artwork under the image CDN prefixes', () => {
  it('draws each game its own tile, cacheable for good, on both hosts', async () => {
    const games = (await list({ vassalage: 'PG', pageSize: 3 }, 'EN')).games;
    const bodies = new Set<string>();
    for (const game of games) {
      for (const host of ['/cdn/img-a', '/cdn/img-b']) {
        const res = await app.inject({ method: 'GET', url: `${host}${game.iconUrl}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.body).toContain(`aria-label="${game.gameName.replaceAll("'", '&apos;')}"`);
        // Small on the wire: the name and badge are outlines now (decision 072), which the compression takes back.
        expect(res.body).not.toContain('<text');
        expect(gzipSync(res.body).length).toBeLessThan(3_000);
        bodies.add(res.body);
      }
    }
    expect(bodies.size).toBe(3);
  });

  it('draws vendor icons and team crests, refuses what names nothing, and leaves the banner art alone', async () => {
    const icon = await app.inject({ method: 'GET', url: '/cdn/img-a/vendor-art/v1/JDB-FISH.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('aria-label="JDB-FISH"');
    // The letters are drawn as outlines: the initial on the emblem and the name beside it.
    expect(icon.body).not.toContain('<text');
    expect(icon.body.match(/<path d="M/g)).toHaveLength(2);
    const crest = (await app.inject({ method: 'GET', url: '/cdn/img-b/team-art/v1/dhaka-royals.svg' })).body;
    expect(crest).toContain('aria-label="DR"');
    expect(crest).not.toContain('<text');
    expect((await app.inject({ method: 'GET', url: '/cdn/img-a/game-art/v1/PG/NOPE_0001.00000000.svg' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/cdn/img-a/game-art/v1/PG/PG_0001.svg' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/cdn/img-a/vendor-art/v1/pg.svg' })).statusCode).toBe(404);
    const banner = await app.inject({ method: 'GET', url: '/cdn/img-a/art/v1/banner/home-welcome.en.svg' });
    expect(banner.statusCode).toBe(200);
  });

  it('still draws a tile asked for under an old name, but only for a short while', async () => {
    const [game] = (await list({ vassalage: 'PG', pageSize: 1 })).games;
    const stale = `/cdn/img-a${game?.iconUrl.replace(/\.[0-9a-f]{8}\.svg$/, '.0badf00d.svg')}`;
    const res = await app.inject({ method: 'GET', url: stale });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
