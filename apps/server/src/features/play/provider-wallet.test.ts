import { randomUUID } from 'node:crypto';
import { deriveHouseVendorSecret, signProviderRequest } from '@playfront/contract/provider-signing';
import { PROVIDER_ERRORS, PROVIDER_MAX_SKEW_MS, PROVIDER_WALLET_BASE, type ProviderErrorCode } from '@playfront/contract/provider-wallet';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { databasePerFile } from '../../../test/database-per-file.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { memberSession } from '../funds/funds.fixtures.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import {
  bodies,
  type DemoGames,
  demoGames,
  expectLedgerClean,
  fundedMember,
  H,
  HOUSE_SECRET,
  launchToken,
  PLAY_ENV,
  providerCall,
  txId,
} from './play.fixtures.ts';
import { houseShardCode } from './provider-wallet.service.ts';

/**
 * The provider wallet API as a game vendor's server uses it: signed JSON over
 * HTTP (Fastify's inject runs the whole HTTP stack: raw body parser, signature
 * check, routing, error shape). Every scenario ends with a clean ledger audit.
 */

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
 * One database and app for the file (decision 037): every scenario plays with a member of its own, on rounds named for
 * that player (round ids are unique per vendor), and counts provider transfers from where it started. The clock starts
 * at the real time for each test, as it did with an app per test. The scenarios that switch the PG vendor to transfer
 * mode for everyone get a database of their own.
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
let transfersAtStart = 0;
beforeEach(async () => {
  t.clock.now = new Date();
  transfersAtStart = await providerTransfers();
});
afterEach(async () => {
  await expectLedgerClean(database.db);
});
/** Inside a describe: each test on a database of its own, counted from its start and audited before it closes. */
const ownAuditedDatabasePerTest = () =>
  ownDatabasePerTest({
    afterOpen: async () => {
      transfersAtStart = await providerTransfers();
    },
    // Inner hooks run first: audit this test's own database before it closes.
    beforeClose: () => expectLedgerClean(database.db),
  });

/** A member with `funds` who launched the demo PG slot: their launch token and call helpers. */
async function player(funds: bigint, nodeId = games.slot.nodeId, gameCode = games.slot.gameCode) {
  const m = await fundedMember(database.db, t.clock.now, funds);
  const token = await launchToken(t, m.token, nodeId);
  const wallet = await memberWallet(database.db, m.memberId);
  // This player's own round ids: `round('r')` is the id the vendor sends for what the test calls round 'r'.
  const prefix = randomUUID().slice(0, 8);
  const round = (roundId: string) => `${prefix}-${roundId}`;
  const b = bodies(token, gameCode);
  return {
    ...m,
    token,
    round,
    b: {
      bet: (roundId: string, ...rest: Parameters<typeof b.bet> extends [string, ...infer R] ? R : never) => b.bet(round(roundId), ...rest),
      win: (roundId: string, ...rest: Parameters<typeof b.win> extends [string, ...infer R] ? R : never) => b.win(round(roundId), ...rest),
      rollback: (roundId: string, ...rest: Parameters<typeof b.rollback> extends [string, ...infer R] ? R : never) =>
        b.rollback(round(roundId), ...rest),
    },
    balance: () => getBalance(database.db, wallet.id),
  };
}

const PG = 'PG';
const secretOf = () => deriveHouseVendorSecret(HOUSE_SECRET, PG);
const call = (name: string, body: unknown, options?: Parameters<typeof providerCall>[4]) => providerCall(t, PG, name, body, options);

function expectRefusal(res: LightMyRequestResponse, code: ProviderErrorCode) {
  expect(res.json().status, res.body).toBe(code);
  expect(res.statusCode).toBe(PROVIDER_ERRORS[code]);
}

/** Provider transfers made since the test started. */
async function transferCount(): Promise<number> {
  return (await providerTransfers()) - transfersAtStart;
}
async function providerTransfers(): Promise<number> {
  const { n } = await database.db
    .selectFrom('ledger_transfer')
    .where('idempotency_scope', 'like', 'provider:%')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

describe(`provider wallet API: signatures (${testDbKind})`, () => {
  it('accepts only the exact signed bytes, with a fresh timestamp, from a known vendor', async () => {
    const p = await player(10_000n);
    const body = p.b.bet('r-sig', '100');
    const raw = JSON.stringify(body);

    expectRefusal(await call('bet', body, { signature: null }), 'INVALID_SIGNATURE');
    expectRefusal(await call('bet', body, { signature: 'zz' }), 'INVALID_SIGNATURE');
    expectRefusal(await call('bet', body, { secret: 'another-vendor-secret-0123456789abcdef' }), 'INVALID_SIGNATURE');
    // Signed bytes, then one byte changed on the way: the amount 100 became 900.
    const ts = String(t.clock.now.getTime());
    const tampered = await call('bet', body, { raw: raw.replace('"100"', '"900"'), signature: signProviderRequest(secretOf(), ts, raw) });
    expectRefusal(tampered, 'INVALID_SIGNATURE');
    // The timestamp is part of what is signed.
    const shifted = await call('bet', body, {
      timestamp: String(t.clock.now.getTime() + 1000),
      signature: signProviderRequest(secretOf(), ts, raw),
    });
    expectRefusal(shifted, 'INVALID_SIGNATURE');
    // A vendor with no credential, and a vendor code that is not one.
    expectRefusal(await providerCall(t, 'NOPE', 'bet', body), 'INVALID_SIGNATURE');
    expectRefusal(await providerCall(t, 'pg;drop', 'bet', body), 'INVALID_SIGNATURE');

    expectRefusal(await call('bet', body, { timestamp: null }), 'STALE_TIMESTAMP');
    expectRefusal(await call('bet', body, { timestamp: 'yesterday' }), 'STALE_TIMESTAMP');
    expectRefusal(await call('bet', body, { timestamp: String(t.clock.now.getTime() - PROVIDER_MAX_SKEW_MS - 1000) }), 'STALE_TIMESTAMP');
    expectRefusal(await call('bet', body, { timestamp: String(t.clock.now.getTime() + PROVIDER_MAX_SKEW_MS + 1000) }), 'STALE_TIMESTAMP');
    expect(await p.balance()).toBe(10_000n);
    expect(await transferCount()).toBe(0);

    // Within the skew, and the same JSON with other whitespace: signed as sent, accepted.
    const spaced = JSON.stringify(body, null, 2);
    const ok = await call('bet', body, { raw: spaced, timestamp: String(t.clock.now.getTime() - PROVIDER_MAX_SKEW_MS + 5000) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'OK', balance: '9900', currency: 'BDT' });
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(await p.balance()).toBe(9_900n);
  });

  it('answers unreadable requests with BAD_REQUEST in the contract shape, never a stack or the app envelope', async () => {
    const p = await player(1_000n);
    const notJson = await call('bet', null, { raw: '{"token":' });
    expectRefusal(notJson, 'BAD_REQUEST');
    expect(notJson.json().message).toBe('body is not JSON');
    const wrongShape = await call('bet', { ...p.b.bet('r', '100'), amount: '-5' });
    expectRefusal(wrongShape, 'BAD_REQUEST');
    expect(wrongShape.json().message).toMatch(/^amount:/);
    expectRefusal(await call('bet', { ...p.b.bet('r', '100'), amount: 1.5 }), 'BAD_REQUEST');
    expectRefusal(await call('bet', p.b.bet('r', '0')), 'BAD_REQUEST');
    expectRefusal(await call('transfer', p.b.bet('r', '100')), 'BAD_REQUEST');
    const unknownPath = await t.app.inject({ method: 'GET', url: `${PROVIDER_WALLET_BASE}/PG` });
    expectRefusal(unknownPath, 'BAD_REQUEST');
    for (const res of [notJson, wrongShape, unknownPath]) {
      expect(res.json()).not.toHaveProperty('success');
      expect(res.body).not.toMatch(/at .+\.ts|stack|select /i);
    }
    expect(await p.balance()).toBe(1_000n);
  });
});

describe(`provider wallet API: calls and every status code (${testDbKind})`, () => {
  it('authenticates with an opaque player id and a masked name, and reads the balance', async () => {
    const p = await player(12_345n);
    const auth = await call('authenticate', { token: p.token });
    expect(auth.statusCode, auth.body).toBe(200);
    const value = auth.json();
    expect(value).toMatchObject({ status: 'OK', balance: '12345', currency: 'BDT', gameCode: games.slot.gameCode, language: 'BN' });
    const member = await database.db.selectFrom('member').select(['username']).where('id', '=', p.memberId).executeTakeFirstOrThrow();
    // Opaque: a hash, never the username or the member id.
    expect(value.playerId).toMatch(/^p[0-9a-f]{24}$/);
    expect(value.playerId).not.toContain(member.username);
    expect(value.displayName).toContain('****');
    expect(value.displayName).not.toBe(member.username);
    // The same player id every launch (the vendor keys its own records on it).
    const again = await launchToken(t, await memberSession(database.db, p.memberId, t.clock.now), games.slot.nodeId);
    expect((await call('authenticate', { token: again })).json().playerId).toBe(value.playerId);
    expect((await call('balance', { token: p.token })).json()).toEqual({ status: 'OK', balance: '12345', currency: 'BDT' });
  });

  describe('switching the PG vendor to transfer mode, on a database of its own', () => {
    ownAuditedDatabasePerTest();

    it('gives every PROVIDER_ERRORS code its own HTTP status, with the balance where the platform knows it', async () => {
      const seen = new Set<ProviderErrorCode>();
      const refused = (res: LightMyRequestResponse, code: ProviderErrorCode) => {
        expectRefusal(res, code);
        seen.add(code);
        return res.json();
      };
      const p = await player(1_000n);

      refused(await call('bet', p.b.bet('r1', '100'), { signature: null }), 'INVALID_SIGNATURE');
      refused(await call('bet', p.b.bet('r1', '100'), { timestamp: '1' }), 'STALE_TIMESTAMP');
      refused(await call('bet', { nope: true }), 'BAD_REQUEST');
      refused(await call('bet', { ...p.b.bet('r1', '100'), token: 'x'.repeat(43) }), 'INVALID_TOKEN');
      expect(refused(await call('bet', { ...p.b.bet('r1', '100'), currency: 'USD' }), 'WRONG_CURRENCY')).toMatchObject({
        balance: '1000',
        currency: 'BDT',
      });
      refused(await call('bet', { ...p.b.bet('r1', '100'), gameCode: games.otherSlot.gameCode }), 'UNKNOWN_GAME');

      const short = await call('bet', p.b.bet('r1', '1001'));
      expect(refused(short, 'INSUFFICIENT_FUNDS')).toMatchObject({ balance: '1000', currency: 'BDT' });

      const betTx = txId('bet');
      expect((await call('bet', p.b.bet('r2', '300', betTx))).json()).toMatchObject({ status: 'OK', balance: '700' });
      expect(refused(await call('bet', p.b.bet('r2', '400', betTx)), 'TRANSACTION_CONFLICT')).toMatchObject({ balance: '700' });
      refused(await call('win', p.b.win('r-none', '50')), 'BET_NOT_FOUND');
      expect((await call('win', p.b.win('r2', '0'))).json()).toMatchObject({ status: 'OK', balance: '700' });
      expect(refused(await call('bet', p.b.bet('r2', '100')), 'ROUND_CLOSED')).toMatchObject({ balance: '700' });

      const lateBet = txId('late');
      expect((await call('rollback', p.b.rollback('r3', lateBet))).json()).toMatchObject({ status: 'OK', balance: '700' });
      expect(refused(await call('bet', p.b.bet('r3', '100', lateBet)), 'TRANSACTION_ROLLED_BACK')).toMatchObject({ balance: '700' });

      await database.db.updateTable('member').set({ status: 'disabled' }).where('id', '=', p.memberId).execute();
      refused(await call('bet', p.b.bet('r4', '100')), 'MEMBER_DISABLED');
      refused(await call('authenticate', { token: p.token }), 'MEMBER_DISABLED');
      await database.db.updateTable('member').set({ status: 'active' }).where('id', '=', p.memberId).execute();

      // A bonus being wagered with a ৳1 maximum bet (decision 026): a bigger stake is refused and takes nothing.
      const { rows } = await sql<{ id: string }>`
      insert into promotion_participation (promotion_id, member_id, state, reward_amount, deposit_amount, created_at, updated_at)
      select id, ${p.memberId}, 'claimable', 500, 0, now(), now() from promotion where code = 'welcome-bonus' returning id::text`.execute(
        database.db,
      );
      await sql`select bonus_issue(${rows[0]!.id}::bigint, 500, 0, 'claimed', 'system', null, ${t.clock.now})`.execute(database.db);
      await database.db.updateTable('bonus_grant').set({ max_bet: 100n }).where('member_id', '=', p.memberId).execute();
      expect(refused(await call('bet', p.b.bet('r6', '101')), 'BET_LIMIT')).toMatchObject({ balance: '1200' });
      await sql`select bonus_end(id, 'forfeited', 'operator', ${t.clock.now}) from bonus_grant where member_id = ${p.memberId}`.execute(
        database.db,
      );

      // The member's own protection (issue 18): a stake over the daily wager limit (৳3.00 already staked today), then
      // any stake during a cool-off.
      await sql`insert into member_protection (member_id, wager_day, updated_at)
      values (${p.memberId}, 100, ${t.clock.now})`.execute(database.db);
      expect(refused(await call('bet', p.b.bet('r7', '50')), 'PLAYER_LIMIT')).toMatchObject({ balance: '700' });
      await sql`update member_protection set wager_day = null, block_kind = 'COOL_OFF', block_started_at = ${t.clock.now},
      block_until = ${new Date(t.clock.now.getTime() + 86_400_000)} where member_id = ${p.memberId}`.execute(database.db);
      refused(await call('bet', p.b.bet('r7', '50')), 'PLAYER_EXCLUDED');
      await sql`delete from member_protection where member_id = ${p.memberId}`.execute(database.db);

      await database.db.updateTable('game_vendor').set({ wallet_mode: 'transfer' }).where('code', '=', PG).execute();
      refused(await call('bet', p.b.bet('r5', '100')), 'WALLET_MODE_TRANSFER');

      expect([...seen].sort()).toEqual(Object.keys(PROVIDER_ERRORS).sort());
      expect(new Set(Object.values(PROVIDER_ERRORS)).size).toBe(Object.keys(PROVIDER_ERRORS).length);
      expect(await p.balance()).toBe(700n);
    });
  });

  it('refuses a token of another vendor as unknown, and a disabled or trial member only for new stakes', async () => {
    const p = await player(5_000n);
    // EVO's live table: its token means nothing to PG.
    const live = await launchToken(t, await memberSession(database.db, p.memberId, t.clock.now), games.live.nodeId);
    expectRefusal(await call('balance', { token: live }), 'INVALID_TOKEN');
    expectRefusal(await call('bet', { ...p.b.bet('r', '100'), token: live }), 'INVALID_TOKEN');

    expect((await call('bet', p.b.bet('open', '1000'))).statusCode).toBe(200);
    await database.db.updateTable('member').set({ status: 'disabled' }).where('id', '=', p.memberId).execute();
    expectRefusal(await call('balance', { token: p.token }), 'MEMBER_DISABLED');
    expectRefusal(await call('bet', p.b.bet('open', '100')), 'MEMBER_DISABLED');
    // What the member is owed still arrives.
    const win = await call('win', p.b.win('open', '2500'));
    expect(win.statusCode, win.body).toBe(200);
    expect(win.json().balance).toBe('6500');
    expect(await p.balance()).toBe(6_500n);
  });
});

describe(`provider wallet API: idempotency (${testDbKind})`, () => {
  it('answers a repeated bet, win and rollback with the first answer and no second effect', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('round-1', '2500');
    const first = await call('bet', bet);
    expect(first.statusCode, first.body).toBe(200);
    const win = p.b.win('round-1', '4000');
    const firstWin = await call('win', win);
    const bet2 = p.b.bet('round-2', '1000');
    await call('bet', bet2);
    const rb = p.b.rollback('round-2', bet2.transactionId);
    const firstRb = await call('rollback', rb);
    expect(firstRb.json()).toMatchObject({ status: 'OK', balance: '11500' });

    // Later calls moved the balance on; a repeat still says what the first answer said.
    for (const [name, body, answer] of [
      ['bet', bet, first],
      ['win', win, firstWin],
      ['rollback', rb, firstRb],
    ] as const) {
      t.clock.advance(1000);
      const again = await call(name, body);
      expect(again.statusCode).toBe(200);
      expect(again.body, name).toBe(answer.body);
    }
    // Key order and whitespace are not content.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(bet).reverse()));
    expect((await call('bet', bet, { raw: reordered })).body).toBe(first.body);
    expect(await p.balance()).toBe(11_500n);
    expect(await transferCount()).toBe(4);
    // The stakes went to this member's house shard of the vendor.
    const house = await database.db
      .selectFrom('ledger_transfer as t')
      .innerJoin('ledger_account as a', 'a.id', 't.credit_account_id')
      .where('t.idempotency_key', '=', bet.transactionId)
      .select(['a.kind', 'a.vendor_code'])
      .executeTakeFirstOrThrow();
    expect(house).toEqual({ kind: 'HOUSE', vendor_code: houseShardCode(PG, p.memberId) });
  });

  it('refuses the same transactionId with different content, in any call', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('round-1', '2500');
    await call('bet', bet);
    expectRefusal(await call('bet', { ...bet, amount: '2501' }), 'TRANSACTION_CONFLICT');
    expectRefusal(await call('bet', { ...bet, roundId: 'round-9' }), 'TRANSACTION_CONFLICT');
    expectRefusal(await call('win', p.b.win('round-1', '100', bet.transactionId)), 'TRANSACTION_CONFLICT');
    const win = p.b.win('round-1', '100', txId('w'), false);
    await call('win', win);
    // closeRound left out means true: different content.
    expectRefusal(await call('win', { ...win, closeRound: undefined }), 'TRANSACTION_CONFLICT');
    expectRefusal(await call('rollback', p.b.rollback('round-1', bet.transactionId, win.transactionId)), 'TRANSACTION_CONFLICT');
    expect(await p.balance()).toBe(7_600n);
  });

  it('remembers an INSUFFICIENT_FUNDS answer: a resend after a deposit does not take the money later', async () => {
    const p = await player(1_000n);
    const bet = p.b.bet('round-1', '5000');
    const first = await call('bet', bet);
    expectRefusal(first, 'INSUFFICIENT_FUNDS');
    await deposit(database.db, await memberWallet(database.db, p.memberId), 10_000n);
    const again = await call('bet', bet);
    expect(again.body).toBe(first.body);
    expect(await p.balance()).toBe(11_000n);
    // A new transactionId on the same round can now stake.
    expect((await call('bet', p.b.bet('round-1', '5000'))).json()).toMatchObject({ status: 'OK', balance: '6000' });
  });
});

describe(`provider wallet API: rounds, tombstones and token expiry (${testDbKind})`, () => {
  it('closes a round with a zero win, refuses later bets and wins on it, and several bets sum into one round', async () => {
    const p = await player(10_000n);
    await call('bet', p.b.bet('r', '1000'));
    await call('bet', p.b.bet('r', '500'));
    const partial = await call('win', p.b.win('r', '200', txId('w'), false));
    expect(partial.json().balance).toBe('8700');
    expect((await call('bet', p.b.bet('r', '100'))).statusCode).toBe(200);
    expect((await call('win', p.b.win('r', '0'))).json()).toMatchObject({ status: 'OK', balance: '8600' });
    expectRefusal(await call('bet', p.b.bet('r', '100')), 'ROUND_CLOSED');
    expectRefusal(await call('win', p.b.win('r', '100')), 'ROUND_CLOSED');
    const round = await database.db.selectFrom('game_round').selectAll().where('round_id', '=', p.round('r')).executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'settled', bet_total: 1600n, win_total: 200n, refund_total: 0n, bet_count: 3 });
    expect(round.settled_at).not.toBeNull();
    expect(await p.balance()).toBe(8_600n);
  });

  it('refunds a rolled-back bet once, cancels a fully refunded round, and refuses a rollback after the round settled', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('r', '3000');
    await call('bet', bet);
    const rb = await call('rollback', p.b.rollback('r', bet.transactionId));
    expect(rb.json()).toMatchObject({ status: 'OK', balance: '10000' });
    // A second rollback of the same bet (another id) refunds nothing more.
    expect((await call('rollback', p.b.rollback('r', bet.transactionId))).json()).toMatchObject({ status: 'OK', balance: '10000' });
    expect(
      (await database.db.selectFrom('game_round').select('status').where('round_id', '=', p.round('r')).executeTakeFirstOrThrow()).status,
    ).toBe('cancelled');
    expectRefusal(await call('bet', p.b.bet('r', '100')), 'ROUND_CLOSED');

    const won = p.b.bet('s', '1000');
    await call('bet', won);
    await call('win', p.b.win('s', '1500'));
    expectRefusal(await call('rollback', p.b.rollback('s', won.transactionId)), 'BET_NOT_FOUND');
    // A rollback that names a win is not a refund of a bet.
    const w = p.b.win('u', '10', txId('w'), false);
    await call('bet', p.b.bet('u', '100'));
    await call('win', w);
    expectRefusal(await call('rollback', p.b.rollback('u', w.transactionId)), 'BET_NOT_FOUND');
    expect(await p.balance()).toBe(10_410n);
  });

  it('refuses to refund the stake of a round that already has a win, even one that left the round open', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('open-win', '1000');
    await call('bet', bet);
    // A win that keeps the round open (more play to come): 1.50 back on a 1.00 stake.
    expect((await call('win', p.b.win('open-win', '1500', txId('w'), false))).json()).toMatchObject({ status: 'OK', balance: '10500' });
    // Refunding the stake now would pay the stake back on top of the win.
    expectRefusal(await call('rollback', p.b.rollback('open-win', bet.transactionId)), 'BET_NOT_FOUND');
    expect(await p.balance()).toBe(10_500n);
    const round = await database.db
      .selectFrom('game_round')
      .selectAll()
      .where('round_id', '=', p.round('open-win'))
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'open', bet_total: 1000n, win_total: 1500n, refund_total: 0n });
  });

  it('leaves a tombstone for a rollback of an unknown bet, so the late bet is refused and takes nothing', async () => {
    const p = await player(10_000n);
    const lost = txId('bet');
    const rbBody = p.b.rollback('r', lost);
    const rb = await call('rollback', rbBody);
    expect(rb.statusCode, rb.body).toBe(200);
    expect(rb.json()).toMatchObject({ status: 'OK', balance: '10000' });
    const tomb = await database.db
      .selectFrom('provider_transaction')
      .select(['kind', 'applied'])
      .where('transaction_id', '=', lost)
      .executeTakeFirstOrThrow();
    expect(tomb).toEqual({ kind: 'TOMBSTONE', applied: false });
    const late = await call('bet', p.b.bet('r', '1000', lost));
    expectRefusal(late, 'TRANSACTION_ROLLED_BACK');
    expect(late.json().balance).toBe('10000');
    // The same rollback again: the same answer.
    expect((await call('rollback', rbBody)).body).toBe(rb.body);
    expect(await p.balance()).toBe(10_000n);
    expect(await transferCount()).toBe(0);
  });

  it('after the launch session expires refuses authenticate, balance and new bets, but accepts wins, rollbacks and repeats', async () => {
    const p = await player(10_000n);
    const bet = p.b.bet('r', '1000');
    const first = await call('bet', bet);
    const bet2 = p.b.bet('r', '500');
    await call('bet', bet2);
    t.clock.advance(4 * 3_600_000 + 1);
    expectRefusal(await call('authenticate', { token: p.token }), 'INVALID_TOKEN');
    expectRefusal(await call('balance', { token: p.token }), 'INVALID_TOKEN');
    const late = await call('bet', p.b.bet('r', '100'));
    expectRefusal(late, 'INVALID_TOKEN');
    expect(late.json().balance).toBe('8500');
    // A repeat of a bet answered in time gets its answer, not a refusal.
    expect((await call('bet', bet)).body).toBe(first.body);
    expect((await call('rollback', p.b.rollback('r', bet2.transactionId))).json()).toMatchObject({ status: 'OK', balance: '9000' });
    expect((await call('win', p.b.win('r', '3000'))).json()).toMatchObject({ status: 'OK', balance: '12000' });
    expect(await p.balance()).toBe(12_000n);
  });
});

describe(`provider wallet API: transfer-mode vendors (${testDbKind})`, () => {
  describe('switching the PG vendor to transfer mode, on a database of its own', () => {
    ownAuditedDatabasePerTest();

    it('refuses authenticate, balance and bets for a vendor in transfer mode, and still settles its open rounds', async () => {
      const p = await player(10_000n);
      await call('bet', p.b.bet('open', '1000'));
      await database.db.updateTable('game_vendor').set({ wallet_mode: 'transfer' }).where('code', '=', PG).execute();
      for (const [name, body] of [
        ['authenticate', { token: p.token }],
        ['balance', { token: p.token }],
        ['bet', p.b.bet('new', '100')],
        // Even without a valid token, the answer says why.
        ['bet', { ...p.b.bet('new', '100'), token: 'y'.repeat(43) }],
      ] as const) {
        const res = await call(name, body);
        expectRefusal(res, 'WALLET_MODE_TRANSFER');
        expect(res.json().message).toContain('GCS_walletTransfer');
      }
      expect((await call('win', p.b.win('open', '1800'))).json()).toMatchObject({ status: 'OK', balance: '10800' });

      // A vendor configured for transfer from the start (SBO) with a credential gets the same answer.
      await database.db
        .insertInto('provider_credential')
        .values({ vendor_code: 'SBO', secret: 's'.repeat(40), source: 'operator' })
        .execute();
      const sbo = await providerCall(t, 'SBO', 'bet', p.b.bet('x', '100'), { secret: 's'.repeat(40) });
      expectRefusal(sbo, 'WALLET_MODE_TRANSFER');
      expect(await p.balance()).toBe(10_800n);
      // And launching a transfer-mode vendor never makes a seamless session.
      const launched = await t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: { ...H(), authorization: await memberSession(database.db, p.memberId, t.clock.now) },
        payload: { nodeId: games.slot.nodeId },
      });
      expect(launched.json().value).toMatchObject({ walletMode: 'transfer', mode: 'demo' });
      const { n } = await sql<{ n: string }>`select count(*)::text as n from game_launch_session where member_id = ${p.memberId}`
        .execute(database.db)
        .then((r) => r.rows[0]!);
      expect(n).toBe('1');
    });
  });
});
