import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { consoleMemberProtectionPath, PROTECTION_PATHS, type ProtectionStatus } from '@playfront/contract/protection';
import { PROVIDER_ERRORS } from '@playfront/contract/provider-wallet';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { consoleCall, signedInStaff } from '../console/console.fixtures.ts';
import { applyPaymentEvent } from '../funds/deposit.service.ts';
import { memberSession, SANDBOX_SECRET, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { bodies, type DemoGames, demoGames, fundedMember, launchToken, PLAY_ENV, providerCall } from '../play/play.fixtures.ts';
import { hashPassword } from '../session/password-hashing.ts';

/**
 * Player protection (issue 18): every limit at its boundary on each path (deposit order, bet at the provider wallet
 * API, login, session time), the 24-hour rule on the test clock, a block closing every path but withdrawal, and two
 * concurrent bets that together cross a limit. One database for the file; every test has its own member and day.
 */
let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
let day = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(
    database,
    { ...PLAY_ENV, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, RATE_LIMIT_PER_MINUTE: '100000000' },
    makeClock(new Date('2026-12-07T04:00:00Z')),
  );
  games = await demoGames(database.db);
  // Opens pool connections, so the concurrent calls below really start together on PostgreSQL.
  if (testDbKind === 'postgres') await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.02)`.execute(database.db)));
}, 180_000);

afterAll(async () => {
  const report = await auditLedger(database.db);
  await t?.app.close();
  await database?.close();
  expect(report.violations).toEqual([]);
});

// Each test starts on a new day at 10:00 brand time (04:00 UTC), so its periods are its own.
beforeEach(() => {
  day += 1;
  t.clock.now = new Date(Date.parse('2026-12-07T04:00:00Z') + day * 86_400_000);
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });
const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: H(token), ...(payload ? { payload } : {}) });
const statusOf = async (token: string) => {
  const res = await call('GET', PROTECTION_PATHS.status, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as ProtectionStatus;
};
const limitOf = (s: ProtectionStatus, name: string) => s.limits.find((l) => l.name === name)!;
const setLimit = (token: string, name: string, value: string | null) => call('PUT', PROTECTION_PATHS.limit, token, { name, value });
const deposit = (token: string, amount: string) => call('POST', FUNDS_PATHS.depositOrders, token, { channelCode: 'BKASH', amount });
const orderCount = async (memberId: number) =>
  Number((await sql<{ n: string }>`select count(*) as n from deposit_order where member_id = ${memberId}`.execute(database.db)).rows[0]?.n);

async function player(funds = 100_000n) {
  const m = await fundedMember(database.db, t.clock.now, funds);
  const launch = await launchToken(t, m.token, games.slot.nodeId);
  return { ...m, b: bodies(launch, games.slot.gameCode), balance: () => walletBalance(database.db, m.memberId) };
}
const bet = (body: unknown) => providerCall(t, 'PG', 'bet', body);

/** A member who can log in with a password (username, password). */
async function passwordMember(funds = 0n) {
  const m = await fundedMember(database.db, t.clock.now, funds);
  await sql`update member set password_hash = ${await hashPassword('login-pass-1', 'test')}, first_login = false,
    payment_password_hash = ${await hashPassword('246810', 'test')}, full_name = 'Rahim Uddin' where id = ${m.memberId}`.execute(
    database.db,
  );
  const { username } = await database.db.selectFrom('member').select('username').where('id', '=', m.memberId).executeTakeFirstOrThrow();
  return { ...m, username, login: () => login(t, { username, password: 'login-pass-1' }) };
}

describe(`limits and the 24-hour rule (${testDbKind})`, () => {
  it('a first or lower limit applies at once; a raise or removal waits 24 hours, then needs confirming; cancel keeps the lower one', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    expect((await setLimit(m.token, 'DEPOSIT_DAY', '100000')).statusCode).toBe(200);
    expect(
      (await setLimit(m.token, 'DEPOSIT_DAY', '80000')).json().value.limits.find((l: { name: string }) => l.name === 'DEPOSIT_DAY'),
    ).toMatchObject({ value: '80000', pending: null });

    const raised = (await setLimit(m.token, 'DEPOSIT_DAY', '200000')).json().value as ProtectionStatus;
    const availableAt = new Date(t.clock.now.getTime() + 86_400_000).toISOString();
    expect(limitOf(raised, 'DEPOSIT_DAY')).toMatchObject({ value: '80000', pending: { value: '200000', availableAt, confirmable: false } });

    t.clock.advance(86_400_000 - 1);
    m.token = await memberSession(database.db, m.memberId, t.clock.now);
    const early = await call('POST', PROTECTION_PATHS.confirm, m.token, { name: 'DEPOSIT_DAY' });
    expect(early.json()).toMatchObject({ code: 'LIMIT_CHANGE_NOT_YET', value: { availableAt } });
    expect(limitOf(await statusOf(m.token), 'DEPOSIT_DAY').value).toBe('80000');

    t.clock.advance(1);
    expect(limitOf(await statusOf(m.token), 'DEPOSIT_DAY').pending?.confirmable).toBe(true);
    const confirmed = await call('POST', PROTECTION_PATHS.confirm, m.token, { name: 'DEPOSIT_DAY' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(limitOf(confirmed.json().value, 'DEPOSIT_DAY')).toMatchObject({ value: '200000', pending: null });

    // Removal is a raise too; a cancelled one leaves the limit as it was.
    expect(limitOf((await setLimit(m.token, 'DEPOSIT_DAY', null)).json().value, 'DEPOSIT_DAY').pending?.value).toBeNull();
    expect((await call('POST', PROTECTION_PATHS.cancel, m.token, { name: 'DEPOSIT_DAY' })).statusCode).toBe(200);
    expect(limitOf(await statusOf(m.token), 'DEPOSIT_DAY')).toMatchObject({ value: '200000', pending: null });
    expect((await call('POST', PROTECTION_PATHS.confirm, m.token, { name: 'DEPOSIT_DAY' })).json().code).toBe('LIMIT_CHANGE_NOT_PENDING');
    // A session limit is 1–1440 minutes.
    expect((await setLimit(m.token, 'SESSION_DAY', '1441')).statusCode).toBe(400);
    expect((await setLimit(m.token, 'WAGER_DAY', '0')).statusCode).toBe(400);
  });

  it('deposits: up to the limit exactly, then refused with nothing recorded; the next day it is open again', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    await setLimit(m.token, 'DEPOSIT_DAY', '100000');
    expect((await deposit(m.token, '60000')).statusCode).toBe(200);
    expect((await deposit(m.token, '40000')).statusCode).toBe(200);
    const before = await orderCount(m.memberId);
    const over = await deposit(m.token, '10000');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      message: 'errors.depositLimitReached',
      value: { name: 'DEPOSIT_DAY', limit: '100000', used: '100000', available: '0' },
    });
    expect(await orderCount(m.memberId)).toBe(before);
    expect(limitOf(await statusOf(m.token), 'DEPOSIT_DAY').used).toBe('100000');
    // An unpaid order stops counting once it expires: no money came in.
    t.clock.advance(31 * 60_000);
    expect((await deposit(m.token, '100000')).statusCode).toBe(200);
    // Paid orders count for the whole period: the gateway reports the three orders paid (the real credit path).
    const orders = await database.db.selectFrom('deposit_order').selectAll().where('member_id', '=', m.memberId).execute();
    for (const o of orders) {
      const paid = await applyPaymentEvent(
        database.db,
        o.gateway,
        {
          eventId: `evt-${randomUUID()}`,
          paymentId: o.gateway_payment_id ?? '',
          orderNo: o.order_no,
          status: 'PAID',
          transactionId: `tx-${randomUUID()}`,
          amount: o.amount,
          currency: o.currency,
          reason: null,
        },
        t.clock.now,
      );
      expect(paid.duplicate).toBe(false);
    }
    await setLimit(m.token, 'DEPOSIT_WEEK', '250000');
    t.clock.advance(86_400_000);
    m.token = await memberSession(database.db, m.memberId, t.clock.now);
    expect((await deposit(m.token, '60000')).json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      value: { name: 'DEPOSIT_WEEK', used: '200000' },
    });
    expect((await deposit(m.token, '50000')).statusCode).toBe(200);
  });

  it('bets: the wager limit and the loss limit (stakes − wins) at their boundary, refused at the provider wallet API', async () => {
    const p = await player();
    await setLimit(p.token, 'WAGER_DAY', '1000');
    expect((await bet(p.b.bet('w1', '600'))).statusCode).toBe(200);
    expect((await bet(p.b.bet('w2', '400'))).statusCode).toBe(200);
    const over = await bet(p.b.bet('w3', '1'));
    expect(over.statusCode).toBe(PROVIDER_ERRORS.PLAYER_LIMIT);
    expect(over.json()).toMatchObject({ status: 'PLAYER_LIMIT', balance: '99000' });
    expect(await p.balance()).toBe(99_000n);
    expect(limitOf(await statusOf(p.token), 'WAGER_DAY').used).toBe('1000');

    const q = await player();
    await setLimit(q.token, 'LOSS_DAY', '1000');
    expect((await bet(q.b.bet('l1', '1000'))).statusCode).toBe(200);
    expect((await bet(q.b.bet('l2', '1'))).json().status).toBe('PLAYER_LIMIT');
    expect((await providerCall(t, 'PG', 'win', q.b.win('l1', '400'))).statusCode).toBe(200);
    const l3 = q.b.bet('l3', '400');
    const taken = await bet(l3);
    expect(taken.statusCode).toBe(200);
    expect((await bet(q.b.bet('l4', '1'))).json().status).toBe('PLAYER_LIMIT');
    expect(limitOf(await statusOf(q.token), 'LOSS_DAY').used).toBe('1000');
    // A repeat of a bet taken before the limit was reached gets its first answer, and takes nothing more.
    const repeat = await bet(l3);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).toBe(taken.body);
    expect(await q.balance()).toBe(100_000n - 1400n + 400n);
  });

  it('two concurrent bets that together cross the limit: only what fits passes', async () => {
    const p = await player();
    await setLimit(p.token, 'WAGER_DAY', '1000');
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => bet(p.b.bet(`race-${i}`, '300'))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 417, 417]);
    expect(await p.balance()).toBe(100_000n - 900n);

    const q = await player();
    await setLimit(q.token, 'WAGER_DAY', '1000');
    const pair = await Promise.all([bet(q.b.bet('pair-1', '600')), bet(q.b.bet('pair-2', '600'))]);
    expect(pair.map((a) => a.statusCode).sort()).toEqual([200, 417]);
    expect(await q.balance()).toBe(100_000n - 600n);
  });
});

describe(`session time and login (${testDbKind})`, () => {
  it('a session past the daily limit ends; login is refused until the next day', async () => {
    const m = await passwordMember();
    const token = await memberSession(database.db, m.memberId, t.clock.now);
    await setLimit(token, 'SESSION_DAY', '30');
    t.clock.advance(29 * 60_000 + 59_000);
    expect((await call('GET', PROTECTION_PATHS.status, token)).statusCode).toBe(200);
    t.clock.advance(1_000);
    const ended = await call('GET', PROTECTION_PATHS.status, token);
    expect(ended.json()).toMatchObject({ code: 'SESSION_LIMIT_REACHED', message: 'errors.sessionLimitReached' });
    expect((await call('GET', PROTECTION_PATHS.status, token)).json().code).toBe('NOT_LOGGED_IN');
    expect((await m.login()).json().code).toBe('SESSION_LIMIT_REACHED');
    t.clock.now = new Date(Date.parse(ended.json().value.periodEnd) + 1);
    const next = await m.login();
    expect(next.statusCode, next.body).toBe(200);
  });
});

describe(`cool-off and self-exclusion (${testDbKind})`, () => {
  it('self-exclusion closes login, deposits and play, cannot be shortened, and leaves withdrawal open', async () => {
    const m = await passwordMember(100_000n);
    const launch = await launchToken(t, m.token, games.slot.nodeId);
    const other = await memberSession(database.db, m.memberId, t.clock.now);
    const until = new Date(t.clock.now.getTime());
    until.setUTCMonth(until.getUTCMonth() + 6);
    const started = await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'SELF_EXCLUSION', duration: '6M' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().value.block).toEqual({
      kind: 'SELF_EXCLUSION',
      startedAt: t.clock.now.toISOString(),
      until: until.toISOString(),
    });
    expect((await call('GET', PROTECTION_PATHS.status, other)).json().code).toBe('NOT_LOGGED_IN');

    const refusedLogin = await m.login();
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json()).toMatchObject({ code: 'PROTECTION_SELF_EXCLUDED', value: { kind: 'SELF_EXCLUSION' } });
    const orders = await orderCount(m.memberId);
    expect((await deposit(m.token, '50000')).json().code).toBe('PROTECTION_SELF_EXCLUDED');
    expect(await orderCount(m.memberId)).toBe(orders);
    const b = bodies(launch, games.slot.gameCode);
    const refusedBet = await bet(b.bet('x1', '100'));
    expect(refusedBet.statusCode).toBe(PROVIDER_ERRORS.PLAYER_EXCLUDED);
    expect(refusedBet.json().status).toBe('PLAYER_EXCLUDED');
    expect(await walletBalance(database.db, m.memberId)).toBe(100_000n);
    const shorter = await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'COOL_OFF', duration: '1D' });
    expect(shorter.json().code).toBe('PROTECTION_BLOCK_ACTIVE');

    // The balance can still be withdrawn from the session that started the exclusion (decision 043).
    const withdrawal = await sealed(
      t,
      'POST',
      FUNDS_PATHS.withdrawals,
      {
        requestId: randomUUID(),
        amount: '60000',
        method: 'BKASH',
        accountName: 'Rahim Uddin',
        accountNumber: '01712345678',
        paymentPassword: '246810',
      },
      { token: m.token },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });

  it('a cool-off ends on its own time, not before', async () => {
    const m = await passwordMember();
    expect((await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'COOL_OFF', duration: '1D' })).statusCode).toBe(200);
    expect((await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'SELF_EXCLUSION', duration: '6M' })).statusCode).toBe(200);
    const n = await passwordMember();
    await call('POST', PROTECTION_PATHS.block, n.token, { kind: 'COOL_OFF', duration: '1D' });
    t.clock.advance(86_400_000 - 1);
    expect((await n.login()).json()).toMatchObject({ code: 'PROTECTION_COOL_OFF', message: 'errors.protectionCoolOff' });
    t.clock.advance(1);
    expect((await n.login()).statusCode).toBe(200);
    // The longer self-exclusion that replaced the first member's cool-off still holds.
    expect((await m.login()).json().code).toBe('PROTECTION_SELF_EXCLUDED');
  });
});

describe(`staff view (${testDbKind})`, () => {
  it('reads a member’s limits and block with members.read', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    await setLimit(m.token, 'LOSS_WEEK', '500000');
    const owner = await signedInStaff(t, 'owner');
    const res = await consoleCall(t, 'GET', consoleMemberProtectionPath(m.memberId), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ memberId: m.memberId, block: null });
    expect(limitOf(res.json().value, 'LOSS_WEEK').value).toBe('500000');
    expect((await consoleCall(t, 'GET', consoleMemberProtectionPath(2_000_000_000), owner.token)).statusCode).toBe(404);
  });
});
