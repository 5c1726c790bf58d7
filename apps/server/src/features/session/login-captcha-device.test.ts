import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captcha, login, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { DEVICE_COOKIE } from './device-id.ts';
import { CAPTCHA_ACCOUNT_FAILURES, CAPTCHA_IP_FAILURES } from './login.service.ts';

/** Issue 22: a login's captcha belongs to the account on the device that failed, not to its carrier's address. */
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

/** Two phones behind one carrier address (CGNAT), each with the device cookie the server gave it. */
const CARRIER_IP = '10.64.0.7';
async function deviceCookie(): Promise<string> {
  const res = await login(t, { username: 'demomember', password: 'not-the-password-1' }, '10.7.0.200');
  const setCookie = String(res.headers['set-cookie'] ?? '');
  const id = new RegExp(`${DEVICE_COOKIE}=([A-Za-z0-9_-]{22})`).exec(setCookie)?.[1];
  expect(id, setCookie).toBeDefined();
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return `${DEVICE_COOKIE}=${id}`;
}

describe('the captcha after a failed login', () => {
  it('gives a browser without a device id one, even on a refused login', async () => {
    const res = await login(t, { username: 'demodown1', password: 'wrong-pass-1' });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{22}; Path=/wps;`));
    // A browser that has one keeps it: no new cookie.
    const again = await login(t, { username: 'demodown1', password: DEMO_PASSWORD }, '127.0.0.2', 'pf_device=AAAAAAAAAAAAAAAAAAAAAA');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is asked of the device that failed, not of another device on the same address nor for another account', async () => {
    const phoneA = await deviceCookie();
    const phoneB = await deviceCookie();
    expect(phoneA).not.toBe(phoneB);

    const typo = await login(t, { username: 'demomember', password: 'wrong-pass-1' }, CARRIER_IP, phoneA);
    expect(typo.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', value: { captcha: true } });

    // Phone A now answers a captcha for this account…
    const aAgain = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, CARRIER_IP, phoneA);
    expect(aAgain.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    // …but not for another account it signs into,
    const aOther = await login(t, { username: 'demodown1', password: DEMO_PASSWORD }, CARRIER_IP, phoneA);
    expect(aOther.statusCode, aOther.body).toBe(200);
    // and phone B, behind the same address, signs into the very same account without one.
    const b = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, CARRIER_IP, phoneB);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().value.captcha).toBe(false);

    // Phone A with the captcha gets in, and its next login needs none (success clears the device's count).
    const aSolved = await login(t, { username: 'demomember', password: DEMO_PASSWORD, ...(await captcha(t)) }, CARRIER_IP, phoneA);
    expect(aSolved.statusCode, aSolved.body).toBe(200);
    const aNext = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, CARRIER_IP, phoneA);
    expect(aNext.statusCode, aNext.body).toBe(200);
  });

  it('counts clients without a device id per address, as one device', async () => {
    const fail = await login(t, { username: 'demomember', password: 'wrong-pass-1' }, '10.5.0.1');
    expect(fail.statusCode).toBe(401);
    const sameAddress = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, '10.5.0.1');
    expect(sameAddress.json().code).toBe('CAPTCHA_REQUIRED');
    // Another address, or another account from that address, is not asked.
    expect((await login(t, { username: 'demodown1', password: DEMO_PASSWORD }, '10.5.0.1')).statusCode).toBe(200);
  });

  it('is asked on every device once the account has many failures, whatever devices they came from', async () => {
    const owner = await deviceCookie();
    // deviceCookie() itself failed once on demomember; the guesser's fresh devices add the rest.
    for (let i = 1; i < CAPTCHA_ACCOUNT_FAILURES; i++) {
      const res = await login(
        t,
        { username: 'demomember', password: `guess-${i}x` },
        `10.6.0.${i}`,
        `${DEVICE_COOKIE}=guesser${String(i).padStart(15, '0')}`,
      );
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    const asked = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, CARRIER_IP, owner);
    expect(asked.json().code).toBe('CAPTCHA_REQUIRED');
    const solved = await login(t, { username: 'demomember', password: DEMO_PASSWORD, ...(await captcha(t)) }, CARRIER_IP, owner);
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('is asked of every device on an address that many failures came from, across accounts', async () => {
    const bystander = await deviceCookie();
    for (let i = 0; i < CAPTCHA_IP_FAILURES; i++) {
      const res = await login(
        t,
        { username: `sprayed${i}`, password: 'wrong-pass-1' },
        CARRIER_IP,
        `${DEVICE_COOKIE}=sprayer${String(i).padStart(15, '0')}`,
      );
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    const asked = await login(t, { username: 'demodown1', password: DEMO_PASSWORD }, CARRIER_IP, bystander);
    expect(asked.json().code).toBe('CAPTCHA_REQUIRED');
    // Elsewhere the same device is not asked.
    expect((await login(t, { username: 'demodown1', password: DEMO_PASSWORD }, '10.7.0.9', bystander)).statusCode).toBe(200);
  });
});
