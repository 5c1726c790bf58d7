import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { PROMOTION_PATHS } from '@playfront/contract/promotions';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { loggedInMember } from '../../src/features/funds/funds.fixtures.ts';
import { deposit, memberWallet } from '../../src/features/ledger/ledger.fixtures.ts';
import { bodies, demoGames, launchToken, PLAY_ENV, providerCall } from '../../src/features/play/play.fixtures.ts';
import { makeClock } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { countingDb } from './counting-db.ts';

/**
 * Issue 20: the round trips a money call makes to the database (each statement, begin and commit), with a
 * budget that fails the test when a change adds one, and the rule that no money transaction notifies
 * (a NOTIFY holds a database-wide lock until commit: notifying transactions commit one at a time).
 *
 * The budgets are today's counts: the session check, then one statement that does the money (ledger_post, or
 * the provider function that calls it). Claiming an earned bonus adds the lookup of the promotion and the entry. Brand, vendor and account ids come from in-process caches (decision 021).
 * A wallet transfer is one: its session was checked by the warm-up call moments before, and the session cache
 * (decision 066) does not read it again; the first call of a session, or one after the cache's 2 s, is two.
 * A provider bet or win is one too: the launch session comes from the provider wallet's cache, and the bet's
 * statement checks again that it may still stake (decision 067).
 */
const BUDGET = { walletTransfer: 1, providerBet: 1, providerWin: 1, claim: 3 } as const;

let database: TestDatabase;
let counting: ReturnType<typeof countingDb>;
let app: FastifyInstance;
const clock = makeClock(new Date());

beforeEach(async () => {
  database = await createTestDatabase();
  counting = countingDb(database);
  // The outbox's and the session cache's polls are slowed so that only the call under test talks to the database,
  // and the cache's entries outlive any stall of a loaded machine between the warm-up call and the measured one.
  const config = loadConfig({
    ...process.env,
    ...PLAY_ENV,
    LOG_LEVEL: 'silent',
    OUTBOX_POLL_MS: '10000',
    SESSION_CHANGE_POLL_MS: '10000',
    SESSION_CACHE_MS: '10000',
  } as NodeJS.ProcessEnv);
  app = await buildApp({ config, db: counting.db, dbKind: database.kind, now: () => clock.now });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await counting.close();
  await database.close();
});

/** The round trips of one call, after a warm-up call of the same kind (caches filled, as under load). */
async function tripsOf(call: () => Promise<{ statusCode: number; body: string }>) {
  const warm = await call();
  expect(warm.statusCode, warm.body).toBe(200);
  counting.trips.length = 0;
  const res = await call();
  expect(res.statusCode, res.body).toBe(200);
  return [...counting.trips];
}

describe(`round trips per money call (${testDbKind})`, () => {
  it(`a wallet transfer: at most ${BUDGET.walletTransfer} round trips, one posting, no notify`, async () => {
    const m = await loggedInMember(database.db, clock.now);
    await deposit(database.db, await memberWallet(database.db, m.memberId), 1_000_000n);
    const trips = await tripsOf(() =>
      app.inject({
        method: 'POST',
        url: FUNDS_PATHS.walletTransfer,
        headers: { authorization: m.token },
        payload: { requestId: randomUUID(), direction: 'IN', vendorCode: 'SBO', amount: '100' },
      }),
    );
    console.log(`[round trips] wallet transfer: ${trips.length}\n  ${trips.map((t) => t.replace(/\s+/g, ' ').slice(0, 100)).join('\n  ')}`);
    expect(trips.filter((t) => /ledger_post/.test(t))).toHaveLength(1);
    expect(trips.filter((t) => /pg_notify|\bnotify\b/i.test(t))).toEqual([]);
    expect(trips.length).toBeLessThanOrEqual(BUDGET.walletTransfer);
  });

  it(`a provider bet: at most ${BUDGET.providerBet} round trip, one statement for the money, no notify`, async () => {
    const { t, b } = await launchedPlayer(1_000_000n);
    let round = 0;
    const trips = await tripsOf(() => providerCall(t, 'PG', 'bet', b.bet(`r-${++round}`, '100')));
    console.log(`[round trips] provider bet: ${trips.length}\n  ${trips.map((t) => t.replace(/\s+/g, ' ').slice(0, 100)).join('\n  ')}`);
    expect(trips.filter((t) => /play_provider_bet/.test(t))).toHaveLength(1);
    expect(trips.filter((t) => /pg_notify|\bnotify\b/i.test(t))).toEqual([]);
    expect(trips.length).toBeLessThanOrEqual(BUDGET.providerBet);
  });

  it(`a provider win: at most ${BUDGET.providerWin} round trip, one statement for the money, no notify`, async () => {
    const { t, b } = await launchedPlayer(1_000_000n);
    for (const round of ['w-1', 'w-2']) expect((await providerCall(t, 'PG', 'bet', b.bet(round, '100'))).statusCode).toBe(200);
    const rounds = ['w-1', 'w-2'];
    const trips = await tripsOf(() => providerCall(t, 'PG', 'win', b.win(rounds.shift()!, '150')));
    console.log(`[round trips] provider win: ${trips.length}\n  ${trips.map((t) => t.replace(/\s+/g, ' ').slice(0, 100)).join('\n  ')}`);
    expect(trips.filter((t) => /play_provider_win/.test(t))).toHaveLength(1);
    expect(trips.filter((t) => /pg_notify|\bnotify\b/i.test(t))).toEqual([]);
    expect(trips.length).toBeLessThanOrEqual(BUDGET.providerWin);
  });

  it('a provider bet writes its transaction row once and a round it opens once; its win adds one row and one round update', async () => {
    // Decision 069: a row written and then rewritten in the same call costs a second write of it and of its indexes.
    await sql`create table row_update (tbl text not null)`.execute(database.db);
    await sql`create function note_row_update() returns trigger language plpgsql as $$
      begin insert into row_update values (tg_table_name); return new; end $$`.execute(database.db);
    for (const table of ['provider_transaction', 'game_round'])
      await sql
        .raw(`create trigger note_update after update on ${table} for each row execute function note_row_update()`)
        .execute(database.db);
    const updates = async () => {
      const { rows } = await sql<{ tbl: string; n: number }>`select tbl, count(*)::int as n from row_update group by tbl`.execute(
        database.db,
      );
      await sql`delete from row_update`.execute(database.db);
      return Object.fromEntries(rows.map((r) => [r.tbl, r.n]));
    };
    const { t, b } = await launchedPlayer(1_000_000n);
    expect((await providerCall(t, 'PG', 'bet', b.bet('once-1', '100'))).statusCode).toBe(200);
    expect(await updates()).toEqual({});
    // A second bet in the round adds to its totals; the win adds its own and settles it.
    expect((await providerCall(t, 'PG', 'bet', b.bet('once-1', '100'))).statusCode).toBe(200);
    expect(await updates()).toEqual({ game_round: 1 });
    expect((await providerCall(t, 'PG', 'win', b.win('once-1', '150'))).statusCode).toBe(200);
    expect(await updates()).toEqual({ game_round: 1 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from provider_transaction where round_id = 'once-1'`.execute(
      database.db,
    );
    expect(rows[0]!.n).toBe(3);
  });

  it(`a provider bet while a bonus is wagered (cash and bonus stakes, the maximum bet): at most ${BUDGET.providerBet} round trip`, async () => {
    const { t, b } = await launchedPlayer(150n, (memberId) => grantBonus(memberId, 1_000_000n));
    let round = 0;
    // The first bet takes the last cash and some bonus; the measured one is all bonus.
    const trips = await tripsOf(() => providerCall(t, 'PG', 'bet', b.bet(`r-${++round}`, '100')));
    console.log(`[round trips] provider bet with a bonus: ${trips.length}`);
    expect(trips.filter((t) => /play_provider_bet/.test(t))).toHaveLength(1);
    expect(trips.length).toBeLessThanOrEqual(BUDGET.providerBet);
  });

  it(`claiming an earned bonus: at most ${BUDGET.claim} round trips, one statement for the money`, async () => {
    const members = [await loggedInMember(database.db, clock.now), await loggedInMember(database.db, clock.now)];
    for (const m of members) await claimableReward(m.memberId, 50_000n);
    let i = 0;
    const trips = await tripsOf(() =>
      app.inject({
        method: 'POST',
        url: PROMOTION_PATHS.claim.replace(':code', 'weekend-reload'),
        headers: { authorization: members[i++]!.token },
      }),
    );
    console.log(`[round trips] bonus claim: ${trips.length}\n  ${trips.map((t) => t.replace(/\s+/g, ' ').slice(0, 100)).join('\n  ')}`);
    expect(trips.filter((t) => /bonus_issue/.test(t))).toHaveLength(1);
    expect(trips.filter((t) => /pg_notify|\bnotify\b/i.test(t))).toEqual([]);
    expect(trips.length).toBeLessThanOrEqual(BUDGET.claim);
  });
});

/** A member with `cash` (and whatever `before` gives them) who launched the demo slot: the provider call bodies. */
async function launchedPlayer(cash: bigint, before?: (memberId: number) => Promise<void>) {
  const games = await demoGames(database.db);
  const m = await loggedInMember(database.db, clock.now);
  await deposit(database.db, await memberWallet(database.db, m.memberId), cash);
  await before?.(m.memberId);
  const t = { app, clock, db: database.db };
  return { t, b: bodies(await launchToken(t, m.token, games.slot.nodeId), games.slot.gameCode) };
}

/** A reward of the weekend reload made claimable for the member (as a qualifying deposit would). */
async function claimableReward(memberId: number, amount: bigint): Promise<bigint> {
  const { rows } = await sql<{ id: string }>`
    insert into promotion_participation (promotion_id, member_id, period_key, state, reward_amount, deposit_amount, created_at, updated_at)
    select id, ${memberId}, 'bench', 'claimable', ${amount}, ${amount}, now(), now() from promotion where code = 'weekend-reload'
    returning id::text`.execute(database.db);
  return BigInt(rows[0]!.id);
}

async function grantBonus(memberId: number, amount: bigint): Promise<void> {
  const id = await claimableReward(memberId, amount);
  await sql`select bonus_issue(${id}, ${amount}, ${amount}, 'claimed', 'system', null, ${clock.now})`.execute(database.db);
}
