import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import type { Db } from '../../db/database.ts';
import { accountOf } from '../ledger/account-ids.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { memberWallet } from '../ledger/ledger.fixtures.ts';
import { ensureAccount, getBalance, ledgerMetrics, postTransfers } from '../ledger/ledger.service.ts';
import { bodies, type DemoGames, demoGames, fundedMember, launchToken, PLAY_ENV, providerCall, txId } from './play.fixtures.ts';
import { houseShardCode, providerCallBatches } from './provider-wallet.service.ts';

/**
 * Provider bets and wins sharing transactions (decision 079): calls that arrive together leave in one statement,
 * and each is answered, and moves money, exactly as it would alone.
 */
let database: TestDatabase;
let db: Db;
let t: TestApp;
let games: DemoGames;
let deadlocksBefore: number;
/** Batch statements sent since the test began (counted where the app sends its queries). */
let batchStatements: number;
/** Ledger posting batch statements sent since the test began. */
let postingBatches: number;

beforeEach(async () => {
  deadlocksBefore = ledgerMetrics.retries.deadlock;
  database = await createTestDatabase();
  db = database.db;
  batchStatements = 0;
  postingBatches = 0;
  const send = db.executeQuery.bind(db);
  db.executeQuery = ((query: Parameters<typeof send>[0]) => {
    const text = 'compile' in query ? query.compile().sql : query.sql;
    if (/play_provider_(bet|win)_batch\(/.test(text)) batchStatements++;
    if (/ledger_post_batch\(/.test(text)) postingBatches++;
    return send(query);
  }) as typeof db.executeQuery;
  t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  games = await demoGames(db);
  if (testDbKind === 'postgres') await Promise.all(Array.from({ length: 30 }, () => sql`select pg_sleep(0.02)`.execute(db)));
});

afterEach(async () => {
  const report = await auditLedger(db);
  await t.app.close();
  await database.close();
  expect(report.violations).toEqual([]);
  expect(ledgerMetrics.retries.deadlock - deadlocksBefore, 'deadlocks retried').toBe(0);
});

async function player(funds: bigint) {
  const m = await fundedMember(db, t.clock.now, funds);
  const token = await launchToken(t, m.token, games.slot.nodeId);
  const wallet = await memberWallet(db, m.memberId);
  return { ...m, token, wallet, b: bodies(token, games.slot.gameCode), balance: () => getBalance(db, wallet.id) };
}

const call = (name: string, body: unknown) => providerCall(t, 'PG', name, body);

describe(`provider calls in shared transactions (${testDbKind})`, () => {
  it('bets and wins of 20 players at once: each answered as alone, a resent bet gets its first answer, every balance exact', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => player(10_000n)));
    const bets = players.flatMap((p, i) => [0, 1, 2].map((r) => ({ p, body: p.b.bet(`round-${i}-${r}`, '100') })));
    // Each player's first bet is sent twice in the same burst: one debit, one answer.
    const twins = players.map((_, i) => bets[i * 3] as (typeof bets)[number]);
    const betAnswers = await Promise.all([...bets, ...twins].map(({ body }) => call('bet', body)));
    expect(
      betAnswers.filter((a) => a.statusCode !== 200).map((a) => a.body),
      'refused bets',
    ).toEqual([]);
    for (const [i, twin] of twins.entries()) {
      expect(betAnswers[bets.length + i]?.json(), 'a resent bet').toEqual(betAnswers[bets.indexOf(twin)]?.json());
    }
    // Each player's third bet leaves 9,700 whatever the order its three bets were posted in.
    for (const [i, p] of players.entries()) {
      const balances = [0, 1, 2].map((r) => Number(betAnswers[i * 3 + r]?.json().balance));
      expect(balances.sort((a, b) => b - a)).toEqual([9_900, 9_800, 9_700]);
      expect(await p.balance()).toBe(9_700n);
    }
    // On PGlite one connection serves the calls in turn, and they seldom wait for a batch to come back.
    if (testDbKind === 'postgres') expect(batchStatements, 'batch statements for 80 bets sent at once').toBeGreaterThan(0);

    const batchesAfterBets = batchStatements;
    // Two rounds in three pay 1.50; the third pays nothing.
    const wins = bets.map(({ p, body }, i) => p.b.win(body.roundId, i % 3 === 2 ? '0' : '150'));
    const winAnswers = await Promise.all(wins.map((body) => call('win', body)));
    expect(winAnswers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    for (const p of players) expect(await p.balance()).toBe(9_700n + 300n);
    if (testDbKind === 'postgres')
      expect(batchStatements - batchesAfterBets, 'batch statements for 60 wins sent at once').toBeGreaterThan(0);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from provider_transaction`.execute(db);
    expect(Number(rows[0]?.n)).toBe(60 + 60);
  });

  it('a batch with a call that fails is run call by call: the others are applied once, the failing one gets its own error', async () => {
    const [a, b, c] = await Promise.all([player(10_000n), player(10_000n), player(10_000n)]);
    const session = async (memberId: number) =>
      (
        await db
          .selectFrom('game_launch_session')
          .select('id')
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
    const house = async (memberId: number) =>
      (await accountOf(db, { kind: 'HOUSE', vendorCode: houseShardCode('PG', memberId), currency: 'BDT' })).id;
    const args = async (p: { memberId: number }, wallet: bigint, round: string) => [
      false,
      'PG',
      txId('bet'),
      round,
      p.memberId,
      await session(p.memberId),
      games.slot.nodeId,
      games.slot.gameCode,
      'RNG',
      'BDT',
      100n,
      'hash',
      wallet,
      await house(p.memberId),
      t.clock.now,
      '{}',
    ];
    const calls = [
      await args(a!, a!.wallet.id, 'first'),
      await args(b!, b!.wallet.id, 'second'),
      await args(c!, c!.wallet.id, 'third'),
      // An account that does not exist: the function raises, and the whole batch is rolled back.
      await args(b!, 999_999_999n, 'broken'),
    ];
    const batches = providerCallBatches(db);
    // The first two go at once, each alone (two batches may be out); the last two wait and leave together.
    const [first, second, third, broken] = await Promise.allSettled(calls.map((c) => batches.bets.run(c)));
    expect(first).toMatchObject({ status: 'fulfilled', value: { outcome: 'ANSWER', httpStatus: 200, balance: '9900' } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { outcome: 'ANSWER', httpStatus: 200, balance: '9900' } });
    expect(third).toMatchObject({ status: 'fulfilled', value: { outcome: 'ANSWER', httpStatus: 200, balance: '9900' } });
    expect(broken).toMatchObject({
      status: 'rejected',
      reason: expect.objectContaining({ message: expect.stringMatching(/does not exist/) }),
    });
    expect(batchStatements, 'the batch of the last two').toBe(1);
    for (const p of [a!, b!, c!]) expect(await p.balance()).toBe(9_900n);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from provider_transaction`.execute(db);
    expect(Number(rows[0]?.n), 'provider transactions written').toBe(3);
  });

  it("a player's bets and wallet postings at once: one batch holds a wallet at a time, whatever its kind; every balance exact", async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => player(10_000n)));
    const vendorWallets = await Promise.all(
      players.map((p) => ensureAccount(db, { kind: 'VENDOR_WALLET', memberId: p.memberId, vendorCode: 'XV', currency: 'BDT' })),
    );
    const bets = players.map((p, i) => call('bet', p.b.bet(`mixed-${i}`, '100')));
    const postings = players.map((p, i) =>
      postTransfers(db, {
        scope: `test-transfer:${p.memberId}`,
        idempotencyKey: txId('move'),
        legs: [{ from: p.wallet.id, to: vendorWallets[i]!.id, amount: 500n, kind: 'VENDOR_TRANSFER_IN' }],
      }),
    );
    const [betAnswers] = await Promise.all([Promise.all(bets), Promise.all(postings)]);
    expect(betAnswers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    for (const p of players) expect(await p.balance()).toBe(10_000n - 100n - 500n);
    for (const w of vendorWallets) expect(await getBalance(db, w.id)).toBe(500n);
    if (testDbKind === 'postgres') expect(postingBatches, 'posting batches for 20 postings at once').toBeGreaterThan(0);
  });
});
