import { PLAY_PATHS } from '@playfront/contract/play';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { type DemoGames, demoGames, fundedMember, H, launchGame, PLAY_ENV } from './play.fixtures.ts';

/** gameLaunchFB (spec section 7): launchGame as a GET, with the same checks and the same answer. */
let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  games = await demoGames(database.db);
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const launchFB = (token: string | undefined, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${PLAY_PATHS.gameLaunchFB}?${new URLSearchParams(query)}`, headers: H(token) });

const launchSessions = async (memberId: number) =>
  Number(
    (
      await database.db
        .selectFrom('game_launch_session')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`gameLaunchFB (${testDbKind})`, () => {
  it('launches like launchGame: the same answer shape, a real-money session, the query carrying the body', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const viaGet = await launchFB(m.token, { nodeId: games.slot.nodeId, language: 'EN', backUrl: '/rng?vassalage=PG' });
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    const viaPost = await launchGame(t, m.token, { nodeId: games.slot.nodeId, language: 'EN', backUrl: '/rng?vassalage=PG' });
    const get = viaGet.json().value;
    const post = viaPost.json().value;
    expect(Object.keys(get).sort()).toEqual(Object.keys(post).sort());
    expect(get).toMatchObject({ mode: 'real', kind: 'slot', vendor: 'PG', gameCode: games.slot.gameCode, language: 'EN' });
    const url = new URL(get.url, 'http://site.invalid');
    expect(url.searchParams.get('backUrl')).toBe('/rng?vassalage=PG');
    expect(url.searchParams.get('token')).not.toBe(new URL(post.url, 'http://site.invalid').searchParams.get('token'));
    expect(await launchSessions(m.memberId)).toBe(2);
    expect(viaGet.headers['cache-control']).toBe('no-store');

    // vendor + gameCode, and failed hosts as a comma-separated list.
    for (let i = 0; i < 4; i++) {
      const other = await launchFB(m.token, { vendor: 'pg', gameCode: games.slot.gameCode, failedHosts: '/launch/a' });
      expect(other.statusCode, other.body).toBe(200);
      expect(other.json().value).toMatchObject({ nodeId: games.slot.nodeId, host: '/launch/b' });
    }
  });

  it('refuses guests, trial accounts, unknown games and bad input, creating nothing', async () => {
    const guest = await launchFB(undefined, { nodeId: games.slot.nodeId });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });

    const trial = await fundedMember(database.db, t.clock.now, 0n, 4);
    const refused = await launchFB(trial.token, { nodeId: games.slot.nodeId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'errors.needRealAccount' });

    const m = await fundedMember(database.db, t.clock.now, 0n);
    expect((await launchFB(m.token, { nodeId: '999999999' })).json().code).toBe('GAME_NOT_FOUND');
    expect((await launchFB(m.token, {})).json().code).toBe('VALIDATION');
    expect((await launchFB(m.token, { nodeId: games.slot.nodeId, backUrl: 'https://evil.example/' })).json().code).toBe('VALIDATION');
    expect((await launchFB(m.token, { nodeId: games.slot.nodeId, device: 'TV' })).json().code).toBe('VALIDATION');
    expect(await launchSessions(m.memberId)).toBe(0);
    expect(await launchSessions(trial.memberId)).toBe(0);
  });
});
