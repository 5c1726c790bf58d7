import { SECURITY_PATHS } from '@playfront/contract/security';
import { SESSION_PATHS } from '@playfront/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, login, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { totpCodeAt } from '../../infra/two-factor/two-factor.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { issueCode } from '../session/verification-codes.ts';

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' });
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...BASE_HEADERS, authorization: token }, ...(payload ? { payload } : {}) });

/** A password login (with a captcha, which the server asks for after any failure). */
async function passwordLogin(ip = '127.0.0.1') {
  return login(t, { username: 'demomember', password: DEMO_PASSWORD, ...(await captcha(t)) }, ip);
}
async function token(): Promise<string> {
  const res = await passwordLogin();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
}
const secondStep = (challenge: unknown, code: string, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: SESSION_PATHS.loginTwoStep,
    headers: BASE_HEADERS,
    payload: { challenge, code },
    remoteAddress: ip,
  });
const codeNow = (secret: string) => totpCodeAt(secret, t.clock.now.getTime());
const liveSessions = async () => {
  const r = await database.db
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('m.username', '=', 'demomember')
    .where('s.revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
};

/** Turns two-step login on for demomember; the secret, the recovery codes and a session. */
async function enrol(): Promise<{ secret: string; recoveryCodes: string[]; session: string }> {
  const session = await token();
  const setup = await call('POST', SECURITY_PATHS.twoStepSetup, session);
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().value.secret as string;
  const on = await call('POST', SECURITY_PATHS.twoStepEnable, session, { code: codeNow(secret) });
  expect(on.statusCode, on.body).toBe(200);
  // The code that turned it on is spent: the next login needs the next one.
  t.clock.advance(30_000);
  return { secret, recoveryCodes: on.json().value.recoveryCodes, session };
}

/** The challenge a right password earns while two-step login is on. */
async function challenge(ip = '127.0.0.1'): Promise<string> {
  const res = await passwordLogin(ip);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe('TWO_STEP_REQUIRED');
  return res.json().value.challenge as string;
}

describe(`enrolment (${testDbKind})`, () => {
  it('shows a secret and QR URI, refuses a wrong confirmation, turns on with a right one and answers 10 recovery codes once', async () => {
    const session = await token();
    expect((await call('GET', SECURITY_PATHS.twoStep, session)).json().value).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    // Confirming before any setup.
    expect((await call('POST', SECURITY_PATHS.twoStepEnable, session, { code: '123456' })).json().code).toBe('TWO_STEP_NOT_ON');

    const setup = (await call('POST', SECURITY_PATHS.twoStepSetup, session)).json().value;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toMatch(/^otpauth:\/\/totp\/.*demomember\?/);
    expect(setup.otpauthUri).toContain(`secret=${setup.secret}`);
    // Sealed at rest: the stored value is not the secret.
    const stored = await database.db.selectFrom('member_two_factor').select(['secret_sealed', 'enabled_at']).executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(setup.secret);
    expect(stored.enabled_at).toBeNull();
    // Not on yet: the login is unchanged.
    expect((await passwordLogin()).statusCode).toBe(200);

    const wrong = String((Number(codeNow(setup.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', SECURITY_PATHS.twoStepEnable, session, { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TWO_STEP_CODE_INVALID', message: 'errors.twoStepCodeInvalid' });
    expect((await call('GET', SECURITY_PATHS.twoStep, session)).json().value.enabled).toBe(false);

    const on = await call('POST', SECURITY_PATHS.twoStepEnable, session, { code: codeNow(setup.secret) });
    expect(on.statusCode, on.body).toBe(200);
    const codes = on.json().value.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const hashes = await database.db.selectFrom('member_recovery_code').select('code_hash').execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);

    const status = (await call('GET', SECURITY_PATHS.twoStep, session)).json().value;
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(status.enabledAt).toBe(t.clock.now.toISOString());
    // A new setup while on would swap the secret from under the member.
    expect((await call('POST', SECURITY_PATHS.twoStepSetup, session)).json().code).toBe('TWO_STEP_ALREADY_ON');
    expect((await call('POST', SECURITY_PATHS.twoStepEnable, session, { code: codeNow(setup.secret) })).json().code).toBe(
      'TWO_STEP_ALREADY_ON',
    );
  });
});

describe(`login with the second step (${testDbKind})`, () => {
  it('answers a challenge and no session for the password; the app code then starts the session once', async () => {
    const { secret } = await enrol();
    const before = await liveSessions();
    const first = await passwordLogin();
    expect(first.statusCode).toBe(403);
    const value = first.json().value;
    expect(value).toMatchObject({ twoStepRequired: 'totp', expiresInSeconds: 300 });
    expect(value.token).toBeUndefined();
    expect(first.body).not.toContain('"token"');
    expect(await liveSessions()).toBe(before);

    const wrong = await secondStep(value.challenge, '000000' === codeNow(secret) ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('TWO_STEP_CODE_INVALID');
    expect(await liveSessions()).toBe(before);

    const right = await secondStep(value.challenge, codeNow(secret));
    expect(right.statusCode, right.body).toBe(200);
    const session = right.json().value.token as string;
    expect((await call('GET', SESSION_PATHS.memberInfo, session)).json().value.account).toBe('demomember');
    expect(await liveSessions()).toBe(before + 1);

    // The challenge is single use, even with the next valid code.
    t.clock.advance(30_000);
    const again = await secondStep(value.challenge, codeNow(secret));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
  });

  it('refuses a replayed app code within its window, and takes the next one', async () => {
    const { secret } = await enrol();
    const code = codeNow(secret);
    expect((await secondStep(await challenge(), code)).statusCode).toBe(200);
    // The same code, 10 s later, still inside its 30 s step and the ±1 window: refused as used.
    t.clock.advance(10_000);
    const replay = await secondStep(await challenge(), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'TWO_STEP_CODE_USED', message: 'errors.twoStepCodeUsed' });
    // An older code (the previous step, still inside the drift window) is refused too.
    t.clock.advance(30_000);
    expect((await secondStep(await challenge(), code)).json().code).toBe('TWO_STEP_CODE_USED');
    expect((await secondStep(await challenge(), codeNow(secret))).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous second steps with the same challenge through', async () => {
    const { secret } = await enrol();
    const c = await challenge();
    const before = await liveSessions();
    const answers = await Promise.all([secondStep(c, codeNow(secret)), secondStep(c, codeNow(secret))]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // The other finds the challenge spent.
    expect(answers.find((a) => a.statusCode !== 200)?.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
    expect(await liveSessions()).toBe(before + 1);
  });

  it('takes a recovery code once', async () => {
    const { recoveryCodes, session } = await enrol();
    const code = recoveryCodes[3] ?? '';
    // As typed by a person: upper case, spaces.
    const typed = ` ${code.toUpperCase()} `;
    expect((await secondStep(await challenge(), typed)).statusCode).toBe(200);
    const twice = await secondStep(await challenge(), code);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('TWO_STEP_CODE_INVALID');
    expect((await call('GET', SECURITY_PATHS.twoStep, session)).json().value.recoveryCodesLeft).toBe(9);
  });

  it('refuses a second step without a challenge, with a made-up one, and with an expired one', async () => {
    const { secret } = await enrol();
    const missing = await t.app.inject({
      method: 'POST',
      url: SESSION_PATHS.loginTwoStep,
      headers: BASE_HEADERS,
      payload: { code: '123456' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().success).toBe(false);
    const madeUp = await secondStep('x'.repeat(43), codeNow(secret));
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');

    const c = await challenge();
    t.clock.advance(301_000);
    const late = await secondStep(c, codeNow(secret));
    expect(late.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
    // The code it carried was not spent: a fresh challenge takes it.
    expect((await secondStep(await challenge(), codeNow(secret))).statusCode).toBe(200);
  });

  it('counts wrong codes toward the login lockout and spends a challenge after 5 wrong codes', async () => {
    const { secret } = await enrol();
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    const c = await challenge('10.0.0.7');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await secondStep(c, wrong, '10.0.0.7'));
    expect(answers.slice(0, 4).map((a) => a.json().code)).toEqual(Array(4).fill('TWO_STEP_CODE_INVALID'));
    // The fifth wrong code locks this account from this address, as five wrong passwords do.
    expect(answers[4]?.statusCode).toBe(429);
    expect(answers[4]?.json().value.retryAfterSeconds).toBeGreaterThan(0);
    // Locked: even the right code and the right password are refused from here.
    expect((await secondStep(c, codeNow(secret), '10.0.0.7')).statusCode).toBe(429);
    expect((await passwordLogin('10.0.0.7')).statusCode).toBe(429);
    // Five wrong codes spent the challenge: from another address (not locked) the right code cannot use it either.
    const afterLock = await secondStep(c, codeNow(secret), '10.0.0.8');
    expect(afterLock.statusCode, afterLock.body).toBe(401);
    expect(afterLock.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
  });

  it('asks for the app code after an SMS-code login too', async () => {
    await enrol();
    const member = await database.db
      .selectFrom('member')
      .select(['brand_id', 'country_dialing_code', 'mobile'])
      .where('username', '=', 'demomember')
      .executeTakeFirstOrThrow();
    const e164 = `${member.country_dialing_code}${member.mobile}`;
    const code = await issueCode(database.db, {
      brandId: member.brand_id,
      purpose: 'noLogin',
      recipient: e164,
      now: t.clock.now,
      minutes: 5,
    });
    const res = await login(t, {
      type: 'sms',
      mobileNum: member.mobile,
      countryDialingCode: member.country_dialing_code,
      verificationCode: code,
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TWO_STEP_REQUIRED', value: { twoStepRequired: 'totp' } });
  });
});

describe(`turning off and renewing codes (${testDbKind})`, () => {
  it('turns off only with a right code; then the password alone logs in', async () => {
    const { secret, session, recoveryCodes } = await enrol();
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    expect((await call('POST', SECURITY_PATHS.twoStepDisable, session, { code: wrong })).json().code).toBe('TWO_STEP_CODE_INVALID');
    expect((await call('GET', SECURITY_PATHS.twoStep, session)).json().value.enabled).toBe(true);
    const off = await call('POST', SECURITY_PATHS.twoStepDisable, session, { code: recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().value).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await database.db.selectFrom('member_recovery_code').select('id').execute()).toHaveLength(0);
    expect((await passwordLogin()).statusCode).toBe(200);
    expect((await call('POST', SECURITY_PATHS.twoStepDisable, session, { code: codeNow(secret) })).json().code).toBe('TWO_STEP_NOT_ON');
  });

  it('renews the recovery codes with an app code; the old ones stop working', async () => {
    const { secret, session, recoveryCodes } = await enrol();
    // A recovery code cannot renew the recovery codes.
    expect((await call('POST', SECURITY_PATHS.twoStepRecoveryCodes, session, { code: recoveryCodes[0] })).json().code).toBe(
      'TWO_STEP_CODE_INVALID',
    );
    const renewed = await call('POST', SECURITY_PATHS.twoStepRecoveryCodes, session, { code: codeNow(secret) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json().value.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await secondStep(await challenge(), recoveryCodes[1] ?? '')).json().code).toBe('TWO_STEP_CODE_INVALID');
    expect((await secondStep(await challenge(), fresh[1] ?? '')).statusCode).toBe(200);
  });

  it('pauses after 5 wrong codes in the security centre', async () => {
    const { secret, session } = await enrol();
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await call('POST', SECURITY_PATHS.twoStepDisable, session, { code: wrong })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    // Even the right code waits out the pause.
    expect((await call('POST', SECURITY_PATHS.twoStepDisable, session, { code: codeNow(secret) })).statusCode).toBe(429);
    expect((await call('GET', SECURITY_PATHS.twoStep, session)).json().value.enabled).toBe(true);
  });
});
