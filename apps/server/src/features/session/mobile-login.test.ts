import { SESSION_PATHS } from '@playfront/contract/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, lastCode, login, makeApp, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';

/**
 * Issue 22: a member who registered by mobile logs in with the number as they type it, and registration takes the
 * number in any usual form (+880, 880, 00880, a trunk 0, spaces, dashes) as the one number.
 */

let database: TestDatabase;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database);
  const brand = await t.db.selectFrom('brand').select('id').executeTakeFirstOrThrow();
  await setBrandFlag(t.db, brand.id, 'REGMOBVERF3', true);
  // A fresh embedded database plus the app can take over a minute on a loaded machine.
}, 180_000);
afterAll(async () => {
  await t.app.close();
  await database.close();
});

const PASSWORD = 'tiger-moth-42';

describe(`mobile numbers as typed (${testDbKind})`, () => {
  it('registers "+880 1713-456789" as 1713456789 and logs in with every usual form of it', async () => {
    const typed = '+880 1713-456789';
    const sms = await t.app.inject({
      method: 'POST',
      url: SESSION_PATHS.smsRegister,
      headers: BASE_HEADERS,
      payload: { mobileNo: typed, countryDialingCode: '+880', ...(await captcha(t)) },
    });
    expect(sms.statusCode, sms.body).toBe(200);
    const code = await lastCode(t, '+8801713456789');
    expect(code).toMatch(/^[0-9]+$/);
    const registered = await sealed(t, 'PUT', SESSION_PATHS.registerMobile, {
      mobileNum: typed,
      countryDialingCode: '+880',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
      ...(await captcha(t)),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().value.member.account).toBe('1713456789');

    for (const username of ['01713456789', '+8801713456789', '880 1713 456789', '017-1345-6789', '1713456789']) {
      const res = await login(t, { username, password: PASSWORD });
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      expect(res.json().value.member.account).toBe('1713456789');
    }
  });

  it('counts wrong passwords on the one account whatever form the number is typed in', async () => {
    const wrong = await login(t, { username: '+880 1713 456789', password: 'not-the-password' }, '10.9.0.1');
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captcha: true } });
    // The next attempt on the same account from the same device, typed differently, needs the captcha the failure asked for.
    const next = await login(t, { username: '01713456789', password: PASSWORD }, '10.9.0.1');
    expect(next.json().code).toBe('CAPTCHA_REQUIRED');
  });

  it('still treats a letter-first name as a username, and a number of another country as not this one', async () => {
    const other = await login(t, { username: '+91 98765 43210', password: PASSWORD });
    expect(other.json().code).toBe('INVALID_CREDENTIALS');
  });
});
