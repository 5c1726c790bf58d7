import { randomUUID } from 'node:crypto';
import { BACKOFFICE_PATHS } from '@playfront/contract/console-backoffice';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { dispatchOnce } from '../../infra/outbox/money-outbox.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { bodies, type DemoGames, demoGames, fundedMember, HOUSE_SECRET, launchToken, providerCall, txId } from '../play/play.fixtures.ts';
import { GAME_REPORT_CONSUMER, gameReportConsumer } from '../reports/game-report-consumer.ts';
import { consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * The report by game category and by vendor (decision 059): real bets, wins and rollbacks through the provider
 * wallet API in two vendors and two categories, read back over the console API from the rollup the outbox keeps.
 */
let database: TestDatabase;
let t: TestApp;
let finance: SignedInStaff;
let support: SignedInStaff;
let games: DemoGames;
let types: { slot: string; live: string };

const DAY_MS = 86_400_000;
const brandDay = (at: number) => new Date(at + 6 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(
    database,
    { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000', HOUSE_PROVIDER_SECRET: HOUSE_SECRET },
    makeClock(new Date()),
  );
  await t.app.ready();
  // The outbox runs only when a test drains it, so a batch can be made to fail on purpose.
  await t.app.moneyOutbox?.stop();
  finance = await signedInStaff(t, 'finance');
  t.clock.advance(30_000);
  support = await signedInStaff(t, 'support');
  games = await demoGames(database.db);
  const typeOf = async (g: { vendor: string; gameCode: string }) =>
    (
      await database.db
        .selectFrom('game')
        .select('game_type')
        .where('vendor_code', '=', g.vendor)
        .where('game_code', '=', g.gameCode)
        .executeTakeFirstOrThrow()
    ).game_type;
  types = { slot: await typeOf(games.slot), live: await typeOf(games.live) };
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const report = (query: string, token = finance.token) => consoleCall(t, 'GET', `${BACKOFFICE_PATHS.reportGames}?${query}`, token);

describe(`report by game category and vendor (${testDbKind})`, () => {
  it('sums bets, wins, GGR, counts and players per category and per vendor; repeats and a failed batch count once', async () => {
    expect(types.slot).not.toBe(types.live);
    const a = await fundedMember(database.db, t.clock.now, 100_000n);
    const b = await fundedMember(database.db, t.clock.now, 100_000n);

    // A: a slot round (bet 20.00, win 7.00) and a live round (bet 10.00, win 30.00), every call sent twice.
    const aSlotLaunch = await launchToken(t, a.token, games.slot.nodeId);
    const aSlot = bodies(aSlotLaunch, games.slot.gameCode);
    const r1 = `round-${randomUUID()}`;
    for (const [call, body] of [
      ['bet', aSlot.bet(r1, '2000', 'a-bet-1')],
      ['win', aSlot.win(r1, '700', 'a-win-1', true)],
    ] as const)
      for (let i = 0; i < 2; i++) {
        const res = await providerCall(t, games.slot.vendor, call, body);
        expect(res.statusCode, res.body).toBe(200);
      }
    const aLive = bodies(await launchToken(t, a.token, games.live.nodeId), games.live.gameCode);
    const r2 = `round-${randomUUID()}`;
    expect((await providerCall(t, games.live.vendor, 'bet', aLive.bet(r2, '1000'))).statusCode).toBe(200);
    expect((await providerCall(t, games.live.vendor, 'win', aLive.win(r2, '3000', txId('win'), true))).statusCode).toBe(200);

    // B: a slot round with a bet of 5.00 and no win, and a second round whose 3.00 bet is rolled back.
    const bSlot = bodies(await launchToken(t, b.token, games.slot.nodeId), games.slot.gameCode);
    const r3 = `round-${randomUUID()}`;
    const r4 = `round-${randomUUID()}`;
    expect((await providerCall(t, games.slot.vendor, 'bet', bSlot.bet(r3, '500'))).statusCode).toBe(200);
    expect((await providerCall(t, games.slot.vendor, 'win', bSlot.win(r3, '0', txId('win'), true))).statusCode).toBe(200);
    expect((await providerCall(t, games.slot.vendor, 'bet', bSlot.bet(r4, '300', 'b-bet-4'))).statusCode).toBe(200);
    expect((await providerCall(t, games.slot.vendor, 'rollback', bSlot.rollback(r4, 'b-bet-4'))).statusCode).toBe(200);

    // A batch that fails after the rollup was written (a crash before the position moved) leaves nothing behind.
    const crashing = {
      name: GAME_REPORT_CONSUMER,
      apply: async (...args: Parameters<NonNullable<typeof gameReportConsumer.apply>>) => {
        await gameReportConsumer.apply!(...args);
        throw new Error('crash after the rollup');
      },
    };
    await expect(dispatchOnce(database.db, crashing)).rejects.toThrow('crash after the rollup');
    const { rows } = await sql<{ n: string }>`select count(*) as n from game_report_daily`.execute(database.db);
    expect(Number(rows[0]!.n)).toBe(0);
    await t.app.moneyOutbox?.drain();
    // Drained again: nothing is counted twice.
    await t.app.moneyOutbox?.drain();

    const now = Date.now();
    const range = `from=${brandDay(now - DAY_MS)}&to=${brandDay(now + DAY_MS)}`;
    const byCategory = (await report(`by=category&${range}&sort=bets&order=desc`)).json().value;
    expect(byCategory).toMatchObject({ by: 'category', total: 2, timezone: 'UTC+06:00', currency: 'BDT' });
    expect(byCategory.list).toEqual([
      { key: types.slot, name: null, bets: '2500', wins: '700', ggr: '1800', betCount: 2, rounds: 2, players: 2 },
      { key: types.live, name: null, bets: '1000', wins: '3000', ggr: '-2000', betCount: 1, rounds: 1, players: 1 },
    ]);
    expect(byCategory.totals).toEqual({ bets: '3500', wins: '3700', ggr: '-200', betCount: 3, rounds: 3, players: 2 });

    const byVendor = (await report(`by=vendor&${range}&sort=ggr&order=asc&pageSize=1`)).json().value;
    expect(byVendor).toMatchObject({ by: 'vendor', total: 2, pageNo: 1, pageSize: 1 });
    expect(byVendor.list).toEqual([
      expect.objectContaining({ key: games.live.vendor, bets: '1000', wins: '3000', ggr: '-2000', players: 1 }),
    ]);
    expect(byVendor.list[0].name).toEqual(expect.any(String));
    const page2 = (await report(`by=vendor&${range}&sort=ggr&order=asc&pageSize=1&pageNo=2`)).json().value;
    expect(page2.list).toEqual([expect.objectContaining({ key: games.slot.vendor, bets: '2500', ggr: '1800', players: 2 })]);

    // The CSV holds every row of the report.
    const csv = await consoleCall(t, 'GET', `${BACKOFFICE_PATHS.reportGamesCsv}?by=vendor&${range}&sort=key&order=asc`, finance.token);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('vendor,vendor_name,bets_minor,wins_minor,ggr_minor,bets,rounds,players');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.startsWith(`"${games.live.vendor}"`) && l.endsWith('"1000","3000","-2000","1","1","1"'))).toBe(true);

    // The books are untouched by the report.
    expect((await auditLedger(database.db)).violations).toEqual([]);
    // Support staff have no reports permission.
    expect((await report(`by=category&${range}`, support.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
  });

  it('counts an event on the brand day it happened in (UTC+6): 17:59:59 UTC and 18:00 UTC are two days', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    const ref = { vendor: games.slot.vendor, gameCode: games.slot.gameCode, roundId: `edge-${randomUUID()}` };
    for (const [at, amount] of [
      ['2026-03-09T17:59:59.999Z', -100n],
      ['2026-03-09T18:00:00.000Z', -40n],
    ] as const) {
      await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference, created_at)
        values (${m.memberId}, 'BET', ${amount}, 0, 'BDT', ${`provider:${games.slot.vendor}`}, ${JSON.stringify(ref)}::jsonb, ${at})`.execute(
        database.db,
      );
    }
    await t.app.moneyOutbox?.drain();
    const day = async (from: string, to: string) => (await report(`by=category&from=${from}&to=${to}`)).json().value;
    const first = await day('2026-03-09', '2026-03-09');
    // No round in game_round: the category comes from the catalogue.
    expect(first.list).toEqual([expect.objectContaining({ key: types.slot, bets: '100', betCount: 1, players: 1 })]);
    expect((await day('2026-03-10', '2026-03-10')).list).toEqual([expect.objectContaining({ key: types.slot, bets: '40', players: 1 })]);
    const both = await day('2026-03-09', '2026-03-10');
    // One player over the two days, counted once.
    expect(both.totals).toMatchObject({ bets: '140', betCount: 2, players: 1 });
    expect((await day('2026-03-08', '2026-03-08')).total).toBe(0);
    expect((await report('by=category&from=2026-03-11&to=2026-03-08')).json().code).toBe('VALIDATION');
    expect((await report('by=game&from=2026-03-08&to=2026-03-08')).json().code).toBe('VALIDATION');
  });
});
