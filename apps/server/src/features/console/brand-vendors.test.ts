import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console';
import { GAMES_PATHS, LOBBY_PATHS } from '@playfront/contract/games-paths';
import { PLAY_PATHS } from '@playfront/contract/play-paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { type DemoGames, demoGames, launchGame, PLAY_ENV } from '../play/play.fixtures.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * A brand's own vendor switches (decision 061): a vendor the brand switched off leaves that brand's lobby (lists,
 * counts, search, hot games, vendor cards, vendor game types, favourites, recent games, PVP rooms, live models, menus
 * and URL banners into a section left without vendors) and its launches answer
 * GAME_NOT_FOUND, while another brand on the same platform still offers it; switched on again, all comes back.
 * One audit row per change; a role without games.write is refused and writes nothing.
 */

const OTHER = 'PFB2';
let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let readOnly: SignedInStaff;
let games: DemoGames;
let player: { memberId: number; token: string };
let otherPlayer: { memberId: number; token: string };
let pgName: string;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ...PLAY_ENV, RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-04T08:00:00Z')));
  owner = await signedInStaff(t, 'owner');
  readOnly = await signedInStaff(t, 'read-only');
  games = await demoGames(database.db);
  // A second brand on the same platform: the demo brand's settings under another merchant code.
  const { rows } = await sql<{ id: number }>`
    insert into brand (merchant_code, name, languages, default_language, currency, currency_symbol, main_domain,
      agent_account_types, trial_account_type, image_cdns, launch_cdns)
    select ${OTHER}, 'Second brand', languages, default_language, currency, currency_symbol, 'second.localhost',
      agent_account_types, trial_account_type, image_cdns, launch_cdns
    from brand where merchant_code = ${DEMO_MERCHANT_CODE} returning id`.execute(database.db);
  const otherId = rows[0]!.id;
  player = await loggedInMember(database.db, t.clock.now);
  otherPlayer = await loggedInMember(database.db, t.clock.now);
  await sql`update member set brand_id = ${otherId} where id = ${otherPlayer.memberId}`.execute(database.db);
  const game = await database.db.selectFrom('game').select('name_en').where('node_id', '=', games.slot.nodeId).executeTakeFirstOrThrow();
  pgName = game.name_en;
}, 120_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

type Json = { success: boolean; code?: string; value: never };
const get = async (url: string, merchant = DEMO_MERCHANT_CODE, token?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...BASE_HEADERS, merchant, ...(token ? { authorization: token } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
};
const pgTotal = async (merchant?: string) =>
  ((await get(`${GAMES_PATHS.gameList}?vassalage=PG&pageSize=24&language=EN`, merchant)).value as { total: number }).total;
const allTotal = async (merchant?: string) =>
  ((await get(`${GAMES_PATHS.gameList}?pageSize=24&language=EN`, merchant)).value as { total: number }).total;
const searched = async (merchant?: string) =>
  (
    (await get(`${GAMES_PATHS.gameSearch}?keyword=${encodeURIComponent(pgName)}&pageSize=24&language=EN`, merchant)).value as {
      games: { vassalage: string }[];
    }
  ).games.filter((g) => g.vassalage === 'PG').length;
const hotPg = async (merchant?: string) =>
  ((await get(`${GAMES_PATHS.hotGames}?vassalage=PG&language=EN`, merchant)).value as { list: unknown[] }).list.length;
const vendorCards = async (merchant?: string) =>
  (
    (await get(`${GAMES_PATHS.gameVendor}?language=EN`, merchant)).value as { data: { lanes: { cards: { vassalage: string }[] }[] } }
  ).data.lanes
    .flatMap((l) => l.cards)
    .map((c) => c.vassalage);
const vassTypes = async (merchant?: string) =>
  ((await get(GAMES_PATHS.vassGameType, merchant)).value as { vassalage: string }[]).map((v) => v.vassalage);
const favourites = async (token: string) =>
  (
    (await get(`${GAMES_PATHS.favGameList}?pageSize=50&language=EN`, DEMO_MERCHANT_CODE, token)).value as {
      content: { nodeId: string }[];
      total: number;
    }
  ).content.map((g) => g.nodeId);
const recent = async (token: string) =>
  (
    (await get(`${GAMES_PATHS.recentGameList}?pageSize=50&language=EN`, DEMO_MERCHANT_CODE, token)).value as {
      content: { nodeId: string }[];
    }
  ).content.map((g) => g.nodeId);
const demo = (merchant: string) =>
  t.app.inject({ method: 'POST', url: PLAY_PATHS.launchDemo, headers: { merchant }, payload: { nodeId: games.slot.nodeId } });
const switchPg = (token: string, enabled: boolean) =>
  consoleCall(t, 'PUT', consolePath('brandVendor', { vendorCode: 'PG' }), token, { enabled });

describe(`brand vendor switches (${testDbKind})`, () => {
  it("a vendor switched off leaves this brand's lobby and launches, not another brand's; switched on, it is back", async () => {
    // Before: PG is everywhere for both brands. The player launched a PG slot (a recent game) and made it a favourite.
    const pgBefore = await pgTotal();
    const allBefore = await allTotal();
    expect(pgBefore).toBeGreaterThan(0);
    expect(await searched()).toBeGreaterThan(0);
    expect(await hotPg()).toBeGreaterThan(0);
    expect(await vendorCards()).toContain('PG');
    expect((await launchGame(t, player.token, { nodeId: games.slot.nodeId })).statusCode).toBe(200);
    const fav = await t.app.inject({
      method: 'POST',
      url: GAMES_PATHS.addFavGame,
      headers: { ...BASE_HEADERS, authorization: player.token },
      payload: { nodeId: games.slot.nodeId },
    });
    expect(fav.statusCode, fav.body).toBe(200);
    expect(await favourites(player.token)).toContain(games.slot.nodeId);
    expect(await recent(player.token)).toContain(games.slot.nodeId);

    // The owner switches PG off for the demo brand: one audit row, the platform's switches untouched.
    const off = await switchPg(owner.token, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toMatchObject({ code: 'PG', active: true, maintenance: false, brandEnabled: false });
    const [row, ...more] = await auditRows(database.db, 'vendor.brand_switch', 'PG');
    expect(more).toEqual([]);
    expect(row?.before).toEqual({ code: 'PG', enabled: true });
    expect(row?.after).toEqual({ code: 'PG', enabled: false });
    const listed = (await consoleCall(t, 'GET', CONSOLE_PATHS.vendors, owner.token)).json().value.list as {
      code: string;
      brandEnabled: boolean;
    }[];
    expect(listed.find((v) => v.code === 'PG')?.brandEnabled).toBe(false);
    expect(listed.filter((v) => v.code !== 'PG').every((v) => v.brandEnabled)).toBe(true);

    // This brand, at once (the pages and counts were cached just before): gone from every list and count.
    expect(await pgTotal()).toBe(0);
    expect(await allTotal()).toBe(allBefore - pgBefore);
    expect(await searched()).toBe(0);
    expect(await hotPg()).toBe(0);
    expect(await vendorCards()).not.toContain('PG');
    expect(await vassTypes()).not.toContain('PG');
    expect(await favourites(player.token)).not.toContain(games.slot.nodeId);
    expect(await recent(player.token)).not.toContain(games.slot.nodeId);
    // Launches refused as for a vendor the platform switched off: real money, demo, and by vendor + code.
    expect((await launchGame(t, player.token, { nodeId: games.slot.nodeId })).json().code).toBe('GAME_NOT_FOUND');
    expect((await launchGame(t, player.token, { vendor: 'PG', gameCode: games.slot.gameCode })).json().code).toBe('GAME_NOT_FOUND');
    expect((await demo(DEMO_MERCHANT_CODE)).json().code).toBe('GAME_NOT_FOUND');
    // Another vendor of this brand still launches.
    expect((await launchGame(t, player.token, { nodeId: games.live.nodeId })).statusCode).toBe(200);

    // The other brand is unaffected.
    expect(await pgTotal(OTHER)).toBe(pgBefore);
    expect(await allTotal(OTHER)).toBe(allBefore);
    expect(await searched(OTHER)).toBeGreaterThan(0);
    expect(await vendorCards(OTHER)).toContain('PG');
    expect(await vassTypes(OTHER)).toContain('PG');
    const otherLaunch = await launchGame(t, otherPlayer.token, { nodeId: games.slot.nodeId }, { merchant: OTHER });
    expect(otherLaunch.statusCode, otherLaunch.body).toBe(200);
    expect((await demo(OTHER)).statusCode).toBe(200);

    // Saving the same value again changes nothing and writes no audit row.
    expect((await switchPg(owner.token, false)).statusCode).toBe(200);
    expect(await auditRows(database.db, 'vendor.brand_switch', 'PG')).toHaveLength(1);

    // Switched on again: everything is back, a second audit row.
    const on = await switchPg(owner.token, true);
    expect(on.json().value).toMatchObject({ code: 'PG', brandEnabled: true });
    expect(await auditRows(database.db, 'vendor.brand_switch', 'PG')).toHaveLength(2);
    expect(await pgTotal()).toBe(pgBefore);
    expect(await allTotal()).toBe(allBefore);
    expect(await searched()).toBeGreaterThan(0);
    expect(await vendorCards()).toContain('PG');
    expect(await favourites(player.token)).toContain(games.slot.nodeId);
    expect((await launchGame(t, player.token, { nodeId: games.slot.nodeId })).statusCode).toBe(200);
  });

  it("PVP rooms, live models, menus and URL banners leave out this brand's switched-off vendors, not another brand's", async () => {
    const ids = await sql<{ id: number; merchant_code: string }>`
      select id, merchant_code from brand where merchant_code in (${DEMO_MERCHANT_CODE}, ${OTHER})`.execute(database.db);
    const idOf = (code: string) => ids.rows.find((r) => r.merchant_code === code)!.id;
    // The second brand gets the demo brand's menus; both get three URL banners: the card-games section, the section
    // filtered to Kingmaker's games, and the live casino.
    await sql`
      insert into game_menu (brand_id, code, name, path, tracking_key, sort, launch_node_id, active)
      select ${idOf(OTHER)}, code, name, path, tracking_key, sort, launch_node_id, active
      from game_menu where brand_id = ${idOf(DEMO_MERCHANT_CODE)}`.execute(database.db);
    const targets = ['/pvp', '/pvp?vassalage=KM', '/live'];
    for (const code of [DEMO_MERCHANT_CODE, OTHER])
      for (const target of targets)
        await database.db
          .insertInto('banner')
          .values({
            brand_id: idOf(code),
            group_name: 'w_leftmenu',
            image_url: { EN: `/b${target}.png` },
            linkage_type: 'URL',
            link_target: target,
            title: { EN: `Into ${target}` },
          })
          .execute();
    const rooms = (vendor: string, merchant = DEMO_MERCHANT_CODE) =>
      t.app.inject({ method: 'GET', url: `${PLAY_PATHS.roomList}?vendor=${vendor}&language=EN`, headers: { ...BASE_HEADERS, merchant } });
    const roomCount = async (vendor: string, merchant?: string) => {
      const res = await rooms(vendor, merchant);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().value.list as unknown[]).length;
    };
    const modelVendors = async (merchant?: string, vendor?: string) =>
      (
        (await get(`${PLAY_PATHS.modelList}?language=EN${vendor ? `&vendor=${vendor}` : ''}`, merchant)).value as {
          list: { vendor: string }[];
        }
      ).list.map((m) => m.vendor);
    const menus = async (merchant?: string) =>
      ((await get(`${GAMES_PATHS.gameMenus}?language=EN`, merchant)).value as { code: string }[]).map((m) => m.code);
    const urlBanners = async (merchant?: string) =>
      (
        (await get(`${LOBBY_PATHS.banners}?groupName=w_leftmenu&language=EN`, merchant)).value as {
          linkageType: string;
          linkTarget: string;
        }[]
      )
        .filter((b) => b.linkageType === 'URL' && targets.includes(b.linkTarget))
        .map((b) => b.linkTarget)
        .sort();
    const switchVendor = (code: string, enabled: boolean) =>
      consoleCall(t, 'PUT', consolePath('brandVendor', { vendorCode: code }), owner.token, { enabled });

    // Before: both brands list Kingmaker's and V8's rooms, Evolution's hosts, the card-games menu and all three banners.
    for (const merchant of [DEMO_MERCHANT_CODE, OTHER]) {
      expect(await roomCount('KM', merchant)).toBe(4);
      expect(await roomCount('V8', merchant)).toBeGreaterThan(0);
      expect(await modelVendors(merchant)).toContain('EVO');
      expect((await modelVendors(merchant, 'EVO')).length).toBeGreaterThan(0);
      expect(await menus(merchant)).toContain('PVP');
      expect(await urlBanners(merchant)).toEqual([...targets].sort());
    }
    const evoModel = ((await get(`${PLAY_PATHS.modelList}?vendor=EVO&language=EN`)).value as { list: { modelId: string }[] }).list[0]!;

    try {
      // Kingmaker and Evolution off for this brand: their rooms and hosts go, and so does the banner naming only
      // Kingmaker; the card-games section still has V8 (menu and banner stay), the live casino its other studios.
      for (const code of ['KM', 'EVO']) expect((await switchVendor(code, false)).statusCode).toBe(200);
      expect((await rooms('KM')).json().code).toBe('GAME_NOT_FOUND');
      expect(await roomCount('V8')).toBeGreaterThan(0);
      const models = await modelVendors();
      expect(models.length).toBeGreaterThan(0);
      expect(models).not.toContain('EVO');
      expect(await modelVendors(undefined, 'EVO')).toEqual([]);
      const chat = await t.app.inject({
        method: 'POST',
        url: PLAY_PATHS.launchChat,
        headers: { ...BASE_HEADERS, authorization: player.token },
        payload: { modelId: evoModel.modelId },
      });
      expect(chat.json().code).toBe('GAME_NOT_FOUND');
      expect(await menus()).toContain('PVP');
      expect(await urlBanners()).toEqual(['/live', '/pvp']);

      // V8 off too: no card-games vendor is left, so the menu and the banner into the section go as well.
      expect((await switchVendor('V8', false)).statusCode).toBe(200);
      expect((await rooms('V8')).json().code).toBe('GAME_NOT_FOUND');
      expect(await menus()).not.toContain('PVP');
      expect(await menus()).toContain('LIVE');
      expect(await urlBanners()).toEqual(['/live']);

      // The other brand still offers all of it.
      expect(await roomCount('KM', OTHER)).toBe(4);
      expect(await roomCount('V8', OTHER)).toBeGreaterThan(0);
      expect(await modelVendors(OTHER)).toContain('EVO');
      expect(await menus(OTHER)).toContain('PVP');
      expect(await urlBanners(OTHER)).toEqual([...targets].sort());
    } finally {
      for (const code of ['KM', 'V8', 'EVO']) expect((await switchVendor(code, true)).statusCode).toBe(200);
    }
    // Switched on again: all back for this brand.
    expect(await roomCount('KM')).toBe(4);
    expect(await modelVendors()).toContain('EVO');
    expect(await menus()).toContain('PVP');
    expect(await urlBanners()).toEqual([...targets].sort());
  });

  it('a role without games.write is refused and nothing is written; an unknown vendor is NOT_FOUND', async () => {
    const audits = (await auditRows(database.db, 'vendor.brand_switch')).length;
    const refused = await switchPg(readOnly.token, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STAFF_PERMISSION_DENIED');
    // The read-only role sees the switches (games.read) but cannot change them.
    const seen = await consoleCall(t, 'GET', CONSOLE_PATHS.vendors, readOnly.token);
    expect(seen.statusCode).toBe(200);
    expect(await pgTotal()).toBeGreaterThan(0);
    const unknown = await consoleCall(t, 'PUT', consolePath('brandVendor', { vendorCode: 'NOSUCH' }), owner.token, { enabled: false });
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect(await auditRows(database.db, 'vendor.brand_switch')).toHaveLength(audits);
    expect(
      Number((await sql<{ n: string }>`select count(*) as n from brand_vendor where not enabled`.execute(database.db)).rows[0]?.n),
    ).toBe(0);
  });

  it('another instance on the same database: launches refused at once, lists within the 5-second cache of switched-off vendors', async () => {
    const second = await makeApp(database, { ...PLAY_ENV, RATE_LIMIT_PER_MINUTE: '100000000' }, t.clock);
    try {
      const list = async () =>
        (
          (
            await second.app.inject({
              method: 'GET',
              url: `${GAMES_PATHS.gameList}?vassalage=PG&pageSize=24&language=EN`,
              headers: BASE_HEADERS,
            })
          ).json().value as { total: number }
        ).total;
      const before = await list();
      expect(before).toBeGreaterThan(0);
      expect((await switchPg(owner.token, false)).statusCode).toBe(200);
      const launched = await second.app.inject({
        method: 'POST',
        url: PLAY_PATHS.launchGame,
        headers: { ...BASE_HEADERS, authorization: player.token },
        payload: { nodeId: games.slot.nodeId },
      });
      expect(launched.json().code).toBe('GAME_NOT_FOUND');
      await new Promise((resolve) => setTimeout(resolve, 5_100));
      expect(await list()).toBe(0);
    } finally {
      await switchPg(owner.token, true);
      await second.app.close();
    }
  }, 30_000);
});
