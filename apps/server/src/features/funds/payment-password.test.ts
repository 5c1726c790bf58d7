import { randomInt, randomUUID } from 'node:crypto';
import { FUNDS_PATHS, OPS_FUNDS_PATHS } from '@playfront/contract/funds';
import { MESSAGES_PATHS } from '@playfront/contract/messages';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lastCode, makeApp, makeClock, OPERATOR_KEY, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { LIMIT_RULES } from '../session/abuse-limits.ts';
import { hashPassword } from '../session/password-hashing.ts';
import { expectBooksClean, loggedInMember, walletBalance } from './funds.fixtures.ts';

/**
 * The payment PIN (issue 21 item 1): one check that always counts, shared by every caller, so a session alone
 * cannot guess it; changing it needs an SMS code and tells the member; a new payee is flagged for the operator.
 */
let database: TestDatabase;
let t: TestApp;

beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
});

afterEach(async () => {
  await t.app.close();
  await database.close();
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });
const PIN = '246810';
const WRONG = '000000';
const TRIES = LIMIT_RULES.paymentPasswordFail.points;

/** A member with a login password, the payment password PIN, `funds`, a mobile unless told not, and an upline. */
async function member(funds: bigint, opts: { pin?: string | null; mobile?: boolean; uplineId?: number; type?: number } = {}) {
  const m = await loggedInMember(database.db, t.clock.now, opts.type ?? 0);
  const pin = opts.pin === undefined ? PIN : opts.pin;
  const mobile = opts.mobile === false ? null : `17${String(randomInt(10_000_000, 99_999_999))}`;
  await sql`update member set password_hash = ${await hashPassword('login-pass-1', 'test')},
    payment_password_hash = ${pin ? await hashPassword(pin, 'test') : null},
    country_dialing_code = ${mobile ? '+880' : null}, mobile = ${mobile}, upline_id = ${opts.uplineId ?? null}
    where id = ${m.memberId}`.execute(database.db);
  if (funds > 0n) await deposit(database.db, await memberWallet(database.db, m.memberId), funds);
  return { ...m, e164: mobile ? `+880${mobile}` : null };
}

const withdrawBody = (over: Record<string, unknown> = {}) => ({
  requestId: randomUUID(),
  amount: '60000',
  method: 'BKASH',
  accountName: 'Rahim Uddin',
  accountNumber: '01712345678',
  paymentPassword: PIN,
  ...over,
});
const withdraw = (token: string, over: Record<string, unknown> = {}) =>
  sealed(t, 'POST', FUNDS_PATHS.withdrawals, withdrawBody(over), { token });
const toUpline = (token: string, paymentPassword: string) =>
  sealed(t, 'POST', FUNDS_PATHS.transferUpline, { requestId: randomUUID(), amount: '1000', paymentPassword }, { token });
const setPin = (token: string, body: Record<string, unknown>) => sealed(t, 'POST', FUNDS_PATHS.paymentPassword, body, { token });
const sendCode = (token: string) => t.app.inject({ method: 'POST', url: FUNDS_PATHS.paymentPasswordCode, headers: H(token) });

describe(`payment password (${testDbKind})`, () => {
  it('counts wrong PINs of the upline transfer, and the lock then refuses the right PIN everywhere, moving nothing', async () => {
    const agent = await member(0n, { type: 1 });
    const m = await member(200_000n, { uplineId: agent.memberId });
    for (let i = 0; i < TRIES - 1; i++) expect((await toUpline(m.token, WRONG)).json().code).toBe('PAYMENT_PASSWORD_INVALID');
    const last = await toUpline(m.token, WRONG);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: expect.any(Number) } });
    // Locked: the right PIN is refused by the transfer, the withdrawal and the PIN change alike.
    expect((await toUpline(m.token, PIN)).json().code).toBe('TOO_MANY_REQUESTS');
    expect((await withdraw(m.token)).json().code).toBe('TOO_MANY_REQUESTS');
    expect((await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: PIN, smsCode: '123456' })).json().code).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect(await walletBalance(database.db, m.memberId)).toBe(200_000n);
    expect(await walletBalance(database.db, agent.memberId)).toBe(0n);
    await expectBooksClean(database.db);
  });

  it('counts wrong old PINs of a PIN change with the same lock as withdrawals', async () => {
    const m = await member(200_000n);
    for (let i = 0; i < TRIES - 1; i++) {
      const guess = await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: String(100_000 + i), smsCode: '123456' });
      expect(guess.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    }
    expect((await withdraw(m.token, { paymentPassword: WRONG })).statusCode).toBe(429);
    expect((await withdraw(m.token)).json().code).toBe('TOO_MANY_REQUESTS');
    expect(await walletBalance(database.db, m.memberId)).toBe(200_000n);
  });

  it('counts wrong login passwords of the first set like login does', async () => {
    const m = await member(0n, { pin: null });
    for (let i = 0; i < LIMIT_RULES.loginFailAccountIp.points - 1; i++) {
      expect((await setPin(m.token, { newPaymentPassword: PIN, password: `guess-${i}` })).json().code).toBe('OLD_PASSWORD_INCORRECT');
    }
    expect((await setPin(m.token, { newPaymentPassword: PIN, password: 'guess-last' })).statusCode).toBe(429);
    expect((await setPin(m.token, { newPaymentPassword: PIN, password: 'login-pass-1' })).json().code).toBe('TOO_MANY_REQUESTS');
    const stored = await database.db
      .selectFrom('member')
      .select('payment_password_hash')
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    expect(stored.payment_password_hash).toBeNull();
  });

  it('changes the PIN only with an SMS code to the member’s mobile, and tells the member', async () => {
    const m = await member(200_000n);
    const noCode = await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: PIN });
    expect(noCode.json().code).toBe('INVALID_VERIFICATION_CODE');
    const wrongCode = await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: PIN, smsCode: '000000' });
    expect(wrongCode.json().code).toBe('INVALID_VERIFICATION_CODE');

    const sent = await sendCode(m.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ maskedMobile: expect.stringMatching(/^\+880 \*+\d{4}$/), expiredMinutes: 1 });
    const code = await lastCode(t, m.e164 as string);
    expect(code).toMatch(/^\d{6}$/);
    const changed = await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: PIN, smsCode: code });
    expect(changed.statusCode, changed.body).toBe(200);
    // The code was single use, the old PIN is gone, the new one works.
    expect((await setPin(m.token, { newPaymentPassword: '112233', oldPaymentPassword: '135790', smsCode: code })).json().code).toBe(
      'INVALID_VERIFICATION_CODE',
    );
    expect((await withdraw(m.token)).json().code).toBe('PAYMENT_PASSWORD_INVALID');
    expect((await withdraw(m.token, { paymentPassword: '135790' })).statusCode).toBe(200);

    const messages = await t.app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(m.token) });
    expect(messages.json().value.list.map((x: { type: string }) => x.type)).toContain('PAYMENT_PASSWORD_CHANGED');
  });

  it('refuses to send the code, and so to change the PIN, without a mobile on the account', async () => {
    const m = await member(0n, { mobile: false });
    expect((await sendCode(m.token)).json().code).toBe('MOBILE_NOT_BOUND');
    expect((await setPin(m.token, { newPaymentPassword: '135790', oldPaymentPassword: PIN, smsCode: '123456' })).json().code).toBe(
      'MOBILE_NOT_BOUND',
    );
  });

  it('tells the member when the PIN is set the first time', async () => {
    const m = await member(0n, { pin: null });
    expect((await setPin(m.token, { newPaymentPassword: PIN, password: 'login-pass-1' })).statusCode).toBe(200);
    const messages = await t.app.inject({ method: 'GET', url: MESSAGES_PATHS.list, headers: H(m.token) });
    expect(messages.json().value.list.map((x: { type: string }) => x.type)).toEqual(['PAYMENT_PASSWORD_CHANGED']);
  });

  it('flags a withdrawal to an account the member was never paid to, for the operator', async () => {
    const m = await member(500_000n);
    const ops = { [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
    const flagOf = async (orderNo: string) => {
      const list = await t.app.inject({ method: 'GET', url: `${OPS_FUNDS_PATHS.withdrawals}?pageNo=1&pageSize=50`, headers: ops });
      return list.json().value.list.find((w: { orderNo: string }) => w.orderNo === orderNo)?.newPayee;
    };
    const first = (await withdraw(m.token)).json().value.orderNo;
    expect(await flagOf(first)).toBe(true);
    // Before any payout to it, a second request to the same account is still a new payee.
    const second = (await withdraw(m.token)).json().value.orderNo;
    expect(await flagOf(second)).toBe(true);
    const approved = await t.app.inject({ method: 'POST', url: OPS_FUNDS_PATHS.approve.replace(':orderNo', first), headers: ops });
    expect(approved.statusCode).toBe(200);
    expect(await flagOf((await withdraw(m.token)).json().value.orderNo)).toBe(false);
    expect(await flagOf((await withdraw(m.token, { accountNumber: '01899999999' })).json().value.orderNo)).toBe(true);
    expect(await flagOf((await withdraw(m.token, { method: 'NAGAD' })).json().value.orderNo)).toBe(true);
  });
});
