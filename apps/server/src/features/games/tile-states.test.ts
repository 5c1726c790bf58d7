import {
  GAMES_PATHS,
  type Game,
  GameListResponseSchema,
  GameMenusResponseSchema,
  GameVendorResponseSchema,
} from '@playfront/contract/games';
import { LOTTERY_VENDORS } from '@playfront/contract/lottery';
import { PLAY_PATHS } from '@playfront/contract/play';
import { type TilePlayState, tilePlayState } from '@playfront/contract/play-paths';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';
import { catalogueCache } from './catalogue-cache.ts';
import { catalogueApp, getJson, loggedIn, qs } from './games.fixtures.ts';
import { tilePlayStateSql } from './games.repository.ts';

/**
 * Issue 22 "honest games": each tile says how it plays here (play / demoOnly / notConnected), the SQL mirror used
 * to hide tiles agrees with the contract's rule on every game of the demo catalogue, and the brand's two hiding
 * settings leave the right tiles, menus and vendor cards out.
 */

let database: TestDatabase;
let app: FastifyInstance;
let brandId: number;
/** Games per state in the whole catalogue, by the contract rule (set by the first test). */
let catalogueStates: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database);
  brandId = (await database.db.selectFrom('brand').select('id').where('merchant_code', '=', DEMO_MERCHANT_CODE).executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function setHiding(flags: { unconnected: boolean; demoOnly: boolean }) {
  await setBrandFlag(database.db, brandId, 'HIDE_UNCONNECTED_GAMES', flags.unconnected);
  await setBrandFlag(database.db, brandId, 'HIDE_DEMO_ONLY_GAMES', flags.demoOnly);
  // The catalogue caches flags for 5 s and pages for 10 s; the test does not wait for them.
  const cache = catalogueCache(app);
  cache.flags.clear();
  cache.pages.clear();
  cache.counts.clear();
}

async function listAll(query: Record<string, string | number | undefined>): Promise<{ games: Game[]; total: number }> {
  const games: Game[] = [];
  let total = 0;
  for (let pageNo = 1; ; pageNo++) {
    const res = await getJson(app, `${GAMES_PATHS.gameList}?${qs({ ...query, pageSize: 100, pageNo })}`);
    expect(res.statusCode, res.body).toBe(200);
    const value = GameListResponseSchema.parse(res.json()).value;
    games.push(...value.games);
    total = value.total;
    if (pageNo >= value.totalPages) break;
  }
  return { games, total };
}

describe(`lobby tile states (${testDbKind})`, () => {
  it('the SQL mirror gives every catalogue game the state the contract rule gives it', async () => {
    const { rows } = await sql<{
      node_id: string;
      game_type: string;
      vendor_game_type: string;
      vendor_code: string;
      wallet_mode: string;
      name_en: string;
      state: TilePlayState;
    }>`select g.node_id, g.game_type, v.game_type as vendor_game_type, g.vendor_code, v.wallet_mode, g.name_en,
        ${tilePlayStateSql} as state
      from game g join game_vendor v on v.code = g.vendor_code`.execute(database.db);
    expect(rows.length).toBeGreaterThan(9000);
    const counts: Record<string, number> = {};
    for (const r of rows) {
      const expected = tilePlayState({
        gameType: r.game_type,
        vendorGameType: r.vendor_game_type,
        vendorCode: r.vendor_code,
        walletMode: r.wallet_mode,
        nameEn: r.name_en,
        lotteryServed: r.wallet_mode === 'seamless' && (LOTTERY_VENDORS as readonly string[]).includes(r.vendor_code),
      });
      expect(r.state, `${r.vendor_code} ${r.name_en}`).toBe(expected);
      counts[expected] = (counts[expected] ?? 0) + 1;
    }
    // The catalogue has all three kinds, so the comparison above covered each branch.
    expect(counts.play).toBeGreaterThan(1000);
    expect(counts.demoOnly).toBeGreaterThan(100);
    expect(counts.notConnected).toBeGreaterThan(0);
    catalogueStates = counts;
  });

  it('names the state on each tile: a live blackjack table is demo only, a live baccarat plays, a sportsbook is not connected', async () => {
    const live = await listAll({ gameType: 'LIVE', vassalage: 'EVO' });
    const blackjack = live.games.find((g) => /blackjack/i.test(g.gameName));
    const baccarat = live.games.find((g) => /^baccarat/i.test(g.gameName));
    const roulette = live.games.find((g) => /roulette/i.test(g.gameName));
    expect(blackjack?.playState).toBe('demoOnly');
    expect(baccarat?.playState).toBe('play');
    expect(roulette?.playState).toBe('play');
    const sports = await listAll({ vassalage: 'SBO' });
    expect(sports.games.map((g) => g.playState)).toEqual(['notConnected']);
    const spribe = await listAll({ vassalage: 'SPB' });
    expect(new Set(spribe.games.map((g) => g.playState))).toEqual(new Set(['demoOnly']));
  });

  it('hides unconnected entries and demo-only titles per brand setting, with exact totals, menus and vendor cards', async () => {
    const total = async (query: Record<string, string>) => {
      const res = await getJson(app, `${GAMES_PATHS.gameList}?${qs({ ...query, pageSize: 1 })}`);
      return GameListResponseSchema.parse(res.json()).value.total;
    };
    const states = async (vassalage: string) => new Set((await listAll({ vassalage })).games.map((g) => g.playState));
    const sum = (...keys: string[]) => keys.reduce((n, k) => n + (catalogueStates[k] ?? 0), 0);
    const menusOf = async () => GameMenusResponseSchema.parse((await getJson(app, GAMES_PATHS.gameMenus)).json()).value.map((m) => m.code);
    const vendorsOf = async () =>
      GameVendorResponseSchema.parse((await getJson(app, `${GAMES_PATHS.gameVendor}?view=all`)).json()).value.data.lanes.flatMap((l) =>
        l.cards.map((c) => c.vassalage),
      );
    const inactive = Number(
      (
        await database.db
          .selectFrom('game')
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .where('active', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(inactive).toBe(0); // so the catalogue counts are the lobby's counts
    expect(await total({})).toBe(sum('play', 'demoOnly', 'notConnected'));
    expect(await states('EVO')).toEqual(new Set(['play', 'demoOnly']));
    expect(await menusOf()).toEqual(expect.arrayContaining(['SPORTS', 'ESPORTS']));
    expect(await vendorsOf()).toEqual(expect.arrayContaining(['SBO', 'IMES', 'SV3']));

    try {
      await setHiding({ unconnected: true, demoOnly: false });
      expect(await total({})).toBe(sum('play', 'demoOnly'));
      expect(await states('SBO')).toEqual(new Set());
      expect(await states('EVO')).toEqual(new Set(['play', 'demoOnly']));
      const menus = await menusOf();
      for (const code of ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'RUMMY', 'LUDO']) expect(menus).not.toContain(code);
      expect(menus).toEqual(expect.arrayContaining(['HOME', 'RNG', 'LIVE']));
      const vendors = await vendorsOf();
      for (const code of ['SBO', 'SABA', 'IMES', 'TF', 'IA', 'SV3']) expect(vendors).not.toContain(code);
      expect(vendors).toEqual(expect.arrayContaining(['PG', 'EVO', 'KM']));

      await setHiding({ unconnected: true, demoOnly: true });
      expect(await total({})).toBe(sum('play'));
      expect(await states('EVO')).toEqual(new Set(['play']));
      expect(await total({ vassalage: 'SPB' })).toBe(0);
      const searched = await getJson(app, `${GAMES_PATHS.gameSearch}?${qs({ keyword: 'blackjack', pageSize: 50 })}`);
      expect(GameListResponseSchema.parse(searched.json()).value.total).toBe(0);
    } finally {
      await setHiding({ unconnected: false, demoOnly: false });
    }
    expect(await total({})).toBe(sum('play', 'demoOnly', 'notConnected'));
  });

  it('never plays a title the house has no engine for for real money: a member gets its demo, and says why', async () => {
    const blackjack = await database.db
      .selectFrom('game')
      .select(['node_id'])
      .where('vendor_code', '=', 'EVO')
      .where('name_en', 'like', '%Blackjack%')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    const member = await loggedIn(database.db);
    const res = await app.inject({
      method: 'POST',
      url: PLAY_PATHS.launchGame,
      headers: { merchant: DEMO_MERCHANT_CODE, authorization: member.token },
      payload: { nodeId: blackjack.node_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mode: 'demo', demoReason: 'NO_OWN_GAME', kind: 'baccarat' });
    expect(new URL(res.json().value.url, 'http://x.invalid').searchParams.get('token')).toBeNull();
    const sessions = await database.db
      .selectFrom('game_launch_session')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(sessions.n)).toBe(0);
  });
});
