import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countingDb } from '../../../test/money/counting-db.ts';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { openPostgres } from '../../db/database.ts';
import { createMember, deposit, memberWallet } from '../../features/ledger/ledger.fixtures.ts';
import { ensureAccount, postTransfers } from '../../features/ledger/ledger.service.ts';
import { moneyHourlyConsumer } from '../../features/reports/money-hourly-consumer.ts';
import { dispatchOnce, dispatchRound, type MoneyEvent, OUTBOX_BATCH, type OutboxConsumer, startMoneyOutbox } from './money-outbox.ts';

/**
 * The money outbox (issue 20 item 2): every member wallet a posting moves gets an event in the posting's
 * transaction; each consumer gets every event once, in order, and a late-committing transaction's event is
 * never passed over.
 */
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const register = (name: string) => sql`insert into outbox_consumer (name) values (${name}) on conflict do nothing`.execute(database.db);

/** A consumer that remembers what it was given. */
function recorder(name: string): OutboxConsumer & { seen: MoneyEvent[] } {
  const seen: MoneyEvent[] = [];
  return { name, seen, afterCommit: (events) => void seen.push(...events) };
}

async function house() {
  return ensureAccount(database.db, { kind: 'HOUSE', currency: 'BDT', vendorCode: 'PG' });
}

async function bet(memberWalletId: bigint, houseId: bigint, key: string, amount: bigint, db = database.db) {
  return postTransfers(db, {
    scope: 'outbox-test',
    idempotencyKey: key,
    legs: [{ from: memberWalletId, to: houseId, amount, kind: 'BET' }],
  });
}

describe(`money outbox (${testDbKind})`, () => {
  it('writes one event per member wallet moved, with the balance after, and none for operator accounts or repeats', async () => {
    const a = await createMember(database.db);
    const b = await createMember(database.db);
    const wa = await memberWallet(database.db, a);
    const wb = await memberWallet(database.db, b);
    await deposit(database.db, wa, 10_000n);
    const h = await house();
    await bet(wa.id, h.id, 'bet-1', 2_500n);
    await bet(wa.id, h.id, 'bet-1', 2_500n); // a repeat moves nothing and writes nothing
    await postTransfers(database.db, {
      scope: 'outbox-test',
      idempotencyKey: 'gift',
      legs: [{ from: wa.id, to: wb.id, amount: 1_000n, kind: 'DOWNLINE_TRANSFER' }],
    });
    const rows = await database.db
      .selectFrom('money_event')
      .select(['member_id', 'kind', 'amount', 'balance_after', 'currency', 'source'])
      .orderBy('id')
      .execute();
    expect(rows.slice(1)).toEqual([
      { member_id: a, kind: 'BET', amount: -2_500n, balance_after: 7_500n, currency: 'BDT', source: 'outbox-test' },
      { member_id: a, kind: 'DOWNLINE_TRANSFER', amount: -1_000n, balance_after: 6_500n, currency: 'BDT', source: 'outbox-test' },
      { member_id: b, kind: 'DOWNLINE_TRANSFER', amount: 1_000n, balance_after: 1_000n, currency: 'BDT', source: 'outbox-test' },
    ]);
    // The deposit's own event (from the fixture's posting) comes first.
    expect(rows[0]).toMatchObject({ member_id: a, amount: 10_000n, balance_after: 10_000n });
  });

  it('hands every event to each consumer once and in order; a failed batch is given again, not skipped', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 1_000_000n);
    const h = await house();
    for (let i = 0; i < 30; i++) await bet(w.id, h.id, `b${i}`, BigInt(100 + i));
    const one = recorder('test-one');
    const two = recorder('test-two');
    await register(one.name);
    await register(two.name);
    expect(await dispatchOnce(database.db, one)).toBe(31);
    expect(await dispatchOnce(database.db, one)).toBe(0);
    expect(one.seen.map((e) => e.amount)).toEqual([1_000_000n, ...Array.from({ length: 30 }, (_, i) => -BigInt(100 + i))]);

    let failNext = true;
    const flaky: OutboxConsumer = {
      name: 'test-two',
      async apply() {
        if (failNext) {
          failNext = false;
          throw new Error('consumer down');
        }
      },
      afterCommit: two.afterCommit,
    };
    await expect(dispatchOnce(database.db, flaky)).rejects.toThrow('consumer down');
    expect(await dispatchOnce(database.db, flaky)).toBe(31);
    expect(two.seen.map((e) => e.id)).toEqual(one.seen.map((e) => e.id));
  });

  it('moves every consumer in one round: one read for those at the same position, each its own slice otherwise', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 1_000_000n);
    const h = await house();
    for (let i = 0; i < 5; i++) await bet(w.id, h.id, `r${i}`, BigInt(10 + i));
    const ahead = recorder('test-ahead');
    await register(ahead.name);
    expect(await dispatchOnce(database.db, ahead)).toBe(6);
    for (let i = 5; i < 8; i++) await bet(w.id, h.id, `r${i}`, BigInt(10 + i));
    const fresh = [recorder('test-fresh-1'), recorder('test-fresh-2')];
    for (const c of fresh) await register(c.name);

    const counting = countingDb(database);
    const round = await dispatchRound(counting.db, [ahead, ...fresh]);
    await counting.close();
    expect(round).toEqual({ taken: 3 + 9 + 9, full: false });
    expect(ahead.seen.map((e) => e.amount)).toEqual([1_000_000n, ...[10n, 11n, 12n, 13n, 14n, 15n, 16n, 17n].map((a) => -a)]);
    for (const c of fresh) expect(c.seen.map((e) => e.id)).toEqual(ahead.seen.map((e) => e.id));
    // begin, the positions, two reads (two distinct positions), the positions moved, commit.
    expect(counting.trips.filter((t) => /money_event/.test(t))).toHaveLength(2);
    expect(counting.trips).toHaveLength(6);
    expect(await dispatchRound(database.db, [ahead, ...fresh])).toEqual({ taken: 0, full: false });
  });

  it('polls less and less while idle, and a money transaction in this process brings it back at once', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 10_000n);
    const h = await house();
    const seen = recorder('test-idle');
    const counting = countingDb(database);
    const polls = () => counting.trips.filter((t) => /from outbox_consumer c/.test(t)).length;
    const until = async (done: () => boolean, ms: number) => {
      for (const deadline = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 5))) {
        if (Date.now() > deadline) return false;
      }
      return true;
    };
    // 10 ms while money moves; once idle 20, 40, 80 … ms, at most 400.
    const fast = await startMoneyOutbox(counting.db, [seen], { intervalMs: 10, idleIntervalMs: 400 });
    expect(await until(() => seen.seen.length === 1, 5_000)).toBe(true);
    const before = polls();
    await new Promise((r) => setTimeout(r, 1_500));
    // At a steady 10 ms that would be a hundred or more; backing off it is about eight.
    expect(polls() - before).toBeLessThan(20);
    await fast.stop();

    // Slower steps, so that the wake is told apart from the next poll: 100, 200, 400, 800, 1,600 ms …
    const slow = await startMoneyOutbox(counting.db, [seen], { intervalMs: 100, idleIntervalMs: 10_000 });
    await new Promise((r) => setTimeout(r, 1_600));
    // The last poll was about 1.5 s in; the next, unwoken, about 3.1 s. The bet's transaction wakes it within 100 ms.
    const posted = Date.now();
    await bet(w.id, h.id, 'after-idle', 100n);
    expect(await until(() => seen.seen.length === 2, 5_000)).toBe(true);
    expect(Date.now() - posted).toBeLessThan(800);
    expect(seen.seen[1]).toMatchObject({ memberId: m, amount: -100n });
    await slow.stop();
    await counting.close();
  });

  it('a consumer that fails rolls its round back; the running dispatcher then moves the others alone', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 10_000n);
    const h = await house();
    for (let i = 0; i < 3; i++) await bet(w.id, h.id, `f${i}`, 100n);
    const healthy = recorder('test-healthy');
    const broken: OutboxConsumer = {
      name: 'test-broken',
      async apply() {
        throw new Error('consumer down');
      },
    };
    for (const c of [healthy, broken]) await register(c.name);
    await expect(dispatchRound(database.db, [healthy, broken])).rejects.toThrow('consumer down');
    expect(healthy.seen).toEqual([]); // rolled back with the round, given again below

    const dispatcher = await startMoneyOutbox(database.db, [healthy, broken], { intervalMs: 5 });
    const deadline = Date.now() + 10_000;
    while (healthy.seen.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await dispatcher.stop();
    expect(healthy.seen.map((e) => e.amount)).toEqual([10_000n, -100n, -100n, -100n]);
    const positions = await database.db
      .selectFrom('outbox_consumer')
      .select(['name', 'position'])
      .where('name', 'like', 'test-%')
      .execute();
    expect(Object.fromEntries(positions.map((p) => [p.name, Number(p.position)]))).toEqual({
      'test-healthy': Number(healthy.seen.at(-1)!.id),
      'test-broken': 0,
    });
  });

  it('sums each member’s moves per hour and kind exactly once (the money-hourly consumer)', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 50_000n);
    const h = await house();
    for (let i = 0; i < OUTBOX_BATCH + 20; i++) await bet(w.id, h.id, `hb${i}`, 10n);
    await register(moneyHourlyConsumer.name);
    while ((await dispatchOnce(database.db, moneyHourlyConsumer)) > 0) {}
    const sums = await database.db
      .selectFrom('member_money_hourly')
      .select(['kind', 'total', 'moves'])
      .where('member_id', '=', m)
      .execute();
    const byKind = Object.fromEntries(sums.map((s) => [s.kind, [s.total, s.moves]]));
    expect(byKind.BET).toEqual([-10n * BigInt(OUTBOX_BATCH + 20), OUTBOX_BATCH + 20]);
  });
});

describe.skipIf(testDbKind !== 'postgres')('money outbox on a real PostgreSQL: concurrent transactions and dispatchers', () => {
  it('holds back a committed event while an older transaction with an event is still open, then gives both', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 10_000n);
    const h = await house();
    const c = recorder('test-late');
    await register(c.name);
    expect(await dispatchOnce(database.db, c)).toBe(1);

    const other = openPostgres(urlFor(database.name), 2);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let begun!: () => void;
    const started = new Promise<void>((r) => {
      begun = r;
    });
    // The older transaction: it writes its event, then waits before committing.
    const slow = other.db.transaction().execute(async (trx) => {
      await bet(w.id, h.id, 'slow', 100n, trx);
      begun();
      await held;
    });
    await started;
    // Another member at another vendor: nothing the open transaction has locked.
    const n = await createMember(database.db);
    const wn = await memberWallet(database.db, n);
    await deposit(database.db, wn, 1_000n);
    const other2 = await ensureAccount(database.db, { kind: 'HOUSE', currency: 'BDT', vendorCode: 'JDB' });
    expect(await dispatchOnce(database.db, c)).toBe(0);
    await bet(wn.id, other2.id, 'quick', 200n);
    expect(await dispatchOnce(database.db, c)).toBe(0);
    release();
    await slow;
    expect(await dispatchOnce(database.db, c)).toBe(3);
    // The older transaction's event first (its tx_id is lower), then the deposit and bet that committed before it.
    expect(c.seen.slice(1).map((e) => e.amount)).toEqual([-100n, 1_000n, -200n]);
    await other.close();
  });

  it('two dispatchers racing on one consumer apply each event exactly once', async () => {
    const m = await createMember(database.db);
    const w = await memberWallet(database.db, m);
    await deposit(database.db, w, 1_000_000n);
    const h = await house();
    await sql`create table outbox_test_seen (event_id bigint primary key)`.execute(database.db);
    const consumer: OutboxConsumer = {
      name: 'test-race',
      async apply(trx, events) {
        // A second application of any event would break the primary key and fail the batch.
        await sql`insert into outbox_test_seen select unnest(${events.map((e) => e.id.toString())}::bigint[])`.execute(trx);
      },
    };
    await register(consumer.name);
    const second = openPostgres(urlFor(database.name), 4);
    const writers = Array.from({ length: 4 }, (_, k) =>
      (async () => {
        for (let i = 0; i < 50; i++) await bet(w.id, h.id, `race-${k}-${i}`, 1n);
      })(),
    );
    let done = false;
    const drain = async (db: typeof database.db) => {
      while (!done) await dispatchOnce(db, consumer);
    };
    const dispatchers = [drain(database.db), drain(second.db)];
    await Promise.all(writers);
    // Everything written is in; let the dispatchers finish the outbox.
    const total = Number((await sql<{ n: string }>`select count(*) as n from money_event`.execute(database.db)).rows[0]!.n);
    const deadline = Date.now() + 10_000;
    while (Number((await sql<{ n: string }>`select count(*) as n from outbox_test_seen`.execute(database.db)).rows[0]!.n) < total) {
      if (Date.now() > deadline) throw new Error('the dispatchers did not finish the outbox');
      await new Promise((r) => setTimeout(r, 20));
    }
    done = true;
    await Promise.all(dispatchers);
    expect(Number((await sql<{ n: string }>`select count(*) as n from outbox_test_seen`.execute(database.db)).rows[0]!.n)).toBe(total);
    await second.close();
  });
});
