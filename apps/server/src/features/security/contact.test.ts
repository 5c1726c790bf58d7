import { SECURITY_PATHS } from '@playfront/contract/security';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, lastCode, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';

let database: TestDatabase;
let t: TestApp;
let token: string;
let memberId: number;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' });
  ({ token, memberId } = await actor(database.db, t.clock.now));
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: { ...BASE_HEADERS, authorization: as }, ...(payload ? { payload } : {}) });
const stored = () =>
  database.db.selectFrom('member').select(['country_dialing_code', 'mobile', 'email']).where('id', '=', memberId).executeTakeFirstOrThrow();

describe(`binding a mobile (${testDbKind})`, () => {
  it('binds a first mobile with its SMS code; a wrong, reused or expired code changes nothing', async () => {
    await database.db.updateTable('member').set({ mobile: null, country_dialing_code: null }).where('id', '=', memberId).execute();
    const sent = await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', countryDialingCode: '+880', mobileNum: '01812345670' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.expiredMinutes).toBeGreaterThan(0);
    const code = (await lastCode(t, '+8801812345670')) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await call('PUT', SECURITY_PATHS.mobile, {
      countryDialingCode: '+880',
      mobileNum: '01812345670',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    expect((await stored()).mobile).toBeNull();

    const bound = await call('PUT', SECURITY_PATHS.mobile, { countryDialingCode: '+880', mobileNum: '01812345670', code });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().value.mobile).toBe('+880 ******5670');
    expect(await stored()).toMatchObject({ country_dialing_code: '+880', mobile: '1812345670' });

    // The code is spent.
    await database.db.updateTable('member').set({ mobile: null, country_dialing_code: null }).where('id', '=', memberId).execute();
    const reused = await call('PUT', SECURITY_PATHS.mobile, { countryDialingCode: '+880', mobileNum: '01812345670', code });
    expect(reused.json()).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });

    // A code past its minutes (another number: the send button's 1-second pause runs on the real clock).
    await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', countryDialingCode: '+880', mobileNum: '01812345671' });
    const late = (await lastCode(t, '+8801812345671')) ?? '';
    expect(late).toMatch(/^\d{6}$/);
    // Codes live a minute by default; five later it is dead.
    t.clock.advance(5 * 60_000);
    const expired = await call('PUT', SECURITY_PATHS.mobile, { countryDialingCode: '+880', mobileNum: '01812345671', code: late });
    expect(expired.json()).toMatchObject({ code: 'CODE_EXPIRED' });
    expect((await stored()).mobile).toBeNull();
  });

  it('changes a bound mobile only with codes to the old and the new number', async () => {
    await database.db
      .updateTable('member')
      .set({ mobile: '1812000001', country_dialing_code: '+880' })
      .where('id', '=', memberId)
      .execute();
    const next = { countryDialingCode: '+880', mobileNum: '1812000002' };
    await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', ...next });
    const newCode = (await lastCode(t, '+8801812000002')) ?? '';
    const without = await call('PUT', SECURITY_PATHS.mobile, { ...next, code: newCode });
    expect(without.json()).toMatchObject({ code: 'CURRENT_CONTACT_CODE_REQUIRED' });

    expect((await call('POST', SECURITY_PATHS.mobileCode, { to: 'current' })).statusCode).toBe(200);
    const oldCode = (await lastCode(t, '+8801812000001')) ?? '';
    expect(oldCode).toMatch(/^\d{6}$/);
    const changed = await call('PUT', SECURITY_PATHS.mobile, { ...next, code: newCode, currentCode: oldCode });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value.mobile).toBe('+880 ******0002');
    expect((await stored()).mobile).toBe('1812000002');
  });

  it('refuses the bound number, another member’s number, and a number the country does not allow', async () => {
    await database.db
      .updateTable('member')
      .set({ mobile: '1812000001', country_dialing_code: '+880' })
      .where('id', '=', memberId)
      .execute();
    const other = await actor(database.db, t.clock.now);
    await database.db
      .updateTable('member')
      .set({ mobile: '1812000009', country_dialing_code: '+880' })
      .where('id', '=', other.memberId)
      .execute();
    const same = await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', countryDialingCode: '+880', mobileNum: '01812000001' });
    expect(same.json()).toMatchObject({ code: 'CONTACT_UNCHANGED', message: 'errors.contactUnchanged' });
    const taken = await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', countryDialingCode: '+880', mobileNum: '1812000009' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('MOBILE_TAKEN');
    const bad = await call('POST', SECURITY_PATHS.mobileCode, { to: 'new', countryDialingCode: '+880', mobileNum: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.mobileNum).toBeDefined();
    // No code went anywhere.
    expect(await lastCode(t, '+8801812000009')).toBeUndefined();
  });
});

describe(`binding an e-mail (${testDbKind})`, () => {
  it('binds, then changes the e-mail with codes to both addresses; refuses a bad address', async () => {
    await database.db.updateTable('member').set({ email: null }).where('id', '=', memberId).execute();
    expect((await call('POST', SECURITY_PATHS.emailCode, { to: 'current' })).json().code).toBe('NO_CONTACT_BOUND');
    const bad = await call('POST', SECURITY_PATHS.emailCode, { to: 'new', email: 'not-an-address' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', fields: { email: { key: 'errors.emailInvalid' } } });

    await call('POST', SECURITY_PATHS.emailCode, { to: 'new', email: 'Sam.Carter@Example.test' });
    const first = (await lastCode(t, 'sam.carter@example.test')) ?? '';
    expect(first).toMatch(/^\d{6}$/);
    const bound = await call('PUT', SECURITY_PATHS.email, { email: 'Sam.Carter@Example.test', code: first });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().value.email).toBe('Sa***@Example.test');

    t.clock.advance(2_000);
    await call('POST', SECURITY_PATHS.emailCode, { to: 'new', email: 'sam@example.test' });
    const second = (await lastCode(t, 'sam@example.test')) ?? '';
    await call('POST', SECURITY_PATHS.emailCode, { to: 'current' });
    const old = (await lastCode(t, 'sam.carter@example.test')) ?? '';
    expect(old).not.toBe(first);
    const wrongOld = await call('PUT', SECURITY_PATHS.email, { email: 'sam@example.test', code: second, currentCode: first });
    expect(wrongOld.json().code).toMatch(/INVALID_VERIFICATION_CODE/);
    expect((await stored()).email).toBe('Sam.Carter@Example.test');
  });
});
