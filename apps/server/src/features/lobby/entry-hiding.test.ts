import { GAMES_PATHS, LOBBY_PATHS } from '@playfront/contract/games';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';
import { catalogueCache } from '../games/catalogue-cache.ts';
import { catalogueApp, getJson } from '../games/games.fixtures.ts';

/**
 * Issue 22: a hot match's "Join" names the sportsbook it opens and says when nothing here plays it; with the brand's
 * HIDE_UNCONNECTED_GAMES on (decision 048, extended by 055) those adverts, and banners into sections nothing here
 * plays, are left out as the tiles and menus are.
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
