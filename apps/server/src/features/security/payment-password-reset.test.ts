import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { SECURITY_PATHS } from '@playfront/contract/security';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, lastCode, makeApp, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor, PAYMENT_PASSWORD } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { hashPassword, verifyPassword } from '../session/password-hashing.ts';

let database: TestDatabase;
let t: TestApp;
let token: string;
let memberId: number;
const LOGIN_PASSWORD = 'login-pass-77';
const E164 = '+8801813000077';
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' });
  ({ token, memberId } = await actor(database.db, t.clock.now));
  await database.db
    .updateTable('member')
    .set({ password_hash: await hashPassword(LOGIN_PASSWORD, 'test'), country_dialing_code: '+880', mobile: '1813000077' })
    .where('id', '=', memberId)
    .execute();
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const reset = (payload: object) => sealed(t, 'POST', SECURITY_PATHS.paymentPasswordReset, payload, { token });
const sendCode = () =>
  t.app.inject({ method: 'POST', url: FUNDS_PATHS.paymentPasswordCode, headers: { ...BASE_HEADERS, authorization: token } });
const pinIs = async (pin: string) => {
  const row = await database.db.selectFrom('member').select('payment_password_hash').where('id', '=', memberId).executeTakeFirstOrThrow();
  return verifyPassword(row.payment_password_hash ?? '', pin);
};

describe(`forgotten payment password (${testDbKind})`, () => {
  it('is replaced with the login password and the SMS code, once; wrong proofs change nothing', async () => {
    expect((await sendCode()).statusCode).toBe(200);
    const code = (await lastCode(t, E164)) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrongPassword = await reset({ password: 'not-it', smsCode: code, newPaymentPassword: '246801' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('OLD_PASSWORD_INCORRECT');
    const wrongCode = await reset({
      password: LOGIN_PASSWORD,
      smsCode: code === '000000' ? '111111' : '000000',
      newPaymentPassword: '246801',
    });
    expect(wrongCode.json().code).toBe('INVALID_VERIFICATION_CODE');
    expect(await pinIs(PAYMENT_PASSWORD)).toBe(true);
    const badPin = await reset({ password: LOGIN_PASSWORD, smsCode: code, newPaymentPassword: '12ab56' });
    expect(badPin.statusCode).toBe(400);

    const ok = await reset({ password: LOGIN_PASSWORD, smsCode: code, newPaymentPassword: '246801' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toEqual({ hasPaymentPassword: true });
    expect(await pinIs('246801')).toBe(true);
    const message = await database.db
      .selectFrom('member_message')
      .select('params')
      .where('member_id', '=', memberId)
      .where('type', '=', 'PAYMENT_PASSWORD_CHANGED')
      .execute();
    expect(message.map((m) => m.params)).toEqual([{ first: 'no' }]);

    // The code is spent.
    const again = await reset({ password: LOGIN_PASSWORD, smsCode: code, newPaymentPassword: '975310' });
    expect(again.json().code).toBe('INVALID_VERIFICATION_CODE');
    expect(await pinIs('246801')).toBe(true);
  });

  it('needs a bound mobile', async () => {
    await database.db.updateTable('member').set({ mobile: null, country_dialing_code: null }).where('id', '=', memberId).execute();
    const res = await reset({ password: LOGIN_PASSWORD, smsCode: '123456', newPaymentPassword: '246801' });
    expect(res.json().code).toBe('MOBILE_NOT_BOUND');
  });
});
