import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { MEMBER_AVATARS, SESSION_PATHS } from '@playfront/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, get, lastCode, login, makeApp, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database);
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const forgot = (username: string, email: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: SESSION_PATHS.passwordEmail,
    headers: { ...BASE_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, email }).toString(),
    remoteAddress: ip,
  });

describe('forgot password by e-mail', () => {
  it('gives the same answer whether or not the user and e-mail exist, and mails a code only on a match', async () => {
    const answers = [
      await forgot('demomember', 'DemoMember@playfront.localhost', '10.30.0.1'),
      await forgot('demomember', 'someone@else.test', '10.30.0.2'),
      await forgot('nosuchuser', 'nobody@else.test', '10.30.0.3'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(answers[0]?.json());
    }
    expect(await lastCode(t, 'someone@else.test')).toBeUndefined();
    expect(await lastCode(t, 'nobody@else.test')).toBeUndefined();
    const code = await lastCode(t, 'demomember@playfront.localhost');
    expect(code).toMatch(/^[0-9]{6}$/);

    // The mismatching request did not replace the member's code.
    const reset = await sealed(t, 'PUT', SESSION_PATHS.passwordEmailReset, {
      username: 'demomember',
      verificationCode: code,
      newPassword: 'mailed123',
      confirmNewPassword: 'mailed123',
    });
    expect(reset.json()).toEqual({ success: true, message: 'ok', value: { username: 'demomember' } });
    expect((await login(t, { username: 'demomember', password: 'mailed123' })).statusCode).toBe(200);
    // Single use.
    const again = await sealed(t, 'PUT', SESSION_PATHS.passwordEmailReset, {
      username: 'demomember',
      verificationCode: code,
      newPassword: 'mailed456',
    });
    expect(again.json().code).toBe('INVALID_VERIFICATION_CODE');
  });

  it('limits requests per IP', async () => {
    for (let i = 0; i < 4; i++) expect((await forgot(`user${i}abc`, `u${i}@x.test`, '10.31.0.1')).statusCode).toBe(200);
    expect((await forgot('user9abc', 'u9@x.test', '10.31.0.1')).statusCode).toBe(200);
    const limited = await forgot('user8abc', 'u8@x.test', '10.31.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().value.retryAfterSeconds).toBeGreaterThan(290);
  });
});

describe('set password by phone', () => {
  const sendCode = async (mobileNum: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: SESSION_PATHS.smsNoLogin,
      headers: BASE_HEADERS,
      payload: { mobileNum, countryDialingCode: '+880', ...(await captcha(t)) },
    });
    expect(res.statusCode).toBe(200);
  };

  it('sets the password with the SMS code, signs out every session and tells the username for the automatic login', async () => {
    const before = (await login(t, { username: 'demoagent', password: DEMO_PASSWORD })).json().value.token;
    await sendCode('01711000002');
    const code = await lastCode(t, '+8801711000002');
    const weak = await sealed(t, 'PUT', SESSION_PATHS.passwordVerification, {
      mobileNum: '01711000002',
      countryDialingCode: '+880',
      verificationCode: code,
      newPassword: 'short',
    });
    expect(weak.json().fields).toEqual({ newPassword: { key: 'patterns.ANY', params: { min: 8, max: 128 } } });
    // A refused password did not use up the code.
    const res = await sealed(t, 'PUT', SESSION_PATHS.passwordVerification, {
      mobileNum: '01711000002',
      countryDialingCode: '+880',
      verificationCode: code,
      newPassword: 'phone1234',
    });
    expect(res.json()).toEqual({ success: true, message: 'ok', value: { username: 'demoagent' } });
    expect((await get(t, SESSION_PATHS.memberInfo, before)).json().code).toBe('NOT_LOGGED_IN');
    expect((await login(t, { username: 'demoagent', password: 'phone1234' })).statusCode).toBe(200);
  });

  it('is refused when phone reset is off, and without encryption', async () => {
    const plain = await t.app.inject({
      method: 'PUT',
      url: SESSION_PATHS.passwordVerification,
      headers: BASE_HEADERS,
      payload: { mobileNum: '01711000002', countryDialingCode: '+880', verificationCode: '123456', newPassword: 'phone1234' },
    });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    await setBrandFlag(t.db, (await t.db.selectFrom('brand').select('id').executeTakeFirstOrThrow()).id, 'PHONE_PASSWORD_RESET', false);
    const off = await sealed(t, 'PUT', SESSION_PATHS.passwordVerification, {
      mobileNum: '01711000002',
      countryDialingCode: '+880',
      verificationCode: '123456',
      newPassword: 'phone1234',
    });
    expect(off.json().code).toBe('FEATURE_DISABLED');
  });
});

describe('profile icon', () => {
  it('lists the built-in icons and saves a choice; refuses anything else', async () => {
    const token = (await login(t, { username: 'demomember', password: DEMO_PASSWORD })).json().value.token;
    const current = await get(t, SESSION_PATHS.memberIcon, token);
    expect(current.json().value).toEqual({ avatar: 'avatar-01', choices: MEMBER_AVATARS });
    const put = (avatar: string) =>
      t.app.inject({
        method: 'PUT',
        url: SESSION_PATHS.memberIcon,
        headers: { ...BASE_HEADERS, authorization: token },
        payload: { avatar },
      });
    expect((await put('avatar-07')).json().value.avatar).toBe('avatar-07');
    expect((await get(t, SESSION_PATHS.memberInfo, token)).json().value.avatar).toBe('avatar-07');
    const bad = await put('https://evil.test/x.png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect((await get(t, SESSION_PATHS.memberIcon)).json().code).toBe('NOT_LOGGED_IN');
  });
});

describe('operator outbox', () => {
  it('needs the operator key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${SESSION_PATHS.outbox}?recipient=x`,
      headers: { [OPERATOR_KEY_HEADER]: 'wrong-key-wrong-key' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('OPERATOR_UNAUTHORIZED');
  });
});
