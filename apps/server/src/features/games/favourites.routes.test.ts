import {
  FAVOURITES_MAX,
  FavGameListResponseSchema,
  FavGamesResponseSchema,
  GAMES_PATHS,
  RecentGameListResponseSchema,
} from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { RECENT_GAMES_KEPT, recordRecentGame } from './favourites.repository.ts';
import { catalogueApp, getJson, loggedIn, send } from './games.fixtures.ts';

let database: TestDatabase;
let app: FastifyInstance;

// One database for the file: every test uses its own fresh members, so none sees another's favourites.
beforeAll(async () => {
  database = await createTestDatabase();
  app = await catalogueApp(database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Pick = { nodeId: string; vendor: string; gameType: string };
async function games(where: string, n: number): Promise<Pick[]> {
  const { rows } = await sql<Pick>`
    select node_id as "nodeId", vendor_code as vendor, game_type as "gameType" from game
    where active and ${sql.raw(where)} order by node_id limit ${n}`.execute(database.db);
  return rows;
}

const favIds = async (token: string) => FavGamesResponseSchema.parse((await getJson(app, GAMES_PATHS.favGames, { token })).json()).value;
const add = (token: string | undefined, payload: unknown) => send(app, 'POST', GAMES_PATHS.addFavGame, payload, token);
const remove = (token: string | undefined, payload: unknown) => send(app, 'DELETE', GAMES_PATHS.removeFavGame, payload, token);
const favList = async (token: string, query = 'clientType=3&platform=flash&language=EN&pageNo=1&pageSize=999') =>
  FavGameListResponseSchema.parse((await getJson(app, `${GAMES_PATHS.favGameList}?${query}`, { token })).json()).value;

describe('favourites', () => {
  it('are for logged-in members only: a guest is told to log in, a trial account is refused', async () => {
    const [game] = await games(`game_type = 'RNG'`, 1);
    const trial = await loggedIn(database.db, 4);
    const calls = (token?: string) => [
      getJson(app, GAMES_PATHS.favGames, token ? { token } : {}),
      getJson(app, `${GAMES_PATHS.favGameList}?pageNo=1&pageSize=999`, token ? { token } : {}),
      add(token, game),
      remove(token, game),
      getJson(app, GAMES_PATHS.recentGameList, token ? { token } : {}),
    ];
    for (const res of await Promise.all(calls())) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    }
    for (const res of await Promise.all(calls(trial.token))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'TRIAL_NOT_ALLOWED', message: 'errors.needRealAccount' });
    }
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from member_favourite_game where member_id = ${trial.memberId}`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('add, list and remove, with ids as strings; adding twice keeps one', async () => {
    const me = await loggedIn(database.db);
    const [slot, live] = [...(await games(`game_type = 'RNG'`, 1)), ...(await games(`game_type = 'LIVE'`, 1))] as [Pick, Pick];
    expect(await favIds(me.token)).toEqual([]);

    const first = await add(me.token, slot);
    expect(first.statusCode).toBe(200);
    expect(FavGamesResponseSchema.parse(first.json()).value).toEqual([slot.nodeId]);
    const again = await add(me.token, slot);
    expect(FavGamesResponseSchema.parse(again.json()).value).toEqual([slot.nodeId]);
    // A number is read as its decimal text.
    await add(me.token, { nodeId: Number(live.nodeId), vendor: live.vendor, gameType: live.gameType });
    expect(await favIds(me.token)).toEqual([live.nodeId, slot.nodeId]);
    expect((await favIds(me.token)).every((id) => typeof id === 'string')).toBe(true);

    const listed = await favList(me.token);
    expect(listed).toMatchObject({ pageNum: 1, totalPages: 1, total: 2 });
    expect(listed.content.map((g) => g.nodeId)).toEqual([live.nodeId, slot.nodeId]);
    expect(listed.content[1]?.displayName).toBeTruthy();
    // The spec's favourite list asks for RNG only.
    const rngOnly = await favList(me.token, 'clientType=3&platform=flash&pageNo=1&pageSize=999&gameType=RNG');
    expect(rngOnly.content.map((g) => g.nodeId)).toEqual([slot.nodeId]);

    const removed = await remove(me.token, slot);
    expect(FavGamesResponseSchema.parse(removed.json()).value).toEqual([live.nodeId]);
    const removedAgain = await remove(me.token, { nodeId: slot.nodeId });
    expect(removedAgain.statusCode).toBe(200);
    expect(await favIds(me.token)).toEqual([live.nodeId]);
    expect((await favList(me.token)).total).toBe(1);
  });

  it("are private: member A never sees member B's", async () => {
    const a = await loggedIn(database.db);
    const b = await loggedIn(database.db);
    const [ga, gb] = (await games(`game_type = 'RNG' and vendor_code = 'JL'`, 2)) as [Pick, Pick];
    await add(a.token, ga);
    await add(b.token, gb);
    expect(await favIds(a.token)).toEqual([ga.nodeId]);
    expect(await favIds(b.token)).toEqual([gb.nodeId]);
    expect((await favList(a.token)).content.map((g) => g.nodeId)).toEqual([ga.nodeId]);
    // B removing A's favourite touches only B's list.
    await remove(b.token, ga);
    expect(await favIds(a.token)).toEqual([ga.nodeId]);
  });

  it('two adds of the same game at once still make one favourite', async () => {
    const me = await loggedIn(database.db);
    const [game] = await games(`game_type = 'FISH'`, 1);
    const results = await Promise.all([add(me.token, game), add(me.token, game), add(me.token, game)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await favIds(me.token)).toEqual([game?.nodeId]);
  });

  it('refuse a game that does not exist and a vendor or type that is not the game’s', async () => {
    const me = await loggedIn(database.db);
    const [game] = (await games(`game_type = 'RNG' and vendor_code = 'PG'`, 1)) as [Pick];
    const missing = await add(me.token, { nodeId: '999999999', vendor: 'PG', gameType: 'RNG' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'GAME_NOT_FOUND', message: 'errors.gameNotFound' });
    const wrongVendor = await add(me.token, { ...game, vendor: 'JL' });
    expect(wrongVendor.statusCode).toBe(400);
    expect(wrongVendor.json()).toMatchObject({ code: 'VALIDATION', fields: { vendor: { key: 'errors.invalidField' } } });
    const wrongType = await add(me.token, { ...game, gameType: 'LIVE' });
    expect(wrongType.json()).toMatchObject({ code: 'VALIDATION', fields: { gameType: {} } });
    const noId = await add(me.token, { vendor: 'PG' });
    expect(noId.statusCode).toBe(400);
    expect(await favIds(me.token)).toEqual([]);
  });

  it('page newest first, and leave out games the operator switched off', async () => {
    const me = await loggedIn(database.db);
    const picks = await games(`game_type = 'RNG' and vendor_code = 'CQ9'`, 3);
    for (const g of picks) await add(me.token, g);
    const page1 = await favList(me.token, 'pageNo=1&pageSize=2');
    const page2 = await favList(me.token, 'pageNo=2&pageSize=2');
    expect(page1).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    expect([...page1.content, ...page2.content].map((g) => g.nodeId)).toEqual(picks.map((g) => g.nodeId).reverse());

    await sql`update game set active = false where node_id = ${picks[0]?.nodeId}`.execute(database.db);
    try {
      expect((await favList(me.token)).content.map((g) => g.nodeId)).toEqual([picks[2]?.nodeId, picks[1]?.nodeId]);
    } finally {
      await sql`update game set active = true where node_id = ${picks[0]?.nodeId}`.execute(database.db);
    }
  });

  it(`stop at ${FAVOURITES_MAX}, the size of the spec's one favourites page`, async () => {
    const me = await loggedIn(database.db);
    await sql`insert into member_favourite_game (member_id, node_id, vendor_code, game_type)
              select ${me.memberId}, node_id, vendor_code, game_type from game where game_type = 'RNG' order by node_id limit ${FAVOURITES_MAX}`.execute(
      database.db,
    );
    const [extra] = await games(`game_type = 'LIVE'`, 1);
    const res = await add(me.token, extra);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'FAVOURITE_LIMIT', message: 'errors.favouriteLimit' });
    expect(await favIds(me.token)).toHaveLength(FAVOURITES_MAX);
    // One already there is still a no-op, not an error.
    const present = (await favIds(me.token))[0] as string;
    expect((await add(me.token, { nodeId: present })).statusCode).toBe(200);
  });
});

describe('recent games', () => {
  const recent = async (token: string, query = 'pageNo=1&pageSize=100&language=EN') =>
    RecentGameListResponseSchema.parse((await getJson(app, `${GAMES_PATHS.recentGameList}?${query}`, { token })).json()).value;

  it('list what recordRecentGame wrote, most recent first, counting repeat launches', async () => {
    const me = await loggedIn(database.db);
    const other = await loggedIn(database.db);
    const [x, y] = (await games(`game_type = 'RNG'`, 2)) as [Pick, Pick];
    const t = Date.parse('2026-11-22T10:00:00Z');
    await recordRecentGame(database.db, me.memberId, x.nodeId, new Date(t));
    await recordRecentGame(database.db, me.memberId, y.nodeId, new Date(t + 60_000));
    await recordRecentGame(database.db, me.memberId, x.nodeId, new Date(t + 120_000));
    await recordRecentGame(database.db, other.memberId, y.nodeId, new Date(t));

    const mine = await recent(me.token);
    expect(mine).toMatchObject({ pageNum: 1, totalPages: 1, total: 2 });
    expect(mine.content.map((g) => [g.nodeId, g.playCount, g.lastPlayedAt])).toEqual([
      [x.nodeId, 2, '2026-11-22T10:02:00.000Z'],
      [y.nodeId, 1, '2026-11-22T10:01:00.000Z'],
    ]);
    expect((await recent(other.token)).content.map((g) => g.nodeId)).toEqual([y.nodeId]);
    expect((await recent(me.token, 'pageNo=2&pageSize=1')).content.map((g) => g.nodeId)).toEqual([y.nodeId]);
  });

  it(`keep only the newest ${RECENT_GAMES_KEPT}`, async () => {
    const me = await loggedIn(database.db);
    const picks = await games(`game_type = 'RNG'`, RECENT_GAMES_KEPT + 5);
    const t = Date.parse('2026-11-22T10:00:00Z');
    for (const [i, g] of picks.entries()) await recordRecentGame(database.db, me.memberId, g.nodeId, new Date(t + i * 1000));
    const page = await recent(me.token);
    expect(page.total).toBe(RECENT_GAMES_KEPT);
    expect(page.content[0]?.nodeId).toBe(picks.at(-1)?.nodeId);
    expect(page.content.map((g) => g.nodeId)).not.toContain(picks[4]?.nodeId);
    expect(page.content.map((g) => g.nodeId)).toContain(picks[5]?.nodeId);
  });

  it('refuse page sizes above 100', async () => {
    const me = await loggedIn(database.db);
    expect((await getJson(app, `${GAMES_PATHS.recentGameList}?pageSize=101`, { token: me.token })).statusCode).toBe(400);
  });
});
