import { LOTTERY_PAGE_PATH, LOTTERY_PLATFORM_PATHS } from '@playfront/contract/lottery';
import { sameLotteryResult, verifyDraw } from '@playfront/contract/lottery-fair';
import { PLAY_PATHS } from '@playfront/contract/play-paths';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean, H } from '../../server/src/features/play/play.fixtures.ts';
import { DEFAULT_GAMES } from './games/config.ts';
import { hitsOf, payoutOf } from './games/grade.ts';
import type { LotteryService } from './service.ts';
import { type Json, type LotteryPlatform, lotteryClock, lottoApi, startLottery, startPlatform } from './testing/platform.ts';

/**
 * The lottery against a real platform over HTTP (project `lottery`: PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * the launch, a slip, the draw and its settlement, refusals, limits, two instances settling one draw once, a win
 * whose answer was lost (a crash after the wallet took it) repeated once, and a voided draw refunding every slip.
 */
let platform: LotteryPlatform;
const clock = lotteryClock();
const apps: FastifyInstance[] = [];
let A: { origin: string; service: LotteryService };
let B: { origin: string; service: LotteryService };

beforeAll(async () => {
  platform = await startPlatform();
  const a = await startLottery(platform, { now: clock.now, leaseMs: 1000 });
  const b = await startLottery(platform, { now: clock.now, leaseMs: 1000 });
  apps.push(a.app, b.app);
  A = a;
  B = b;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await platform?.close();
});

async function openSession(origin: string, funds: bigint, lang = 'en') {
  const m = await platform.member(funds);
  const opened = await lottoApi(origin, 'session', null, { vendor: 'ELOTT', token: m.launchToken, lang });
  expect(opened.json, JSON.stringify(opened.json)).toMatchObject({ ok: true });
  return { ...m, session: opened.json.session as string };
}

async function currentDraw(origin: string, session: string, game = 'ELOTT_1') {
  const answer = await lottoApi(origin, `games/${game}/draws/current`, session);
  expect(answer.json, JSON.stringify(answer.json)).toMatchObject({ ok: true });
  return answer.json.draw as Json;
}

let requestSeq = 0;
const requestId = () => `req-${Date.now()}-${++requestSeq}`;

/** Moves the lottery clock past a draw and runs one pass on the given instances at once. */
async function drawAndSettle(draw: Json, ...instances: LotteryService[]) {
  clock.set(Math.max(clock.now(), Date.parse(draw.drawsAt) + 1));
  await Promise.all(instances.map((s) => s.tick()));
  // Later passes close the draw; a call that got no answer (a slow machine) is repeated once its lease passes.
  for (let pass = 0; pass < 5 && (await instances[0]?.store.draw(draw.drawId))?.status !== 'settled'; pass++) {
    await Promise.all(instances.map((s) => s.tick()));
    clock.advance(1100);
  }
}

describe('a member plays a fast draw for real money', () => {
  it('launches into the lottery page, places a slip (a repeat charges once), is paid after the draw, and the draw verifies', async () => {
    const start = 100_000n;
    const m = await platform.member(start);
    const url = new URL(m.url, 'http://site.invalid');
    // On one of the brand's launch hosts (the demo brand's are aliases of the site: /launch/a/lotto/play redirects).
    expect(url.pathname).toMatch(new RegExp(`^/launch/[ab]${LOTTERY_PAGE_PATH}$`));
    const alias = await fetch(`${platform.origin}${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(alias.status).toBe(302);
    expect(alias.headers.get('location')).toBe(`${LOTTERY_PAGE_PATH}${url.search}`);
    expect(url.searchParams.get('vendor')).toBe('ELOTT');
    expect(url.searchParams.get('view')).toBe('betting');
    expect(url.searchParams.get('game')).toMatch(/^(ELOTT_[135]|KENO_5)$/);

    const opened = await lottoApi(A.origin, 'session', null, { vendor: 'ELOTT', token: m.launchToken });
    expect(opened.json).toMatchObject({ ok: true, currency: 'BDT', balance: String(start), language: 'en' });
    expect(opened.json.games.slice(0, 3)).toEqual(['ELOTT_1', 'ELOTT_3', 'ELOTT_5']);
    // A reload of the page opens the same launch again (the platform opens a token once; the lottery remembers it).
    const reopened = await lottoApi(B.origin, 'session', null, { vendor: 'ELOTT', token: m.launchToken });
    expect(reopened.json).toMatchObject({ ok: true, balance: String(start) });
    const session = opened.json.session as string;

    const games = (await lottoApi(A.origin, 'games', session)).json;
    const fast = games.games.find((g: Json) => g.code === 'ELOTT_1');
    expect(fast.betTypes.map((b: Json) => b.code)).toEqual(['P3_EXACT', 'P3_BIG_SMALL', 'P3_ODD_EVEN', 'P3_SUM']);
    expect(fast.betTypes[1]).toMatchObject({ odds: '1.95', rtp: '97.50', limits: { minStake: '1000' } });

    const draw = await currentDraw(A.origin, session);
    expect(draw).toMatchObject({ status: 'open', serverSeed: null, result: null });
    expect(draw.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(draw.closesAt)).toBeLessThanOrEqual(Date.parse(draw.drawsAt) - 10_000);

    const body = {
      game: 'ELOTT_1',
      drawId: draw.drawId,
      requestId: requestId(),
      lines: [
        { betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '2000' },
        { betType: 'P3_ODD_EVEN', numbers: ['ODD'], stake: '1000' },
        { betType: 'P3_EXACT', numbers: ['123'], stake: '1000' },
      ],
    };
    const placed = await lottoApi(A.origin, 'slips', session, body);
    expect(placed.json, JSON.stringify(placed.json)).toMatchObject({
      ok: true,
      balance: String(start - 4000n),
      slip: { status: 'open', totalStake: '4000' },
    });
    const repeat = await lottoApi(B.origin, 'slips', session, body);
    expect(repeat.json.slip.slipId).toBe(placed.json.slip.slipId);
    expect(await platform.balance(m.memberId)).toBe(start - 4000n);
    expect((await lottoApi(A.origin, 'slips?status=open', session)).json.slips.map((s: Json) => s.slipId)).toEqual([
      placed.json.slip.slipId,
    ]);

    await drawAndSettle(draw, A.service);
    const settled = (await lottoApi(A.origin, 'slips?status=settled', session)).json.slips;
    expect(settled).toHaveLength(1);
    const slip = settled[0];
    expect(slip.status).toBe('settled');

    const verify = (await lottoApi(B.origin, `verify/${encodeURIComponent(draw.drawId)}`, null)).json;
    expect(verify).toMatchObject({ ok: true, format: 'PICK3', serverSeedHash: draw.serverSeedHash, publicData: draw.publicData });
    const checked = verifyDraw({
      format: 'PICK3',
      serverSeed: verify.serverSeed,
      serverSeedHash: draw.serverSeedHash,
      publicData: draw.publicData,
    });
    expect(checked.hashMatches).toBe(true);
    expect(checked.result && sameLotteryResult(checked.result, verify.result)).toBe(true);

    // The payout is what the paytable gives for that result, and it reached the member's wallet once.
    const config = DEFAULT_GAMES.find((g) => g.code === 'ELOTT_1');
    let expected = 0n;
    for (const line of body.lines) {
      const betType = config?.betTypes.find((b) => b.code === line.betType);
      if (betType) expected += payoutOf(betType, line.numbers, BigInt(line.stake), hitsOf(betType.code, line.numbers, verify.result));
    }
    expect(slip.totalPayout).toBe(String(expected));
    expect(await platform.balance(m.memberId)).toBe(start - 4000n + expected);
    const results = (await lottoApi(A.origin, 'games/ELOTT_1/results?limit=5', session)).json;
    expect(results.draws[0]).toMatchObject({
      drawId: draw.drawId,
      serverSeed: verify.serverSeed,
      verifyUrl: expect.stringContaining('/lotto/verify?draw='),
    });
    await expectLedgerClean(platform.database.db);
  });

  it('refuses a slip after betting closed, in the session language, and charges nothing', async () => {
    const m = await openSession(A.origin, 50_000n, 'bn');
    const draw = await currentDraw(A.origin, m.session);
    clock.set(Date.parse(draw.closesAt));
    const late = await lottoApi(A.origin, 'slips', m.session, {
      game: 'ELOTT_1',
      drawId: draw.drawId,
      requestId: requestId(),
      lines: [{ betType: 'P3_BIG_SMALL', numbers: ['SMALL'], stake: '1000' }],
    });
    expect(late.status).toBe(409);
    expect(late.json).toMatchObject({ ok: false, code: 'DRAW_CLOSED', message: expect.stringContaining('বন্ধ') });
    expect(await platform.balance(m.memberId)).toBe(50_000n);
    // The next draw takes bets.
    const next = await currentDraw(A.origin, m.session);
    expect(next.drawId).not.toBe(draw.drawId);
  });

  it('refuses bad lines and limits with clear codes, and changes nothing', async () => {
    const m = await openSession(A.origin, 10_000_000n);
    const other = await openSession(B.origin, 10_000_000n);
    const draw = await currentDraw(A.origin, m.session);
    const slip = (session: string, lines: Json[]) =>
      lottoApi(A.origin, 'slips', session, { game: 'ELOTT_1', drawId: draw.drawId, requestId: requestId(), lines });
    expect((await slip(m.session, [{ betType: 'P3_SUM', numbers: ['28'], stake: '1000' }])).json.code).toBe('BAD_NUMBERS');
    expect((await slip(m.session, [{ betType: 'LO2', numbers: ['12'], stake: '1000' }])).json.code).toBe('BAD_BET_TYPE');
    const low = (await slip(m.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '999' }])).json;
    expect(low).toMatchObject({ code: 'STAKE_TOO_LOW', message: 'The stake of each line must be at least 10.00.' });
    expect((await slip(m.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000001' }])).json.code).toBe('STAKE_TOO_HIGH');
    // Per number: 2,000,000 of one member's stake on BIG in one draw.
    expect((await slip(m.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000000' }])).json.ok).toBe(true);
    expect((await slip(m.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000000' }])).json.ok).toBe(true);
    expect((await slip(m.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000' }])).json.code).toBe('NUMBER_LIMIT');
    // House exposure: 100,000,000 of worst-case payout on one exact number (×950): 60,000 fits once, not twice.
    expect((await slip(m.session, [{ betType: 'P3_EXACT', numbers: ['777'], stake: '60000' }])).json.ok).toBe(true);
    const sold = (await slip(other.session, [{ betType: 'P3_EXACT', numbers: ['777'], stake: '60000' }])).json;
    expect(sold).toMatchObject({
      code: 'EXPOSURE_LIMIT',
      message: '777 is sold out for this draw. Choose another number or the next draw.',
    });
    // A refused slip releases what it had reserved: the other member's stake on 778 in the same slip is still free.
    expect((await slip(other.session, [{ betType: 'P3_EXACT', numbers: ['778'], stake: '60000' }])).json.ok).toBe(true);
    expect(await platform.balance(m.memberId)).toBe(10_000_000n - 2_060_000n);
    expect(await platform.balance(other.memberId)).toBe(10_000_000n - 60_000n);
    const poor = await openSession(A.origin, 500n);
    expect((await slip(poor.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '1000' }])).json).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      balance: '500',
    });
    await drawAndSettle(draw, A.service);
    await expectLedgerClean(platform.database.db);
  });
});

describe('the platform shows lottery results and rounds', () => {
  it('answers the VN menu, recent lottery and opened numbers from the draws, and names the round in the betting record', async () => {
    const m = await openSession(A.origin, 20_000n);
    const draw = await currentDraw(A.origin, m.session);
    const placed = await lottoApi(A.origin, 'slips', m.session, {
      game: 'ELOTT_1',
      drawId: draw.drawId,
      requestId: requestId(),
      lines: [{ betType: 'P3_ODD_EVEN', numbers: ['EVEN'], stake: '1000' }],
    });
    expect(placed.json.ok).toBe(true);
    await drawAndSettle(draw, A.service);
    const get = async (url: string) => (await platform.t.app.inject({ method: 'GET', url, headers: H() })).json();

    const numero = await get(`${LOTTERY_PLATFORM_PATHS.numero}?gameCode=ELOTT_1&limit=3&language=EN`);
    const opened = numero.value.draws.find((d: Json) => d.drawId === draw.drawId);
    const verified = (await lottoApi(A.origin, `verify/${draw.drawId}`, null)).json;
    expect(opened).toMatchObject({ name: 'Fast 3 · 1 min', numbers: verified.result.digits.map(String), prizes: null });
    expect((await get(`${LOTTERY_PLATFORM_PATHS.recentLottery}?limit=50`)).value.draws.map((d: Json) => d.drawId)).toContain(draw.drawId);
    expect((await get(`${LOTTERY_PLATFORM_PATHS.vnNumero}?gameCode=ELOTT_1`)).success).toBe(false);
    const menu = (await get(`${LOTTERY_PLATFORM_PATHS.vnGameMenu}?prizeMode=LOTT&device=WEB&language=BN`)).value;
    expect(menu.games.map((g: Json) => g.gameCode)).toEqual(['VN_NORTH', 'VN_CENTRAL', 'VN_SOUTH']);
    expect(menu.games[0]).toMatchObject({ name: 'উত্তরাঞ্চল লটারি', nextDraw: { serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) } });

    const record = await platform.t.app.inject({
      method: 'GET',
      url: `${PLAY_PATHS.bettingRecord}?language=EN`,
      headers: H(m.sessionToken),
    });
    const round = record.json().value.list.find((r: Json) => r.roundId === `lotto-${placed.json.slip.slipId}`);
    expect(round, record.body).toMatchObject({ gameName: `Fast 3 · 1 min #${draw.drawNumber}`, bet: '1000', status: 'settled' });
  });
});

describe('settlement is once per draw', () => {
  it('two instances settling the same draw at once pay every slip exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => openSession(i % 2 ? A.origin : B.origin, 100_000n)));
    const draw = await currentDraw(A.origin, members[0]!.session);
    const stakes = new Map<number, bigint>();
    for (const [i, m] of members.entries()) {
      for (let k = 0; k < 5; k++) {
        const placed = await lottoApi(k % 2 ? A.origin : B.origin, 'slips', m.session, {
          game: 'ELOTT_1',
          drawId: draw.drawId,
          requestId: requestId(),
          lines: [
            { betType: 'P3_BIG_SMALL', numbers: [k % 2 ? 'BIG' : 'SMALL'], stake: '1000' },
            { betType: 'P3_SUM', numbers: [String((i * 5 + k) % 28)], stake: '1000' },
          ],
        });
        expect(placed.json.ok, JSON.stringify(placed.json)).toBe(true);
        stakes.set(m.memberId, (stakes.get(m.memberId) ?? 0n) + 2000n);
      }
    }
    const winsBefore = A.service.calls.win + B.service.calls.win;
    await drawAndSettle(draw, A.service, B.service);
    // At least one win call per slip (a repeat after a lost answer is the same transaction); the balances below show once.
    expect(A.service.calls.win + B.service.calls.win - winsBefore).toBeGreaterThanOrEqual(30);
    expect(await A.service.store.slipCounts(draw.drawId)).toEqual({ settled: 30 });
    expect((await A.service.store.draw(draw.drawId))?.status).toBe('settled');
    for (const m of members) {
      const slips = (await lottoApi(A.origin, 'slips?status=settled', m.session)).json.slips as Json[];
      const paid = slips.filter((s) => s.drawId === draw.drawId).reduce((sum, s) => sum + BigInt(s.totalPayout), 0n);
      expect(await platform.balance(m.memberId)).toBe(100_000n - (stakes.get(m.memberId) ?? 0n) + paid);
    }
    await expectLedgerClean(platform.database.db);
  });

  it('a win whose answer was lost (the instance died after the wallet took it) is repeated by the other instance and paid once', async () => {
    const clockC = clock.now;
    // C's wallet calls reach the platform, but C never hears the answer of a win: as if it died right after sending.
    const deaf: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith('/win')) throw new Error('connection lost');
      return response;
    };
    const c = await startLottery(platform, { now: clockC, leaseMs: 1000, fetch: deaf });
    apps.push(c.app);
    const m = await openSession(c.origin, 100_000n);
    const draw = await currentDraw(c.origin, m.session);
    const placed = await lottoApi(c.origin, 'slips', m.session, {
      game: 'ELOTT_1',
      drawId: draw.drawId,
      requestId: requestId(),
      lines: [
        { betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '5000' },
        { betType: 'P3_BIG_SMALL', numbers: ['SMALL'], stake: '5000' },
      ],
    });
    expect(placed.json.ok).toBe(true);
    clock.set(Date.parse(draw.drawsAt) + 1);
    await c.service.tick();
    // C sent the win (the platform credited it) but could not move the slip: it stays owed, leased to C.
    const slipId = placed.json.slip.slipId as string;
    expect((await c.service.store.slip(slipId))?.status).toBe('winning');
    const payout = (await c.service.store.slip(slipId))?.totalPayout ?? 0n;
    expect(payout).toBe(9750n);
    expect(await platform.balance(m.memberId)).toBe(100_000n - 10_000n + payout);
    // Before the lease passes the other instance leaves it alone; after it, A repeats the same win: paid once.
    await A.service.tick();
    expect((await c.service.store.slip(slipId))?.status).toBe('winning');
    clock.advance(1500);
    await A.service.tick();
    await A.service.tick();
    expect((await c.service.store.slip(slipId))?.status).toBe('settled');
    expect((await c.service.store.draw(draw.drawId))?.status).toBe('settled');
    expect(await platform.balance(m.memberId)).toBe(100_000n - 10_000n + payout);
    await expectLedgerClean(platform.database.db);
  });

  it('a voided draw refunds every slip by rollback, once, and then takes no bets', async () => {
    const members = await Promise.all([openSession(A.origin, 30_000n), openSession(B.origin, 30_000n)]);
    const draw = await currentDraw(A.origin, members[0].session, 'ELOTT_3');
    for (const m of members) {
      for (let k = 0; k < 3; k++) {
        const placed = await lottoApi(A.origin, 'slips', m.session, {
          game: 'ELOTT_3',
          drawId: draw.drawId,
          requestId: requestId(),
          lines: [{ betType: 'P3_ODD_EVEN', numbers: ['EVEN'], stake: '3000' }],
        });
        expect(placed.json.ok).toBe(true);
      }
      expect(await platform.balance(m.memberId)).toBe(21_000n);
    }
    expect(await A.service.voidDraw(draw.drawId)).toBe(true);
    expect(await B.service.voidDraw(draw.drawId)).toBe(false);
    await Promise.all([A.service.tick(), B.service.tick()]);
    for (let pass = 0; pass < 5 && (await A.service.store.slipCounts(draw.drawId)).voiding; pass++) {
      clock.advance(1100);
      await Promise.all([A.service.tick(), B.service.tick()]);
    }
    expect(await A.service.store.slipCounts(draw.drawId)).toEqual({ void: 6 });
    for (const m of members) {
      expect(await platform.balance(m.memberId)).toBe(30_000n);
      const slips = (await lottoApi(B.origin, 'slips?status=settled', m.session)).json.slips as Json[];
      expect(slips.filter((s) => s.drawId === draw.drawId).map((s) => [s.status, s.totalPayout])).toEqual([
        ['void', '3000'],
        ['void', '3000'],
        ['void', '3000'],
      ]);
    }
    const late = await lottoApi(A.origin, 'slips', members[0].session, {
      game: 'ELOTT_3',
      drawId: draw.drawId,
      requestId: requestId(),
      lines: [{ betType: 'P3_ODD_EVEN', numbers: ['EVEN'], stake: '3000' }],
    });
    expect(late.json.code).toBe('DRAW_CLOSED');
    await expectLedgerClean(platform.database.db);
  });
});
