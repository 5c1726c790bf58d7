import { GAMES_PATHS } from '@playfront/contract/games';
import { PLAY_PATHS } from '@playfront/contract/play';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { databasePerFile } from '../../../test/database-per-file.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { hashToken } from '../session/session.repository.ts';
import { buildLaunchUrl, chooseLaunchHost, launchPlan } from './launch.service.ts';
import { type DemoGames, demoGames, fundedMember, H, launchGame, PLAY_ENV } from './play.fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
async function open(): Promise<void> {
  database = await createTestDatabase();
  t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  games = await demoGames(database.db);
}
async function close(): Promise<void> {
  await t.app.close();
  await database.close();
}
/**
 * One database and app for the file (decision 037): each test launches with members of its own. Tests that switch
 * games, vendors, maintenance, region rules or launch hosts off for the whole brand get a database of their own.
 */
const ownDatabasePerTest = databasePerFile({
  open,
  close,
  keep: () => {
    const shared = [database, t, games] as const;
    return () => {
      [database, t, games] = shared;
    };
  },
});

const urlOf = (res: { json: () => { value: { url: string } } }) => new URL(res.json().value.url, 'http://site.invalid');

describe(`launchGame (${testDbKind})`, () => {
  it('launches a house-served slot for real money on a launch host, with a hashed 4-hour session and a recent-games entry', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const res = await launchGame(t, m.token, { nodeId: games.slot.nodeId, language: 'EN', backUrl: '/rng?vassalage=PG' });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      mode: 'real',
      demoReason: null,
      kind: 'slot',
      vendor: 'PG',
      gameCode: games.slot.gameCode,
      walletMode: 'seamless',
      language: 'EN',
    });
    expect(['/launch/a', '/launch/b']).toContain(value.host);
    expect(value.url.startsWith(`${value.host}/house/play?`)).toBe(true);
    const url = urlOf(res);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vendor: 'PG',
      game: games.slot.gameCode,
      lang: 'EN',
      mode: 'real',
      gameType: 'RNG',
      kind: 'slot',
      backUrl: '/rng?vassalage=PG',
    });
    expect(url.searchParams.get('image')).toMatch(/^\/cdn\/img-a\/.+/);
    const token = url.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const session = await database.db
      .selectFrom('game_launch_session')
      .selectAll()
      .where('member_id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(session.token_hash).toBe(hashToken(token));
    expect(session.token_hash).not.toContain(token);
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(4 * 3_600_000);
    expect(value.expiresAt).toBe(session.expires_at.toISOString());
    expect(session).toMatchObject({ vendor_code: 'PG', game_code: games.slot.gameCode, currency: 'BDT', language: 'EN', device: 'WEB' });

    const recent = await t.app.inject({ method: 'GET', url: GAMES_PATHS.recentGameList, headers: H(m.token) });
    expect(recent.json().value.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([games.slot.nodeId]);
  });

  it('takes vendor + gameCode as well as nodeId, and answers in the brand default language (BN) unless asked', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const res = await launchGame(t, m.token, { vendor: 'pg', gameCode: games.slot.gameCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ nodeId: games.slot.nodeId, language: 'BN' });
    expect(urlOf(res).searchParams.get('lang')).toBe('BN');
    // Both given but naming different games: not found rather than a guess.
    expect((await launchGame(t, m.token, { nodeId: games.slot.nodeId, vendor: 'EVO', gameCode: games.slot.gameCode })).json().code).toBe(
      'GAME_NOT_FOUND',
    );
  });

  describe('switching games and vendors off, on a database of its own', () => {
    ownDatabasePerTest();

    it('refuses guests, trial accounts, unknown and inactive games, and bad input', async () => {
      expect((await launchGame(t, undefined, { nodeId: games.slot.nodeId })).json()).toMatchObject({
        success: false,
        code: 'NOT_LOGGED_IN',
      });
      const trial = await fundedMember(database.db, t.clock.now, 0n, 4);
      const refused = await launchGame(t, trial.token, { nodeId: games.slot.nodeId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED', message: 'errors.needRealAccount' });

      const m = await fundedMember(database.db, t.clock.now, 0n);
      const unknown = await launchGame(t, m.token, { nodeId: '999999999' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('GAME_NOT_FOUND');
      await database.db.updateTable('game').set({ active: false }).where('node_id', '=', games.otherSlot.nodeId).execute();
      expect((await launchGame(t, m.token, { nodeId: games.otherSlot.nodeId })).json().code).toBe('GAME_NOT_FOUND');
      await database.db.updateTable('game_vendor').set({ active: false }).where('code', '=', 'EVO').execute();
      expect((await launchGame(t, m.token, { nodeId: games.live.nodeId })).json().code).toBe('GAME_NOT_FOUND');

      expect((await launchGame(t, m.token, {})).json().code).toBe('VALIDATION');
      expect((await launchGame(t, m.token, { nodeId: games.slot.nodeId, backUrl: 'https://evil.example/' })).json().code).toBe(
        'VALIDATION',
      );
      expect((await launchGame(t, m.token, { nodeId: games.slot.nodeId, backUrl: '//evil.example/' })).json().code).toBe('VALIDATION');
      // Nothing was created by any refusal.
      const { n } = await database.db
        .selectFrom('game_launch_session')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    });
  });

  describe('switching maintenance and region rules, on a database of its own', () => {
    ownDatabasePerTest();

    it('refuses every launch during maintenance and from a restricted region, demo included', async () => {
      const m = await fundedMember(database.db, t.clock.now, 0n);
      const ops = (maintenance: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/ops/brand/maintenance',
          headers: { 'x-operator-key': OPERATOR_KEY },
          payload: { maintenance },
        });
      await ops(true);
      const during = await launchGame(t, m.token, { nodeId: games.slot.nodeId });
      expect(during.statusCode).toBe(503);
      expect(during.json().code).toBe('MAINTENANCE');
      expect(
        (await t.app.inject({ method: 'POST', url: PLAY_PATHS.launchDemo, headers: H(), payload: { nodeId: games.slot.nodeId } })).json()
          .code,
      ).toBe('MAINTENANCE');
      // Maintenance comes first even for a guest: the web shows the maintenance page, not a login popup.
      expect((await launchGame(t, undefined, { nodeId: games.slot.nodeId })).json().code).toBe('MAINTENANCE');
      await ops(false);

      const brand = await database.db
        .selectFrom('brand')
        .select('id')
        .where('merchant_code', '=', DEMO_MERCHANT_CODE)
        .executeTakeFirstOrThrow();
      await database.db.insertInto('region_rule').values({ brand_id: brand.id, cidr: '203.0.113.0/24', label: 'test' }).execute();
      const blocked = await t.app.inject({
        method: 'POST',
        url: PLAY_PATHS.launchGame,
        headers: H(m.token),
        payload: { nodeId: games.slot.nodeId },
        remoteAddress: '203.0.113.9',
      });
      expect(blocked.statusCode).toBe(451);
      expect(blocked.json().code).toBe('ACCESS_RESTRICTED');
      expect((await launchGame(t, m.token, { nodeId: games.slot.nodeId })).statusCode).toBe(200);
    });
  });

  it('plays every other vendor as the matching house game in demo mode: instant → crash, PVP → baccarat, else slot; LIVE and FISH are real', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const cases = [
      [games.spb, 'demo', 'crash', 'MINI', 'VENDOR_NOT_CONNECTED'],
      [games.pvp, 'demo', 'baccarat', 'LIVE', 'VENDOR_NOT_CONNECTED'],
      [games.live, 'real', 'baccarat', 'LIVE', null],
      [games.roulette, 'real', 'roulette', 'LIVE', null],
      [games.fish, 'real', 'fishing', 'FISH', null],
    ] as const;
    for (const [game, mode, kind, gameType, demoReason] of cases) {
      const res = await launchGame(t, m.token, { nodeId: game.nodeId });
      expect(res.statusCode, `${game.vendor} ${res.body}`).toBe(200);
      expect(res.json().value, game.vendor).toMatchObject({ mode, kind, demoReason });
      const q = urlOf(res).searchParams;
      expect(q.get('mode')).toBe(mode);
      expect(q.get('gameType')).toBe(gameType);
      expect(q.has('token')).toBe(mode === 'real');
      expect(res.json().value.expiresAt === null).toBe(mode === 'demo');
    }
    expect((await launchGame(t, m.token, { nodeId: games.pvp.nodeId })).json().value.walletMode).toBe('transfer');
    // A sportsbook has no game server here and no house game plays like one: the launch says so, nothing opens.
    const sports = await launchGame(t, m.token, { nodeId: games.sports.nodeId });
    expect(sports.statusCode).toBe(409);
    expect(sports.json()).toMatchObject({ code: 'PROVIDER_NOT_CONNECTED', message: 'errors.providerNotConnected' });
    // The Rummy menu's fixed game is a card room against people: not a slot either.
    expect((await launchGame(t, m.token, { vendor: 'KM', gameCode: 'KM_0001' })).json().code).toBe('PROVIDER_NOT_CONNECTED');
    // Only real-money launches hold a session; every launch is a recent game.
    const sessions = await database.db
      .selectFrom('game_launch_session')
      .select('vendor_code')
      .where('member_id', '=', m.memberId)
      .execute();
    expect(sessions.map((s) => s.vendor_code).sort()).toEqual(['EVO', 'EVO', 'JDB-FISH']);
    const recent = await database.db.selectFrom('member_recent_game').select('node_id').where('member_id', '=', m.memberId).execute();
    expect(recent).toHaveLength(5);
    expect(recent.map((r) => r.node_id)).not.toContain(games.sports.nodeId);
  });

  describe('changing the brand’s launch hosts, on a database of its own', () => {
    ownDatabasePerTest();

    it('avoids launch hosts the client reported failing, and falls back to the list when all failed', async () => {
      const m = await fundedMember(database.db, t.clock.now, 0n);
      for (let i = 0; i < 6; i++) {
        const res = await launchGame(t, m.token, { nodeId: games.slot.nodeId, failedHosts: ['/launch/a'] });
        expect(res.json().value.host).toBe('/launch/b');
        expect(res.json().value.url.startsWith('/launch/b/house/play?')).toBe(true);
      }
      const all = await launchGame(t, m.token, { nodeId: games.slot.nodeId, failedHosts: ['/launch/a', '/launch/b'] });
      expect(['/launch/a', '/launch/b']).toContain(all.json().value.host);

      await sql`update brand set launch_cdns = ${['https://play1.example.com/', 'https://play2.example.com']} where merchant_code = ${DEMO_MERCHANT_CODE}`.execute(
        database.db,
      );
      const abs = await launchGame(t, m.token, { nodeId: games.slot.nodeId, failedHosts: ['https://play2.example.com'] });
      expect(abs.json().value.url.startsWith('https://play1.example.com/house/play?')).toBe(true);
      await sql`update brand set launch_cdns = '{}' where merchant_code = ${DEMO_MERCHANT_CODE}`.execute(database.db);
      const self = await launchGame(t, m.token, { nodeId: games.slot.nodeId });
      expect(self.json().value).toMatchObject({ host: '' });
      expect(self.json().value.url.startsWith('/house/play?')).toBe(true);
    });
  });

  it('picks hosts at random among the usable ones', () => {
    const hosts = ['/a', '/b', '/c'];
    expect(chooseLaunchHost(hosts, [], () => 0)).toBe('/a');
    expect(chooseLaunchHost(hosts, [], () => 0.99)).toBe('/c');
    expect(chooseLaunchHost(hosts, ['/a'], () => 0)).toBe('/b');
    expect(chooseLaunchHost(hosts, ['/a', '/b', '/c'], () => 0.5)).toBe('/b');
    expect(chooseLaunchHost([], ['/a'])).toBe('');
  });

  it('redirects a site-alias launch host to the house, keeping the query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/launch/b/house/play?vendor=PG&game=X&mode=demo' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/house/play?vendor=PG&game=X&mode=demo');
  });
});

describe(`launchDemo (${testDbKind})`, () => {
  const demo = (body: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url: PLAY_PATHS.launchDemo, headers: H(token), payload: body });

  it('gives a guest the free demo of a house-served game that offers one: no token, no session', async () => {
    const sessions = () =>
      database.db
        .selectFrom('game_launch_session')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await sessions()).n);
    const res = await demo({ nodeId: games.slot.nodeId, language: 'EN' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mode: 'demo', demoReason: 'FREE_DEMO', kind: 'slot', expiresAt: null });
    const q = urlOf(res).searchParams;
    expect(q.get('mode')).toBe('demo');
    expect(q.has('token')).toBe(false);
    expect(Number((await sessions()).n)).toBe(before);
  });

  it('refuses games without a demo; a demo of a vendor the house does not serve is the house stand-in', async () => {
    const none = await demo({ nodeId: games.noDemo.nodeId });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'DEMO_NOT_AVAILABLE', message: 'errors.demoNotAvailable' });
    const spb = await demo({ nodeId: games.spb.nodeId, language: 'EN' });
    expect(spb.statusCode, spb.body).toBe(200);
    expect(spb.json().value).toMatchObject({ mode: 'demo', demoReason: 'VENDOR_NOT_CONNECTED', kind: 'crash', expiresAt: null });
    expect(urlOf(spb).searchParams.has('token')).toBe(false);
    expect((await demo({ nodeId: games.sports.nodeId })).json().code).toBe('PROVIDER_NOT_CONNECTED');
    expect((await demo({ nodeId: 'nope' })).json().code).toBe('GAME_NOT_FOUND');
  });

  it('plans by vendor and game type', () => {
    const base = { nodeId: '1', gameCode: 'g', vendorCode: 'V', nameEn: 'N', nameBn: 'ন', imagePath: null };
    expect(launchPlan({ ...base, gameType: 'RNG', vendorGameType: 'SPB', walletMode: 'seamless', hasDemo: true }, 'member').kind).toBe(
      'crash',
    );
    expect(launchPlan({ ...base, gameType: 'RNG', vendorGameType: 'RNG', walletMode: 'transfer', hasDemo: true }, 'guest')).toEqual({
      mode: 'demo',
      demoReason: 'VENDOR_NOT_CONNECTED',
      kind: 'slot',
    });
    expect(() =>
      launchPlan({ ...base, gameType: 'RNG', vendorGameType: 'RNG', walletMode: 'seamless', hasDemo: false }, 'guest'),
    ).toThrow();
    // A tile plays the game it names (issue 22): roulette titles spin a wheel, never deal baccarat.
    const live = { ...base, gameType: 'LIVE', vendorGameType: 'LIVE', walletMode: 'seamless', hasDemo: true } as const;
    const kindOf = (nameEn: string) => launchPlan({ ...live, nameEn }, 'member').kind;
    expect(kindOf('Roulette A')).toBe('roulette');
    expect(kindOf('European Roulette')).toBe('roulette');
    expect(kindOf('American Roulette')).toBe('american-roulette');
    expect(kindOf('No Commission Baccarat')).toBe('no-commission-baccarat');
    expect(kindOf('Speed Baccarat')).toBe('baccarat');
    expect(kindOf('Dragon Tiger')).toBe('baccarat');
    const rng = { ...base, gameType: 'RNG', vendorGameType: 'RNG', walletMode: 'seamless', hasDemo: true } as const;
    expect(launchPlan({ ...rng, nameEn: 'Jet 3' }, 'member').kind).toBe('crash');
    expect(launchPlan({ ...rng, nameEn: 'Balloon' }, 'member').kind).toBe('crash');
    expect(launchPlan({ ...rng, nameEn: 'Jetstream Riches' }, 'member').kind).toBe('slot');
    const fish = { ...base, gameType: 'FISH', vendorGameType: 'FISH', walletMode: 'seamless', hasDemo: true } as const;
    expect(launchPlan({ ...fish, nameEn: 'Ocean King' }, 'member').kind).toBe('fishing');
    const url = buildLaunchUrl({
      host: 'https://h.example/',
      plan: { mode: 'demo', demoReason: 'FREE_DEMO', kind: 'slot' },
      game: { ...base, gameType: 'RNG', vendorGameType: 'RNG', walletMode: 'seamless', hasDemo: true },
      token: 'secret-token-not-for-demo',
      lang: 'BN',
      imageHost: '/cdn/img-a',
      backUrl: undefined,
    });
    expect(url).not.toContain('secret-token');
    expect(url.startsWith('https://h.example/house/play?vendor=V&game=g&lang=BN&mode=demo')).toBe(true);
  });
});

describe(`rooms, live models and chat (${testDbKind})`, () => {
  it('lists a PVP vendor’s rooms with bet limits, deterministically, and refuses other vendors', async () => {
    const get = (vendor: string, language = 'EN') =>
      t.app.inject({ method: 'GET', url: `${PLAY_PATHS.roomList}?vendor=${vendor}&language=${language}`, headers: H() });
    const first = await get('KM');
    expect(first.statusCode, first.body).toBe(200);
    const rooms = first.json().value.list;
    expect(rooms).toHaveLength(4);
    for (const r of rooms) expect(BigInt(r.minBet)).toBeLessThan(BigInt(r.maxBet));
    expect(rooms[0]).toMatchObject({ roomId: 'KM-1', minBet: '1000', maxBet: '100000' });
    expect((await get('KM')).json().value).toEqual(first.json().value);
    expect((await get('KM', 'BN')).json().value.list[0].name).toContain('নবীন');
    expect((await get('PG')).json().code).toBe('GAME_NOT_FOUND');
  });

  it('lists live models and opens a model’s table as the chat (members only)', async () => {
    const list = await t.app.inject({ method: 'GET', url: `${PLAY_PATHS.modelList}?vendor=EVO&language=EN`, headers: H() });
    expect(list.statusCode, list.body).toBe(200);
    const models = list.json().value.list;
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m: { vendor: string }) => m.vendor === 'EVO')).toBe(true);
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const chat = (token: string | undefined, modelId: string) =>
      t.app.inject({ method: 'POST', url: PLAY_PATHS.launchChat, headers: H(token), payload: { modelId } });
    expect((await chat(undefined, models[0].modelId)).json().code).toBe('NOT_LOGGED_IN');
    const opened = await chat(m.token, models[0].modelId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().value.nodeId).toBe(models[0].nodeId);
    expect(new URL(opened.json().value.chatUrl, 'http://x.invalid').searchParams.get('mode')).toBe('real');
    expect((await chat(m.token, `M${games.slot.nodeId}`)).json().code).toBe('GAME_NOT_FOUND');
  });
});
