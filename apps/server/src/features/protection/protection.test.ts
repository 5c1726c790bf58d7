import { randomUUID } from 'node:crypto';
import { ENVELOPE_PATHS } from '@playfront/contract/envelopes-paths';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { LOBBY_PATHS } from '@playfront/contract/games-paths';
import { MISSION_PATHS } from '@playfront/contract/missions-paths';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { consoleMemberProtectionPath, PROTECTION_PATHS, type ProtectionStatus } from '@playfront/contract/protection';
import { PROVIDER_ERRORS } from '@playfront/contract/provider-wallet';
import { REBATE_PATHS } from '@playfront/contract/rebates-paths';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { WALLET_PATHS } from '@playfront/contract/wallet';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { consoleCall, signedInStaff } from '../console/console.fixtures.ts';
import { applyPaymentEvent } from '../funds/deposit.service.ts';
import { memberSession, SANDBOX_SECRET, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { bodies, type DemoGames, demoGames, fundedMember, launchGame, launchToken, PLAY_ENV, providerCall } from '../play/play.fixtures.ts';
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
const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
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

const withdrawBody = (amount: string, extra: object = {}) => ({
  requestId: randomUUID(),
  amount,
  method: 'BKASH',
  accountName: 'Rahim Uddin',
  accountNumber: '01712345678',
  paymentPassword: '246810',
  ...extra,
});
const withdraw = (token: string, amount: string, extra: object = {}) =>
  sealed(t, 'POST', FUNDS_PATHS.withdrawals, withdrawBody(amount, extra), { token });
/** A claimable reward of the demo promotion `weekend-reload` (as its deposit rule would leave it). */
const claimableReward = (memberId: number) =>
  sql`insert into promotion_participation (promotion_id, member_id, period_key, state, reward_amount, deposit_amount, created_at, updated_at)
    select id, ${memberId}, 'p-' || ${memberId}, 'claimable', 10000, 50000, now(), now() from promotion where code = 'weekend-reload'`.execute(
    database.db,
  );
const flagsOf = (memberId: number, kind: 'BONUS_HUNTING') =>
  database.db.selectFrom('risk_flag').select(['kind', 'details']).where('member_id', '=', memberId).where('kind', '=', kind).execute();

describe(`withdrawal-only sign-in during a block (${testDbKind}, decision 051)`, () => {
  it('login answers the exclusion with a withdrawal-only session: balance and withdrawal work, nothing else does', async () => {
    const m = await passwordMember(100_000n);
    expect((await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'SELF_EXCLUSION', duration: '6M' })).statusCode).toBe(200);
    expect((await call('DELETE', SESSION_PATHS.logout, m.token)).statusCode).toBe(200);

    const refused = await m.login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PROTECTION_SELF_EXCLUDED', value: { kind: 'SELF_EXCLUSION' } });
    const w = refused.json().value.withdrawalToken as string;
    expect(w).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The token is a session of its own, marked restricted.
    const scopes = await sql<{
      scope: string;
    }>`select scope from member_session where member_id = ${m.memberId} and revoked_at is null`.execute(database.db);
    expect(scopes.rows.map((r) => r.scope)).toEqual(['WITHDRAW_ONLY']);

    const balance = await call('GET', WALLET_PATHS.balance, w);
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json().value.balance).toBe('100000');
    expect((await call('GET', FUNDS_PATHS.withdrawInfo, w)).json().value).toMatchObject({ available: '100000', hasPaymentPassword: true });
    const out = await withdraw(w, '60000');
    expect(out.statusCode, out.body).toBe(200);
    const mine = await call('GET', `${FUNDS_PATHS.withdrawals}?pageNo=1&pageSize=10`, w);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().value.list).toEqual([expect.objectContaining({ amount: '60000', status: 'PENDING' })]);

    // Deposit, play, transfer, claims and every other member call: the exclusion message, nothing changed.
    const orders = await orderCount(m.memberId);
    const excluded = { code: 'PROTECTION_SELF_EXCLUDED', message: 'errors.protectionSelfExcluded' };
    expect((await deposit(w, '50000')).json()).toMatchObject(excluded);
    expect(await orderCount(m.memberId)).toBe(orders);
    expect((await launchGame(t, w, { nodeId: games.slot.nodeId })).json()).toMatchObject(excluded);
    expect(
      (
        await call('POST', FUNDS_PATHS.walletTransfer, w, { requestId: randomUUID(), vendorCode: 'PG', amount: '100', direction: 'IN' })
      ).json(),
    ).toMatchObject(excluded);
    await claimableReward(m.memberId);
    expect((await call('POST', PROMOTION_PATHS.claim.replace(':code', 'weekend-reload'), w)).json()).toMatchObject(excluded);
    expect((await call('POST', REBATE_PATHS.claim, w)).json()).toMatchObject(excluded);
    expect((await call('GET', PROTECTION_PATHS.status, w)).json()).toMatchObject(excluded);
    expect((await call('GET', SESSION_PATHS.memberInfo, w)).json()).toMatchObject(excluded);
    expect(await walletBalance(database.db, m.memberId)).toBe(40_000n);
    const grants = await sql<{ n: string }>`select count(*) as n from bonus_grant where member_id = ${m.memberId}`.execute(database.db);
    expect(Number(grants.rows[0]?.n)).toBe(0);

    // A withdrawal-only session is short: 30 minutes at most.
    t.clock.advance(30 * 60_000);
    expect((await call('GET', WALLET_PATHS.balance, w)).json().code).toBe('SESSION_EXPIRED');
  });

  it('once a cool-off is over, its withdrawal-only session is of no further use and a normal login works', async () => {
    const m = await passwordMember(10_000n);
    await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'COOL_OFF', duration: '1D' });
    t.clock.advance(86_400_000 - 60_000);
    const w = (await m.login()).json().value.withdrawalToken as string;
    expect((await call('GET', PROTECTION_PATHS.status, w)).json().code).toBe('PROTECTION_COOL_OFF');
    t.clock.advance(60_000);
    expect((await call('GET', PROTECTION_PATHS.status, w)).json().code).toBe('SESSION_EXPIRED');
    expect((await call('GET', WALLET_PATHS.balance, w)).json().code).toBe('NOT_LOGGED_IN');
    const full = await m.login();
    expect(full.statusCode, full.body).toBe(200);
    expect((await call('GET', PROTECTION_PATHS.status, full.json().value.token)).statusCode).toBe(200);
  });
});

describe(`no marketing during a block (${testDbKind}, decision 051)`, () => {
  it('no popups or promotion notices; promotion joins, reward claims and envelopes refused with the block’s message', async () => {
    const m = await fundedMember(database.db, t.clock.now, 10_000n);
    const notice = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${LOBBY_PATHS.notice}?types=B,PL,PU,PR&platform=W&execution=A,B,F`,
        headers: token ? H(token) : { merchant: 'DEMO' },
      });
    const before = (await notice(m.token)).json().value;
    expect(before.popup.length).toBeGreaterThan(0);
    expect(before.promotion.length).toBeGreaterThan(0);

    await claimableReward(m.memberId);
    expect((await call('POST', PROTECTION_PATHS.block, m.token, { kind: 'COOL_OFF', duration: '1W' })).statusCode).toBe(200);
    // The session that started the cool-off stays open (for withdrawing), but it sees and takes no marketing.
    const during = await notice(m.token);
    expect(during.headers['cache-control']).toBe('private, no-store');
    expect(during.json().value).toMatchObject({ popup: [], promotion: [], banners: before.banners });
    const guest = (await notice()).json().value;
    expect(guest.popup.length).toBeGreaterThan(0);

    const coolOff = { code: 'PROTECTION_COOL_OFF', message: 'errors.protectionCoolOff', value: { kind: 'COOL_OFF' } };
    expect((await call('POST', PROMOTION_PATHS.join.replace(':code', 'welcome-bonus'), m.token)).json()).toMatchObject(coolOff);
    expect((await call('POST', PROMOTION_PATHS.apply.replace(':code', 'welcome-bonus'), m.token, {})).json()).toMatchObject(coolOff);
    expect((await call('POST', PROMOTION_PATHS.claim.replace(':code', 'weekend-reload'), m.token)).json()).toMatchObject(coolOff);
    expect((await call('POST', REBATE_PATHS.claim, m.token)).json()).toMatchObject(coolOff);
    expect((await call('POST', MISSION_PATHS.claim.replace(':missionId', '1'), m.token)).json()).toMatchObject(coolOff);
    expect((await call('POST', ENVELOPE_PATHS.open, m.token, { occurrenceId: '1' })).json()).toMatchObject(coolOff);
    const states = await sql<{ state: string }>`select state from promotion_participation where member_id = ${m.memberId}`.execute(
      database.db,
    );
    expect(states.rows).toEqual([{ state: 'claimable' }]);
    expect(await walletBalance(database.db, m.memberId)).toBe(10_000n);

    // After the cool-off, the same reward can be claimed.
    t.clock.advance(7 * 86_400_000);
    const again = await memberSession(database.db, m.memberId, t.clock.now);
    const claimed = await call('POST', PROMOTION_PATHS.claim.replace(':code', 'weekend-reload'), again);
    expect(claimed.statusCode, claimed.body).toBe(200);
  });
});

describe(`bonus hunting (${testDbKind}, decision 051)`, () => {
  it('a bonus claimed, hardly played, then withdrawals: one BONUS_HUNTING flag for that bonus; a member without one gets none', async () => {
    const m = await passwordMember(200_000n);
    await claimableReward(m.memberId);
    const claimed = await call('POST', PROMOTION_PATHS.claim.replace(':code', 'weekend-reload'), m.token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const launch = await launchToken(t, m.token, games.slot.nodeId);
    const b = bodies(launch, games.slot.gameCode);
    expect((await bet(b.bet('hunt-1', '100'))).statusCode).toBe(200);
    expect((await providerCall(t, 'PG', 'win', b.win('hunt-1', '0', undefined, true))).statusCode).toBe(200);
    await t.app.moneyOutbox?.drain();

    const first = await withdraw(m.token, '50000', { forfeitBonus: true });
    expect(first.statusCode, first.body).toBe(200);
    const second = await withdraw(m.token, '50000');
    expect(second.statusCode, second.body).toBe(200);
    const flags = await flagsOf(m.memberId, 'BONUS_HUNTING');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.details).toMatchObject({ bonus: '10000', wagered: expect.any(String), orderNo: first.json().value.orderNo });
    expect(BigInt(flags[0]!.details.wagered as string)).toBeLessThan(BigInt(flags[0]!.details.wageringRequired as string) / 10n);

    const plain = await passwordMember(100_000n);
    expect((await withdraw(plain.token, '50000')).statusCode).toBe(200);
    expect(await flagsOf(plain.memberId, 'BONUS_HUNTING')).toEqual([]);
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
