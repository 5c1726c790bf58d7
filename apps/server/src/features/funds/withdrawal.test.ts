import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS, OPS_FUNDS_PATHS } from '@playfront/contract/funds';
import { MESSAGES_PATHS } from '@playfront/contract/messages';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { databasePerFile } from '../../../test/database-per-file.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { hashPassword } from '../session/password-hashing.ts';
import { expectBooksClean, loggedInMember, walletBalance } from './funds.fixtures.ts';

let database: TestDatabase;
let t: TestApp;

async function open(): Promise<void> {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
}
async function close(): Promise<void> {
  await t.app.close();
  await database.close();
}
/**
 * One database and app for the file (decision 037): every test withdraws with members of its own and checks their
 * orders, holds and messages. The operators' list of every pending order gets a database of its own.
 */
const ownDatabasePerTest = databasePerFile({
  open,
  close,
  keep: () => {
    const shared = [database, t] as const;
    return () => {
      [database, t] = shared;
    };
  },
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });
const OPS = { [OPERATOR_KEY_HEADER]: OPERATOR_KEY };

/** A member with a login password, a payment password and `funds` in the wallet. */
async function richMember(funds: bigint, paymentPassword: string | null = '246810') {
  const m = await loggedInMember(database.db, t.clock.now);
  await sql`update member set password_hash = ${await hashPassword('login-pass-1', 'test')},
    payment_password_hash = ${paymentPassword ? await hashPassword(paymentPassword, 'test') : null} where id = ${m.memberId}`.execute(
    database.db,
  );
  if (funds > 0n) await deposit(database.db, await memberWallet(database.db, m.memberId), funds);
  return m;
}

const withdrawBody = (over: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  amount: '60000',
  method: 'BKASH',
  accountName: 'Rahim Uddin',
  accountNumber: '01712345678',
  paymentPassword: '246810',
  ...over,
});
const withdraw = (token: string, body: Record<string, unknown>) => sealed(t, 'POST', FUNDS_PATHS.withdrawals, body, { token });

async function holdBalance(memberId: number): Promise<bigint> {
  const row = await database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'WITHDRAWAL_HOLD')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

describe(`payment password (${testDbKind})`, () => {
  it('is set the first time with the login password, not again with it, and only through a sealed body', async () => {
    const m = await richMember(0n, null);
    const info = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.withdrawInfo, headers: H(m.token) });
    expect(info.json().value).toMatchObject({ hasPaymentPassword: false, min: '50000', max: '5000000', available: '0', currency: 'BDT' });

    const plain = await t.app.inject({
      method: 'POST',
      url: FUNDS_PATHS.paymentPassword,
      headers: H(m.token),
      payload: { newPaymentPassword: '123456', password: 'login-pass-1' },
    });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    const wrong = await sealed(
      t,
      'POST',
      FUNDS_PATHS.paymentPassword,
      { newPaymentPassword: '123456', password: 'nope' },
      { token: m.token },
    );
    expect(wrong.json().code).toBe('OLD_PASSWORD_INCORRECT');
    const set = await sealed(
      t,
      'POST',
      FUNDS_PATHS.paymentPassword,
      { newPaymentPassword: '123456', password: 'login-pass-1' },
      { token: m.token },
    );
    expect(set.statusCode, set.body).toBe(200);
    // Once set, the login password no longer suffices.
    const again = await sealed(
      t,
      'POST',
      FUNDS_PATHS.paymentPassword,
      { newPaymentPassword: '654321', password: 'login-pass-1' },
      { token: m.token },
    );
    expect(again.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    // A change needs an SMS code too (payment-password.test.ts), so a mobile on the account.
    const change = await sealed(
      t,
      'POST',
      FUNDS_PATHS.paymentPassword,
      { newPaymentPassword: '654321', oldPaymentPassword: '123456', smsCode: '123456' },
      { token: m.token },
    );
    expect(change.json().code).toBe('MOBILE_NOT_BOUND');
    const stored = await database.db
      .selectFrom('member')
      .select('payment_password_hash')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(stored.payment_password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe(`withdrawals (${testDbKind})`, () => {
  it('blocks the payment password after 5 wrong tries, even the right one, and holds nothing', async () => {
    const m = await richMember(100_000n);
    for (let i = 0; i < 4; i++) {
      expect((await withdraw(m.token, withdrawBody({ paymentPassword: '000000' }))).json().code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    const fifth = await withdraw(m.token, withdrawBody({ paymentPassword: '000000' }));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: expect.any(Number) } });
    const right = await withdraw(m.token, withdrawBody());
    expect(right.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await database.db.selectFrom('withdrawal_order').select('id').where('member_id', '=', m.memberId).execute()).toEqual([]);
  });

  it('checks the payment password and limits, holds the amount, and a refused request leaves nothing', async () => {
    const none = await richMember(100_000n, null);
    expect((await withdraw(none.token, withdrawBody())).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    const m = await richMember(100_000n);
    expect((await withdraw(m.token, withdrawBody({ paymentPassword: '000000' }))).json().code).toBe('PAYMENT_PASSWORD_INVALID');
    const low = await withdraw(m.token, withdrawBody({ amount: '49999' }));
    expect(low.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', value: { min: '50000', max: '5000000' } });
    const poor = await withdraw(m.token, withdrawBody({ amount: '100001' }));
    expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
    // The member sees their balance, never the ledger's internal account id.
    expect(poor.json().value).toEqual({ balance: '100000' });
    expect(await database.db.selectFrom('withdrawal_order').select('id').where('member_id', '=', m.memberId).execute()).toEqual([]);

    const ok = await withdraw(m.token, withdrawBody({ amount: '60000' }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'PENDING', amount: '60000', accountNumber: '*******5678', method: 'BKASH' });
    expect(await walletBalance(database.db, m.memberId)).toBe(40_000n);
    expect(await holdBalance(m.memberId)).toBe(60_000n);
    const consolidated = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.consolidated, headers: H(m.token) });
    expect(consolidated.json().value).toMatchObject({ main: '40000', pendingWithdrawals: '60000', total: '100000', vendors: [] });
    await expectBooksClean(database.db);
  });

  it('a resent request (same requestId), also concurrently, gives the first order; other content under it is refused', async () => {
    const m = await richMember(200_000n);
    const body = withdrawBody({ amount: '70000' });
    const results = await Promise.all(Array.from({ length: 6 }, () => withdraw(m.token, body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().value.orderNo)).size).toBe(1);
    expect(await walletBalance(database.db, m.memberId)).toBe(130_000n);
    const changed = await withdraw(m.token, { ...body, amount: '80000' });
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await holdBalance(m.memberId)).toBe(70_000n);
    await expectBooksClean(database.db);
  });

  it('concurrent requests never hold more than the balance', async () => {
    const m = await richMember(100_000n);
    const results = await Promise.all(Array.from({ length: 5 }, () => withdraw(m.token, withdrawBody({ amount: '50000' }))));
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code)).sort();
    expect(codes).toEqual(['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', 'OK', 'OK']);
    expect(await walletBalance(database.db, m.memberId)).toBe(0n);
    expect(await holdBalance(m.memberId)).toBe(100_000n);
    await expectBooksClean(database.db);
  });

  it('withdrawals and vendor-wallet transfers racing for the same balance never overdraw it', async () => {
    const m = await richMember(200_000n);
    const transfer = () =>
      t.app.inject({
        method: 'POST',
        url: FUNDS_PATHS.walletTransfer,
        headers: H(m.token),
        payload: { requestId: randomUUID(), direction: 'IN', vendorCode: 'SBO', amount: '60000' },
      });
    // 4 withdrawals and 4 transfers of 600.00 each against 2,000.00: exactly 3 can pass, in any mix.
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? withdraw(m.token, withdrawBody({ amount: '60000' })) : transfer())),
    );
    const passed = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(passed).toBe(3);
    expect(refused.map((r) => r.json().code)).toEqual(Array(5).fill('INSUFFICIENT_FUNDS'));
    expect(await walletBalance(database.db, m.memberId)).toBe(20_000n);
    await expectBooksClean(database.db);
  });

  it("keeps to the VIP level's daily limit, also when requests race; a rejected order frees its part; a higher level allows more", async () => {
    // The demo brand's Bronze (level 0) allows ৳50,000.00 a day, Silver (level 1) ৳100,000.00.
    const m = await richMember(20_000_000n);
    expect((await withdraw(m.token, withdrawBody({ amount: '3000000' }))).statusCode).toBe(200);
    const racing = await Promise.all(Array.from({ length: 6 }, () => withdraw(m.token, withdrawBody({ amount: '1000000' }))));
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = racing.filter((r) => r.statusCode !== 200).map((r) => r.json());
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ code: 'WITHDRAW_DAILY_LIMIT', value: { limit: '5000000', left: '0' } });
    expect(await holdBalance(m.memberId)).toBe(5_000_000n);
    const info = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.withdrawInfo, headers: H(m.token) });
    expect(info.json().value).toMatchObject({ dailyLimit: '5000000', dailyLeft: '0' });

    const first = await database.db
      .selectFrom('withdrawal_order')
      .select('order_no')
      .where('member_id', '=', m.memberId)
      .where('amount', '=', 3_000_000n)
      .executeTakeFirstOrThrow();
    const rejected = await t.app.inject({
      method: 'POST',
      url: OPS_FUNDS_PATHS.reject.replace(':orderNo', first.order_no),
      headers: OPS,
      payload: { reason: 'Account name mismatch' },
    });
    expect(rejected.statusCode).toBe(200);
    const over = await withdraw(m.token, withdrawBody({ amount: '3000001' }));
    expect(over.json()).toMatchObject({ code: 'WITHDRAW_DAILY_LIMIT', value: { left: '3000000' } });
    expect((await withdraw(m.token, withdrawBody({ amount: '3000000' }))).statusCode).toBe(200);

    await sql`update member set vip_level = 1 where id = ${m.memberId}`.execute(database.db);
    expect((await withdraw(m.token, withdrawBody({ amount: '5000000' }))).statusCode).toBe(200);
    expect((await withdraw(m.token, withdrawBody({ amount: '50000' }))).json().code).toBe('WITHDRAW_DAILY_LIMIT');
    await expectBooksClean(database.db);
  });

  describe('the operators’ list of every pending order, on a database of its own', () => {
    ownDatabasePerTest();

    it('operators approve or reject once, behind the operator key, and the member gets the message', async () => {
      const m = await richMember(300_000n);
      const a = (await withdraw(m.token, withdrawBody({ amount: '100000' }))).json().value.orderNo as string;
      const b = (
        await withdraw(m.token, withdrawBody({ amount: '150000', accountNumber: '0123456789012', method: 'BANK', bankName: 'Sonali Bank' }))
      ).json().value.orderNo as string;

      const noKey = await t.app.inject({ method: 'GET', url: OPS_FUNDS_PATHS.withdrawals });
      expect(noKey.statusCode).toBe(401);
      const badKey = await t.app.inject({
        method: 'POST',
        url: OPS_FUNDS_PATHS.approve.replace(':orderNo', a),
        headers: { [OPERATOR_KEY_HEADER]: 'x'.repeat(40) },
      });
      expect(badKey.json().code).toBe('OPERATOR_UNAUTHORIZED');
      const pending = await t.app.inject({ method: 'GET', url: `${OPS_FUNDS_PATHS.withdrawals}?status=PENDING`, headers: OPS });
      expect(pending.json().value.total).toBe(2);
      expect(pending.json().value.list[1]).toMatchObject({ orderNo: b, accountNumber: '0123456789012', bankName: 'Sonali Bank' });

      const approve = await t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', a), headers: OPS });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(approve.json().value.status).toBe('APPROVED');
      const twice = await t.app.inject({
        method: 'POST',
        url: OPS_FUNDS_PATHS.reject.replace(':orderNo', a),
        headers: OPS,
        payload: { reason: 'late' },
      });
      expect(twice.json().code).toBe('WITHDRAWAL_NOT_PENDING');
      // The operator's retry of the same decision (its answer was lost) answers the order again and pays nothing twice.
      const retried = await t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', a), headers: OPS });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json().value).toMatchObject({ orderNo: a, status: 'APPROVED' });
      const reject = await t.app.inject({
        method: 'POST',
        url: OPS_FUNDS_PATHS.reject.replace(':orderNo', b),
        headers: OPS,
        payload: { reason: 'Account name mismatch' },
      });
      expect(reject.json().value).toMatchObject({ status: 'REJECTED', rejectReason: 'Account name mismatch' });
      const missing = await t.app.inject({
        method: 'POST',
        url: OPS_FUNDS_PATHS.approve.replace(':orderNo', 'W0000000000000000000'),
        headers: OPS,
      });
      expect(missing.statusCode).toBe(404);

      expect(await walletBalance(database.db, m.memberId)).toBe(200_000n);
      expect(await holdBalance(m.memberId)).toBe(0n);
      const list = await t.app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(m.token) });
      expect(
        list
          .json()
          .value.list.map((x: { type: string; amount: string; params: Record<string, string> }) => [
            x.type,
            x.amount,
            x.params.reason ?? null,
          ]),
      ).toEqual([
        ['WITHDRAW_REJECTED', '150000', 'Account name mismatch'],
        ['WITHDRAW_APPROVED', '100000', null],
      ]);
      const mine = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.withdrawals, headers: H(m.token) });
      expect(mine.json().value.list.map((w: { status: string }) => w.status)).toEqual(['REJECTED', 'APPROVED']);
      await expectBooksClean(database.db);
    });
  });

  it('two operators clicking at once (approve and reject, repeated): exactly one decision applies', async () => {
    const m = await richMember(500_000n);
    const decisionsBefore = await database.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('idempotency_scope', '=', 'withdrawal-decision')
      .execute();
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) orders.push((await withdraw(m.token, withdrawBody({ amount: '100000' }))).json().value.orderNo);
    for (const orderNo of orders) {
      const clicks = await Promise.all([
        t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', orderNo), headers: OPS }),
        t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.reject.replace(':orderNo', orderNo), headers: OPS, payload: { reason: 'r' } }),
        t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', orderNo), headers: OPS }),
      ]);
      // One decision wins; a click for the same decision is answered with it (a repeat), the other decision is refused.
      const won = clicks.find((c) => c.statusCode === 200)?.json().value.status;
      expect(['APPROVED', 'REJECTED']).toContain(won);
      const sameAsWon = (i: number) => (i === 1 ? won === 'REJECTED' : won === 'APPROVED');
      clicks.forEach((c, i) => {
        if (sameAsWon(i)) expect(c.json().value?.status, c.body).toBe(won);
        else expect(c.json().code, c.body).toBe('WITHDRAWAL_NOT_PENDING');
      });
    }
    const decided = await database.db
      .selectFrom('ledger_transfer')
      .select('id')
      .where('idempotency_scope', '=', 'withdrawal-decision')
      .execute();
    expect(decided).toHaveLength(decisionsBefore.length + 4);
    const messages = await database.db.selectFrom('member_message').select('id').where('member_id', '=', m.memberId).execute();
    expect(messages).toHaveLength(4);
    expect(await holdBalance(m.memberId)).toBe(0n);
    await expectBooksClean(database.db);
  });
});
