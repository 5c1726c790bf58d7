import { GAMES_PATHS, LOBBY_PATHS } from '@playfront/contract/games';
import { PLAY_PATHS } from '@playfront/contract/play';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';
import { catalogueCache } from '../games/catalogue-cache.ts';
import { catalogueApp, getJson, loggedIn } from '../games/games.fixtures.ts';
import { tilePlayStateSql } from '../games/games.repository.ts';

/**
 * Issue 22: a hot match's "Join" names the sportsbook it opens and says when nothing here plays it; with the brand's
 * HIDE_UNCONNECTED_GAMES on (decision 048, extended by 055) those adverts, and banners into sections nothing here
 * plays, are left out as the tiles and menus are; so is a banner into one game whose tile is hidden (decision 057).
 */
let database: TestDatabase;
let app: FastifyInstance;
let brandId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database);
  brandId = (await database.db.selectFrom('brand').select('id').where('merchant_code', '=', DEMO_MERCHANT_CODE).executeTakeFirstOrThrow())
    .id;
  // The matches are shown until shortly after they start: make the demo ones coming.
  await database.db
    .updateTable('hot_match')
    .set({ match_time: new Date(Date.now() + 86_400_000) })
    .execute();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function hideUnconnected(on: boolean) {
  await setBrandFlag(database.db, brandId, 'HIDE_UNCONNECTED_GAMES', on);
  catalogueCache(app).flags.clear();
}
const matches = async () =>
  (await getJson(app, `${GAMES_PATHS.gameMatches}?language=en`)).json().value as {
    vassalage: string;
    nodeId: string | null;
    playState?: string;
  }[];
const homeBannerTargets = async () =>
  (
    (await getJson(app, `${LOBBY_PATHS.banners}?groupName=w_home&language=en`)).json().value as {
      linkageType: string;
      linkTarget: string;
    }[]
  ).map((b) => b.linkTarget);

describe('hot matches and banners of sections nothing here plays', () => {
  it('badges a sportsbook advert notConnected and points its Join at the vendor’s own lobby entry, not a game', async () => {
    await hideUnconnected(false);
    const ads = await matches();
    expect(ads.length).toBeGreaterThan(0);
    for (const ad of ads) {
      expect(ad.playState).toBe('notConnected');
      const entry = await database.db
        .selectFrom('game')
        .select(['vendor_code', 'is_game'])
        .where('node_id', '=', ad.nodeId ?? '0')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ vendor_code: ad.vassalage, is_game: false });
    }
    expect(await homeBannerTargets()).toContain('/sports');
  });

  it('leaves those adverts and the banner into /sports out when the brand hides unconnected games', async () => {
    await hideUnconnected(true);
    expect(await matches()).toEqual([]);
    const targets = await homeBannerTargets();
    expect(targets).not.toContain('/sports');
    // Banners into sections that play stay.
    expect(targets).toContain('/live');
    await hideUnconnected(false);
    expect((await matches()).length).toBeGreaterThan(0);
  });
});

/** One active game of the demo catalogue whose tile plays as `state`. */
async function gameIn(state: 'play' | 'demoOnly' | 'notConnected') {
  const { rows } = await sql<{ node_id: string; game_code: string; vendor_code: string }>`
    select g.node_id, g.game_code, g.vendor_code from game g join game_vendor v on v.code = g.vendor_code
    where g.active and v.active and g.is_game and ${tilePlayStateSql} = ${state}
    order by g.node_id limit 1`.execute(database.db);
  return rows[0]!;
}

describe('banners into one game', () => {
  it('name the game they open, hide with its tile, and never name a game the target does not', async () => {
    const [unconnected, playing, demoOnly] = [await gameIn('notConnected'), await gameIn('play'), await gameIn('demoOnly')];
    const targets = {
      sportsbook: unconnected.node_id,
      slot: `${playing.vendor_code}:${playing.game_code}`,
      standIn: demoOnly.node_id,
      gone: '999999999',
    };
    const ids = new Map<number, string>();
    for (const [name, target] of Object.entries(targets)) {
      const row = await database.db
        .insertInto('banner')
        .values({
          brand_id: brandId,
          group_name: 'w_home',
          linkage_type: 'GAME',
          link_target: target,
          sort: 50,
          image_url: JSON.stringify({ EN: `/banners/${name}.svg`, BN: `/banners/${name}.svg` }),
          title: JSON.stringify({ EN: name, BN: name }),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row.id, name);
    }
    const gameBanners = async () => {
      const all = (await getJson(app, `${LOBBY_PATHS.banners}?groupName=w_home&language=en`)).json().value as {
        id: number;
        game?: { nodeId: string; vassalage: string; playState: string } | null;
      }[];
      return Object.fromEntries(all.filter((b) => ids.has(b.id)).map((b) => [ids.get(b.id), b.game]));
    };

    await hideUnconnected(false);
    const shown = await gameBanners();
    expect(shown.sportsbook).toMatchObject({ nodeId: unconnected.node_id, vassalage: unconnected.vendor_code, playState: 'notConnected' });
    expect(shown.slot).toMatchObject({ nodeId: playing.node_id, vassalage: playing.vendor_code, playState: 'play' });
    expect(shown.standIn).toMatchObject({ nodeId: demoOnly.node_id, playState: 'demoOnly' });
    // A target no active game answers is shown without a game: the click cannot open another one.
    expect(shown.gone).toBeNull();
    // The sportsbook's game does not play: launched, it says so (as the hot-match Join does).
    const member = await loggedIn(database.db);
    const launch = await app.inject({
      method: 'POST',
      url: PLAY_PATHS.launchGame,
      headers: { merchant: DEMO_MERCHANT_CODE, authorization: member.token },
      payload: { nodeId: shown.sportsbook?.nodeId },
    });
    expect(launch.json()).toMatchObject({ success: false, code: 'PROVIDER_NOT_CONNECTED' });

    await hideUnconnected(true);
    expect(Object.keys(await gameBanners()).sort()).toEqual(['gone', 'slot', 'standIn']);
    await setBrandFlag(database.db, brandId, 'HIDE_DEMO_ONLY_GAMES', true);
    catalogueCache(app).flags.clear();
    expect(Object.keys(await gameBanners()).sort()).toEqual(['gone', 'slot']);
    await setBrandFlag(database.db, brandId, 'HIDE_DEMO_ONLY_GAMES', false);
    await hideUnconnected(false);
  });
});
