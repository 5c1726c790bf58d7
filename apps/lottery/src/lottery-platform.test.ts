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

describe('the lottery mission summary and leaderboard (spec section 7)', () => {
  it('ranks the brand by lottery winnings of the day, names masked, and sums up the missions lottery play advances', async () => {
    const db = platform.database.db;
    const brand = await db.selectFrom('brand').select('id').where('merchant_code', '=', 'PFBD').executeTakeFirstOrThrow();
    const mission = await db
      .insertInto('mission')
      .values({
        brand_id: brand.id,
        code: `lotto-${requestId()}`,
        period: 'daily',
        goal: 'wager',
        category: 'lottery',
        target: 5_000n,
        reward_amount: 1_000n,
        title_en: 'Stake 50.00 on the lottery',
        title_bn: 'লটারিতে ৫০.০০ বাজি ধরুন',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slotsOnly = await db
      .insertInto('mission')
      .values({
        brand_id: brand.id,
        code: `slots-${requestId()}`,
        period: 'daily',
        goal: 'wager',
        category: 'slots',
        target: 5_000n,
        title_en: 'Stake 50.00 on slots',
        title_bn: 'স্লটে ৫০.০০ বাজি ধরুন',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const big = await openSession(A.origin, 200_000n);
    const small = await openSession(A.origin, 200_000n);
    const draw = await currentDraw(A.origin, big.session);
    const place = (session: string, stake: string) =>
      lottoApi(A.origin, 'slips', session, {
        game: 'ELOTT_1',
        drawId: draw.drawId,
        requestId: requestId(),
        lines: [
          { betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake },
          { betType: 'P3_BIG_SMALL', numbers: ['SMALL'], stake },
        ],
      });
    expect((await place(big.session, '50000')).json.ok).toBe(true);
    expect((await place(small.session, '3000')).json.ok).toBe(true);
    await drawAndSettle(draw, A.service);
    await platform.t.app.moneyOutbox?.drain();
    await platform.t.app.moneyOutbox?.drain();

    const board = await platform.t.app.inject({
      method: 'GET',
      url: `${LOTTERY_PLATFORM_PATHS.leaderboard}?board=daily&limit=50`,
      headers: H(),
    });
    expect(board.statusCode, board.body).toBe(200);
    const entries = board.json().value.entries as Json[];
    const bigRank = entries.findIndex((e) => e.won === String(97_500n) && e.rounds >= 1);
    const smallRank = entries.findIndex((e) => e.won === String(5_850n));
    expect(bigRank, board.body).toBeGreaterThanOrEqual(0);
    expect(smallRank).toBeGreaterThan(bigRank);
    expect(entries[bigRank].name).toContain('****');
    expect(entries.map((e) => e.rank)).toEqual(entries.map((_, i) => i + 1));
    expect(Date.parse(board.json().value.endsAt)).toBeGreaterThan(Date.now() - 86_400_000);

    const summary = await platform.t.app.inject({
      method: 'GET',
      url: `${LOTTERY_PLATFORM_PATHS.missionSummary}?language=BN`,
      headers: H(big.sessionToken),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const value = summary.json().value;
    const ids = (value.missions as Json[]).map((m) => m.id);
    expect(ids).toContain(mission.id);
    expect(ids).not.toContain(slotsOnly.id);
    // The slip's 1,000.00 stake completed the lottery mission of 50.00.
    expect((value.missions as Json[]).find((m) => m.id === mission.id)).toMatchObject({
      title: 'লটারিতে ৫০.০০ বাজি ধরুন',
      state: 'claimable',
      percent: 100,
    });
    expect(value.claimableCount).toBeGreaterThanOrEqual(1);
    expect(value.totalCount).toBe(ids.length);
    expect((await platform.t.app.inject({ method: 'GET', url: LOTTERY_PLATFORM_PATHS.missionSummary, headers: H() })).statusCode).toBe(401);
  });
});

describe('each brand plays its own odds, limits and closing time (decision 054)', () => {
  /**
   * A member of a second brand: a new brand row, and the member's launch made under it (the launch session's
   * brand is what the wallet's authenticate answers; the catalogue of a second brand is not what is tested here).
   */
  async function memberOfBrand(merchantCode: string, funds: bigint) {
    const db = platform.database.db;
    let brand = await db.selectFrom('brand').select('id').where('merchant_code', '=', merchantCode).executeTakeFirst();
    brand ??= await db
      .insertInto('brand')
      .values({
        merchant_code: merchantCode,
        name: `Brand ${merchantCode}`,
        languages: ['EN', 'BN'],
        default_language: 'EN',
        currency: 'BDT',
        currency_symbol: '৳',
        main_domain: `${merchantCode.toLowerCase()}.localhost`,
        agent_account_types: [1],
        trial_account_type: 4,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await platform.member(funds);
    await db.updateTable('game_launch_session').set({ brand_id: brand.id }).where('member_id', '=', m.memberId).execute();
    const opened = await lottoApi(A.origin, 'session', null, { vendor: 'ELOTT', token: m.launchToken, lang: 'en' });
    expect(opened.json, JSON.stringify(opened.json)).toMatchObject({ ok: true });
    return { ...m, session: opened.json.session as string };
  }

  /** The default games with ELOTT_1's big/small odds and closing time changed (a brand's own configuration). */
  const withFast = (odds1000: number, closeBeforeSeconds: number, maxStake?: bigint) =>
    DEFAULT_GAMES.map((g) =>
      g.code !== 'ELOTT_1'
        ? g
        : {
            ...g,
            closeBeforeSeconds,
            betTypes: g.betTypes.map((b) =>
              b.code === 'P3_BIG_SMALL' ? { ...b, odds1000, rtpBp: odds1000 * 5, ...(maxStake ? { maxStake } : {}) } : b,
            ),
          },
    );

  it('pays each brand at its own odds, fixed when the slip was taken, and closes betting at its own time', async () => {
    await A.service.store.seedConfigs('PF2', withFast(1900, 30, 50_000n));
    A.service.forgetConfigs();
    const demo = await openSession(A.origin, 100_000n);
    const other = await memberOfBrand('PF2', 100_000n);
    const oddsOf = async (session: string) =>
      ((await lottoApi(A.origin, 'games', session)).json.games as Json[])
        .find((g) => g.code === 'ELOTT_1')
        .betTypes.find((b: Json) => b.code === 'P3_BIG_SMALL');
    expect(await oddsOf(demo.session)).toMatchObject({ odds: '1.95', limits: { maxStake: '1000000' } });
    expect(await oddsOf(other.session)).toMatchObject({ odds: '1.9', limits: { maxStake: '50000' } });

    const draw = await currentDraw(A.origin, demo.session);
    const otherDraw = await currentDraw(A.origin, other.session);
    // The draw is the same public event; the second brand closes its betting 30 s before it, the default 10 s.
    expect(otherDraw.drawId).toBe(draw.drawId);
    expect(Date.parse(otherDraw.closesAt)).toBe(Date.parse(draw.drawsAt) - 30_000);
    expect(Date.parse(draw.closesAt)).toBe(Date.parse(draw.drawsAt) - 10_000);
    const lines = [
      { betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '10000' },
      { betType: 'P3_BIG_SMALL', numbers: ['SMALL'], stake: '10000' },
    ];
    const place = (session: string, l = lines) =>
      lottoApi(A.origin, 'slips', session, { game: 'ELOTT_1', drawId: draw.drawId, requestId: requestId(), lines: l });
    expect((await place(demo.session)).json.ok).toBe(true);
    expect((await place(other.session)).json.ok).toBe(true);
    // The second brand's own limit: 500.00 a line.
    expect((await place(other.session, [{ betType: 'P3_BIG_SMALL', numbers: ['BIG'], stake: '60000' }])).json.code).toBe('STAKE_TOO_HIGH');

    // A later change of the brand's odds does not reach slips already taken.
    await platform.sql.query(
      `update lottery_game_config set config = jsonb_set(config, '{betTypes,1,odds1000}', '1500') where brand = 'PF2' and game_code = 'ELOTT_1'`,
    );
    A.service.forgetConfigs();
    expect(await oddsOf(other.session)).toMatchObject({ odds: '1.5' });

    // 25 s before the draw: closed for the second brand, still open for the default one.
    clock.set(Date.parse(draw.drawsAt) - 25_000);
    expect((await place(other.session)).json.code).toBe('DRAW_CLOSED');
    const late = await place(demo.session, [{ betType: 'P3_ODD_EVEN', numbers: ['ODD'], stake: '1000' }]);
    expect(late.json.ok).toBe(true);

    await drawAndSettle(draw, A.service);
    const paid = async (session: string) =>
      ((await lottoApi(A.origin, 'slips?status=settled', session)).json.slips as Json[])
        .filter((x) => x.drawId === draw.drawId)
        .map((x) =>
          x.lines.filter((l: Json) => l.betType === 'P3_BIG_SMALL').reduce((sum: bigint, l: Json) => sum + BigInt(l.payout ?? '0'), 0n),
        );
    // Exactly one of BIG and SMALL wins: 10,000 × 1.95 for the default brand, × 1.90 for the second.
    expect(await paid(demo.session)).toContain(19_500n);
    expect(await paid(other.session)).toEqual([19_000n]);
    expect(await platform.balance(other.memberId)).toBe(100_000n - 20_000n + 19_000n);
    await expectLedgerClean(platform.database.db);
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
