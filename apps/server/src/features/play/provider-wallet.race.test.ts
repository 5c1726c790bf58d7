import { PROVIDER_ERRORS } from '@playfront/contract/provider-wallet';
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
import { bettingRecord } from './rounds/betting-record.ts';

/**
 * The provider wallet under concurrent calls, over the whole HTTP stack. On
 * PostgreSQL (TEST_DATABASE_URL) the app runs on the test database's pool of
 * POOL_SIZE connections, so twins really run in parallel and meet on the unique
 * indexes and row locks; on PGlite the same calls are issued at once and serialise.
 */
const POOL_SIZE = 30; // test-db.ts opens each PostgreSQL test database with 30
const engine = testDbKind === 'postgres' ? `PostgreSQL, pool of ${POOL_SIZE}` : 'PGlite, serialised';

let database: TestDatabase;
let db: Db;
let t: TestApp;
let games: DemoGames;
let deadlocksBefore: number;
/** Provider and ledger posting batch statements sent since the test began (counted where the app sends its queries). */
let batchStatements: number;
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
  // Opens the pool's connections, so the calls below start together.
  if (testDbKind === 'postgres') await Promise.all(Array.from({ length: POOL_SIZE }, () => sql`select pg_sleep(0.02)`.execute(db)));
});

afterEach(async () => {
  const report = await auditLedger(db);
  await t.app.close();
  await database.close();
  expect(report.violations).toEqual([]);
  // The calls take their locks in one order (round, then accounts; decision 076): PostgreSQL never has to break a
  // circle of waits, each of which cost deadlock_timeout (1 s) and a retry.
  expect(ledgerMetrics.retries.deadlock - deadlocksBefore, 'deadlocks retried').toBe(0);
});

async function player(funds: bigint) {
  const m = await fundedMember(db, t.clock.now, funds);
  const token = await launchToken(t, m.token, games.slot.nodeId);
  const wallet = await memberWallet(db, m.memberId);
  return { ...m, token, wallet, b: bodies(token, games.slot.gameCode), balance: () => getBalance(db, wallet.id) };
}

const call = (name: string, body: unknown) => providerCall(t, 'PG', name, body);

async function providerTransfers(): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*)::text as n from ledger_transfer where idempotency_scope like 'provider:%'`.execute(db);
  return Number(rows[0]!.n);
}

describe(`provider wallet races (${engine})`, () => {
  it('50 identical bets at once: one debit, and all 50 get the same answer', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('r', '100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('bet', bet)));
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      answers.find((a) => a.statusCode !== 200)?.body,
    ).toHaveLength(50);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ status: 'OK', balance: '9900' });
    expect(await p.balance()).toBe(9_900n);
    expect(await providerTransfers()).toBe(1);
    const round = await db
      .selectFrom('game_round')
      .select(['bet_total', 'bet_count'])
      .where('round_id', '=', 'r')
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ bet_total: 100n, bet_count: 1 });

    // And 50 identical wins at once: one credit.
    const win = p.b.win('r', '700');
    const wins = await Promise.all(Array.from({ length: 50 }, () => call('win', win)));
    expect(new Set(wins.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(wins[0]!.json()).toMatchObject({ status: 'OK', balance: '10600' });
    expect(await p.balance()).toBe(10_600n);
    expect(await providerTransfers()).toBe(2);
  });

  it('50 identical bets of the whole balance at once: one debit, and every twin gets its OK, not the refusal its balance would give', async () => {
    // Each twin waits for the first one's account locks; it then finds a balance of 0, and must still answer as the
    // first did (decision 069: a refusal re-reads the transactionId before it is given).
    const p = await player(100n);
    const bet = p.b.bet('all-in', '100');
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('bet', bet)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`))).toEqual(new Set([`200 ${answers[0]!.body}`]));
    expect(answers[0]!.json()).toMatchObject({ status: 'OK', balance: '0' });
    expect(await p.balance()).toBe(0n);
    expect(await providerTransfers()).toBe(1);
  });

  it("two players' first bets on one new round id at once: one opens it, the other is refused, keeps its money and leaves no transaction", async () => {
    const pairs = await Promise.all(Array.from({ length: 10 }, async () => [await player(1_000n), await player(1_000n)] as const));
    const answers = await Promise.all(
      pairs.map(([a, b], i) => Promise.all([call('bet', a.b.bet(`shared-${i}`, '100')), call('bet', b.b.bet(`shared-${i}`, '100'))])),
    );
    for (const [i, [first, second]] of answers.entries()) {
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses, `${first.body} ${second.body}`).toEqual([200, PROVIDER_ERRORS.TRANSACTION_CONFLICT].sort());
      const [a, b] = pairs[i]!;
      expect((await a.balance()) + (await b.balance())).toBe(1_900n);
    }
    // The refused bets left no row: a resend is decided again, not answered from a stored refusal.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from provider_transaction where round_id like 'shared-%'`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(10);
    const rounds = await db.selectFrom('game_round').select(['bet_count']).where('round_id', 'like', 'shared-%').execute();
    expect(rounds.map((r) => r.bet_count)).toEqual(Array(10).fill(1));
  });

  it('50 different bets racing for 20 stakes: exactly 20 taken, 30 refused with the balance, never below zero', async () => {
    const p = await player(2_000n);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call('bet', p.b.bet(`r${i % 5}`, '100'))));
    const ok = answers.filter((a) => a.statusCode === 200);
    const short = answers.filter((a) => a.statusCode === PROVIDER_ERRORS.INSUFFICIENT_FUNDS);
    expect(ok).toHaveLength(20);
    expect(short).toHaveLength(30);
    // Each accepted stake saw its own balance after: 1900, 1800, … 0.
    expect(new Set(ok.map((a) => a.json().balance)).size).toBe(20);
    for (const s of short) expect(s.json()).toMatchObject({ status: 'INSUFFICIENT_FUNDS', currency: 'BDT' });
    expect(await p.balance()).toBe(0n);
  });

  it('bets and rollbacks of the same ids racing: each stake is either refunded or never taken', async () => {
    const p = await player(100_000n);
    const ids = Array.from({ length: 25 }, (_, i) => ({ round: `r${i}`, bet: txId('bet') }));
    const calls = ids.flatMap(({ round, bet }) => [
      call('bet', p.b.bet(round, '1000', bet)),
      call('rollback', p.b.rollback(round, bet)),
      call('bet', p.b.bet(round, '1000', bet)),
    ]);
    const answers = await Promise.all(calls);
    for (let i = 0; i < ids.length; i++) {
      const [bet1, rb, bet2] = answers.slice(i * 3, i * 3 + 3) as [(typeof answers)[0], (typeof answers)[0], (typeof answers)[0]];
      expect(rb.statusCode, rb.body).toBe(200);
      // The twin bets always agree with each other: both the stored answer when the bet came first, or both the
      // tombstone's refusal when the rollback did. A refusal is not stored: it carries the balance at the moment it
      // is given, which the other 24 rounds racing beside it move, so only its status and message must match.
      expect(bet2.statusCode, bet2.body).toBe(bet1.statusCode);
      expect([200, PROVIDER_ERRORS.TRANSACTION_ROLLED_BACK]).toContain(bet1.statusCode);
      if (bet1.statusCode === 200) expect(bet2.body).toBe(bet1.body);
      else {
        const [a, b] = [bet1.json(), bet2.json()];
        expect(b).toMatchObject({ status: a.status, message: a.message, currency: 'BDT' });
        expect(a).toMatchObject({ status: 'TRANSACTION_ROLLED_BACK', message: 'bet was rolled back before it arrived' });
      }
    }
    expect(await p.balance()).toBe(100_000n);
  });
});

/** Small deterministic PRNG (mulberry32) so a failing run can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

// A short slice in `npm test`; `npm run test:long` runs 5,000 (the long runs stay out of CI's time).
const ROUNDS = Number(process.env.PROVIDER_RANDOM_ROUNDS || 600);
const PLAYERS = 20;
const START = 1_000_000n;

describe(`provider wallet random run (${engine})`, () => {
  it(`${ROUNDS} random rounds by ${PLAYERS} players at once (bets, wins, rollbacks, tombstones, repeats): audit clean, balances = sum of rounds`, async () => {
    const seed = Number(process.env.PROVIDER_RANDOM_SEED || 6);
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => player(START)));
    const stats = { calls: 0, repeats: 0, refusedFunds: 0, tombstones: 0, rollbacks: 0, zeroWins: 0 };

    const runPlayer = async (p: (typeof players)[number], index: number) => {
      const rand = prng(seed * 1000 + index);
      const int = (n: number) => Math.floor(rand() * n);
      let expected = START;
      const send = async (name: string, body: Record<string, unknown>) => {
        const res = await call(name, body);
        stats.calls++;
        // A repeat now and then: it must be answered exactly as the first time, with no effect.
        if (rand() < 0.1) {
          stats.repeats++;
          const again = await call(name, body);
          expect(again.body, `${name} repeat`).toBe(res.body);
        }
        return res;
      };
      for (let r = 0; r < ROUNDS / PLAYERS; r++) {
        const round = `rr-${index}-${r}`;
        const placed: Array<{ id: string; amount: bigint }> = [];
        for (let k = 1 + int(3); k > 0; k--) {
          const amount = BigInt(1 + int(5000));
          const body = p.b.bet(round, String(amount));
          const res = await send('bet', body);
          if (res.statusCode === 200) {
            placed.push({ id: body.transactionId, amount });
            expected -= amount;
            expect(BigInt(res.json().balance)).toBe(expected);
          } else {
            expect(res.json().status, res.body).toBe('INSUFFICIENT_FUNDS');
            expect(BigInt(res.json().balance)).toBe(expected);
            stats.refusedFunds++;
          }
        }
        const dice = rand();
        if (placed.length > 0 && dice < 0.15) {
          // Refund one stake, then close the round with a zero win (or leave it cancelled when all were refunded).
          const bet = placed[int(placed.length)]!;
          const res = await send('rollback', p.b.rollback(round, bet.id));
          expect(res.statusCode, res.body).toBe(200);
          expected += bet.amount;
          stats.rollbacks++;
          if (placed.length > 1) expect((await send('win', p.b.win(round, '0'))).statusCode).toBe(200);
        } else if (dice < 0.2) {
          // A rollback of a bet that never arrived, then that late bet: refused.
          const ghost = txId('ghost');
          expect((await send('rollback', p.b.rollback(round, ghost))).statusCode).toBe(200);
          const late = await send('bet', p.b.bet(round, '100', ghost));
          expect(late.json().status).toBe('TRANSACTION_ROLLED_BACK');
          stats.tombstones++;
          if (placed.length > 0) {
            const stake = placed.reduce((s, b) => s + b.amount, 0n);
            expect((await send('win', p.b.win(round, String(stake)))).statusCode).toBe(200);
            expected += stake;
          }
        } else if (placed.length > 0) {
          const stake = placed.reduce((s, b) => s + b.amount, 0n);
          const payout = rand() < 0.45 ? 0n : (stake * BigInt(int(400))) / 100n;
          if (payout === 0n) stats.zeroWins++;
          const res = await send('win', p.b.win(round, String(payout)));
          expect(res.statusCode, res.body).toBe(200);
          expected += payout;
          expect(BigInt(res.json().balance)).toBe(expected);
        }
      }
      return expected;
    };

    const expectedBalances = await Promise.all(players.map((p, i) => runPlayer(p, i)));

    const report = await auditLedger(db);
    expect(report.violations).toEqual([]);
    expect(report.ok).toBe(true);
    const window = { from: new Date(0), to: new Date(t.clock.now.getTime() + 86_400_000), fromDay: '1970-01-01', toDay: '2100-01-01' };
    for (const [i, p] of players.entries()) {
      const balance = await p.balance();
      expect(balance).toBe(expectedBalances[i]);
      const { rows } = await sql<{ net: string }>`
          select coalesce(sum(win_total + refund_total - bet_total), 0)::text as net from game_round where member_id = ${p.memberId}`.execute(
        db,
      );
      expect(balance - START).toBe(BigInt(rows[0]!.net));
      const record = await bettingRecord(db, { memberId: p.memberId, currency: 'BDT', window, lang: 'EN', pageNo: 1, pageSize: 1 });
      expect(BigInt(record.totals.profit)).toBe(balance - START);
    }
    const open = await db.selectFrom('game_round').select('round_id').where('status', '=', 'open').where('bet_count', '>', 0).execute();
    expect(open).toEqual([]);
    expect(stats.repeats).toBeGreaterThan(0);
    expect(stats.tombstones).toBeGreaterThan(0);
    expect(stats.rollbacks).toBeGreaterThan(0);
    expect(stats.zeroWins).toBeGreaterThan(0);
  }, 600_000);
});

/** Calls that arrive together share a statement and a transaction (decision 079), each answered as alone. */
describe(`provider calls in shared transactions (${engine})`, () => {
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
