import { sealForServer } from '@playfront/contract/encrypted-payload';
import { SECURITY_PATHS, securitySessionPath } from '@playfront/contract/security';
import { SESSION_PATHS } from '@playfront/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

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

const UA = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsChromeNewer: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** A password login from a browser (its user agent) and address, sealed as the web sends it. */
async function loginFrom(userAgent: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}, ip = '127.0.0.1') {
  const key = (await t.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value.publicKey as string;
  const payload = { username: 'demomember', password, ...extra };
  const { header, body } = await sealForServer(key, payload, { path: SESSION_PATHS.login, now: t.clock.now.getTime() });
  return t.app.inject({
    method: 'POST',
    url: SESSION_PATHS.login,
    headers: { ...BASE_HEADERS, encryption: header, 'user-agent': userAgent },
    payload: body,
    remoteAddress: ip,
  });
}
async function tokenFrom(userAgent: string): Promise<string> {
  const res = await loginFrom(userAgent);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (app: TestApp['app'], method: Method, url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: { ...BASE_HEADERS, authorization: token }, ...(payload ? { payload } : {}) });

const newDeviceMessages = (memberId: number) =>
  database.db
    .selectFrom('member_message')
    .select(['params'])
    .where('member_id', '=', memberId)
    .where('type', '=', 'NEW_DEVICE_LOGIN')
    .execute();

describe(`account info (${testDbKind})`, () => {
  it('shows the account and changes nickname, avatar, birthday and the full name once', async () => {
    const token = await tokenFrom(UA.windowsChrome);
    const before = await call(t.app, 'GET', SECURITY_PATHS.account, token);
    expect(before.statusCode).toBe(200);
    expect(before.json().value).toMatchObject({
      username: 'demomember',
      nickname: 'Demo Member',
      fullName: null,
      birthday: null,
      mobile: '+880 ******0001',
      email: 'de***@playfront.localhost',
    });
    expect(before.json().value.avatars).toContain('avatar-07');

    const changed = await call(t.app, 'PUT', SECURITY_PATHS.account, token, {
      nickname: 'Lucky রহিম',
      avatar: 'avatar-07',
      birthday: '1990-05-17',
      fullName: 'Rahim Uddin',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({
      nickname: 'Lucky রহিম',
      avatar: 'avatar-07',
      birthday: '1990-05-17',
      fullName: 'Rahim Uddin',
    });
    // The header's member info follows.
    expect((await call(t.app, 'GET', SESSION_PATHS.memberInfo, token)).json().value).toMatchObject({
      nickname: 'Lucky রহিম',
      avatar: 'avatar-07',
    });

    // The payee name is final: a different one is refused, and the nickname sent with it is not changed either.
    const rename = await call(t.app, 'PUT', SECURITY_PATHS.account, token, { nickname: 'Other', fullName: 'Karim Uddin' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ code: 'PAYEE_NAME_FINAL', message: 'errors.payeeNameFinal' });
    // Sending the same name again (the form does) is not a change.
    const same = await call(t.app, 'PUT', SECURITY_PATHS.account, token, { fullName: 'Rahim Uddin', birthday: '1991-01-02' });
    expect(same.statusCode, same.body).toBe(200);
    const row = await database.db
      .selectFrom('member')
      .select(['full_name', 'nickname', 'birthday'])
      .where('username', '=', 'demomember')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Rahim Uddin', nickname: 'Lucky রহিম', birthday: '1991-01-02' });
  });

  it('refuses each bad field with its own error and changes nothing', async () => {
    const token = await tokenFrom(UA.windowsChrome);
    t.clock.now = new Date('2026-11-22T10:00:00Z');
    const cases: [object, number, string][] = [
      [{ nickname: 'x' }, 400, 'NICKNAME_INVALID'],
      [{ nickname: 'bad<script>' }, 400, 'NICKNAME_INVALID'],
      [{ nickname: 'a'.repeat(21) }, 400, 'NICKNAME_INVALID'],
      [{ fullName: 'R2D2 Unit' }, 400, 'REAL_NAME_INVALID'],
      [{ fullName: 'A' }, 400, 'REAL_NAME_INVALID'],
      [{ birthday: '2001-02-30' }, 400, 'BIRTHDAY_INVALID'],
      [{ birthday: '17/05/1990' }, 400, 'BIRTHDAY_INVALID'],
      [{ birthday: '1850-01-01' }, 400, 'BIRTHDAY_INVALID'],
      // 18 tomorrow: not yet.
      [{ birthday: '2008-11-23' }, 400, 'BIRTHDAY_UNDER_18'],
      [{ avatar: 'avatar-99' }, 400, 'VALIDATION'],
      // A good nickname with a bad birthday: neither is written.
      [{ nickname: 'Fine Name', birthday: '2020-01-01' }, 400, 'BIRTHDAY_UNDER_18'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(t.app, 'PUT', SECURITY_PATHS.account, token, body);
      expect({ body, status: res.statusCode, code: res.json().code }).toEqual({ body, status, code });
    }
    // 18 today is old enough.
    expect((await call(t.app, 'PUT', SECURITY_PATHS.account, token, { birthday: '2008-11-22' })).statusCode).toBe(200);
    const row = await database.db
      .selectFrom('member')
      .select(['nickname', 'full_name', 'avatar'])
      .where('username', '=', 'demomember')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nickname: 'Demo Member', full_name: null, avatar: 'avatar-01' });
  });

  it('refuses trial accounts and guests every security call', async () => {
    const trial = await actor(database.db, t.clock.now, { type: 4 });
    for (const [method, url] of [
      ['GET', SECURITY_PATHS.account],
      ['GET', SECURITY_PATHS.logins],
      ['GET', SECURITY_PATHS.sessions],
      ['POST', SECURITY_PATHS.signOutOthers],
    ] as const) {
      expect((await call(t.app, method, url, trial.token)).json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
      expect((await t.app.inject({ method, url, headers: BASE_HEADERS })).json()).toMatchObject({ code: 'NOT_LOGGED_IN' });
    }
    const put = await call(t.app, 'PUT', SECURITY_PATHS.account, trial.token, { nickname: 'Trial Name' });
    expect(put.json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
  });
});

describe(`login history (${testDbKind})`, () => {
  it('lists logins and refused passwords with time, IP and device, newest first, paged, for the member only', async () => {
    await tokenFrom(UA.windowsChrome);
    t.clock.advance(60_000);
    const wrong = await loginFrom(UA.androidFirefox, 'not-the-password', {}, '10.9.8.7');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    t.clock.advance(60_000);
    // After a failure the next login needs a captcha.
    const res = await loginFrom(UA.iphoneSafari, DEMO_PASSWORD, await captcha(t));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().value.token as string;

    const page = await call(t.app, 'GET', SECURITY_PATHS.logins, token);
    expect(page.statusCode).toBe(200);
    const { list, total } = page.json().value;
    expect(total).toBe(3);
    expect(
      list.map((e: { result: string; method: string | null; ip: string; device: object }) => [e.result, e.method, e.ip, e.device]),
    ).toEqual([
      ['SUCCESS', 'PASSWORD', '127.0.0.1', { browser: 'safari', os: 'ios' }],
      ['WRONG_PASSWORD', null, '10.9.8.7', { browser: 'firefox', os: 'android' }],
      ['SUCCESS', 'PASSWORD', '127.0.0.1', { browser: 'chrome', os: 'windows' }],
    ]);
    expect(Date.parse(list[0].at)).toBeGreaterThan(Date.parse(list[1].at));

    const second = (await call(t.app, 'GET', `${SECURITY_PATHS.logins}?pageNo=2&pageSize=2`, token)).json().value;
    expect(second).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(second.list).toHaveLength(1);
    expect(second.list[0].device).toEqual({ browser: 'chrome', os: 'windows' });

    const other = await actor(database.db, t.clock.now);
    expect((await call(t.app, 'GET', SECURITY_PATHS.logins, other.token)).json().value).toMatchObject({ total: 0, list: [] });
    expect((await call(t.app, 'GET', `${SECURITY_PATHS.logins}?pageSize=500`, token)).json().code).toBe('VALIDATION');
  });
});

describe(`active sessions (${testDbKind})`, () => {
  it('lists the live sessions with this one marked; signs one out and then all others, refused at once on every instance', async () => {
    const phone = await tokenFrom(UA.androidFirefox);
    const tablet = await tokenFrom(UA.iphoneSafari);
    const desk = await tokenFrom(UA.windowsChrome);
    // A second instance on the same database.
    const second = await makeApp(database, { ARGON2_PROFILE: 'test' }, t.clock);
    try {
      const listed = (await call(t.app, 'GET', SECURITY_PATHS.sessions, desk)).json().value.list as {
        id: string;
        current: boolean;
        device: object;
        ip: string;
      }[];
      expect(listed).toHaveLength(3);
      expect(listed[0]).toMatchObject({ current: true, device: { browser: 'chrome', os: 'windows' }, ip: '127.0.0.1' });
      expect(listed.filter((s) => s.current)).toHaveLength(1);
      const phoneSession = listed.find((s) => (s.device as { os: string }).os === 'android');
      expect(phoneSession).toBeDefined();

      // Another member cannot end this member's session, nor see it.
      const other = await actor(database.db, t.clock.now);
      const steal = await call(t.app, 'DELETE', securitySessionPath(phoneSession?.id ?? ''), other.token);
      expect(steal.statusCode).toBe(404);
      expect(steal.json()).toMatchObject({ code: 'SESSION_NOT_FOUND', message: 'errors.sessionNotFound' });
      expect((await call(second.app, 'GET', SESSION_PATHS.memberInfo, phone)).statusCode).toBe(200);
      expect((await call(t.app, 'GET', SECURITY_PATHS.sessions, other.token)).json().value.list).toHaveLength(1);
      expect((await call(t.app, 'DELETE', securitySessionPath('999999999'), desk)).json().code).toBe('SESSION_NOT_FOUND');

      // Signing the phone out on one instance: the other refuses it at once.
      const out = await call(t.app, 'DELETE', securitySessionPath(phoneSession?.id ?? ''), desk);
      expect(out.statusCode, out.body).toBe(200);
      expect((await call(second.app, 'GET', SESSION_PATHS.memberInfo, phone)).json().code).toBe('NOT_LOGGED_IN');
      // Twice is not found: it has ended.
      expect((await call(t.app, 'DELETE', securitySessionPath(phoneSession?.id ?? ''), desk)).statusCode).toBe(404);

      const others = await call(second.app, 'POST', SECURITY_PATHS.signOutOthers, desk);
      expect(others.json().value).toEqual({ ended: 1 });
      expect((await call(t.app, 'GET', SESSION_PATHS.memberInfo, tablet)).json().code).toBe('NOT_LOGGED_IN');
      expect((await call(t.app, 'GET', SESSION_PATHS.memberInfo, desk)).statusCode).toBe(200);
      const left = (await call(t.app, 'GET', SECURITY_PATHS.sessions, desk)).json().value.list;
      expect(left).toHaveLength(1);
      expect(left[0].current).toBe(true);
      // The other member's session was never touched.
      expect((await call(t.app, 'GET', SESSION_PATHS.memberInfo, other.token)).statusCode).toBe(200);
    } finally {
      await second.app.close();
    }
  });
});

describe(`new-device security message (${testDbKind})`, () => {
  it('is sent once per new device, with when, IP and device, and never for a device seen before', async () => {
    const member = await database.db.selectFrom('member').select('id').where('username', '=', 'demomember').executeTakeFirstOrThrow();
    // The account's first device is its owner's: no message.
    await tokenFrom(UA.windowsChrome);
    expect(await newDeviceMessages(member.id)).toHaveLength(0);
    // A browser update is the same device.
    await tokenFrom(UA.windowsChromeNewer);
    expect(await newDeviceMessages(member.id)).toHaveLength(0);

    const token = await tokenFrom(UA.androidFirefox);
    const messages = await newDeviceMessages(member.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.params).toEqual({ ip: '127.0.0.1', browser: 'firefox', os: 'android' });
    // Seen now: the next login from it sends nothing, nor does the first device again.
    await tokenFrom(UA.androidFirefox);
    await tokenFrom(UA.windowsChrome);
    expect(await newDeviceMessages(member.id)).toHaveLength(1);

    // The member reads it in the inbox.
    const inbox = (await call(t.app, 'GET', '/wps/messages', token)).json().value;
    expect(JSON.stringify(inbox)).toContain('NEW_DEVICE_LOGIN');

    // Three logins from another new device at the same moment: one message between them.
    const racing = await Promise.all([0, 1, 2].map(() => loginFrom(UA.iphoneSafari)));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const after = await newDeviceMessages(member.id);
    expect(after).toHaveLength(2);
    expect(after.map((m) => m.params)).toContainEqual({ ip: '127.0.0.1', browser: 'safari', os: 'ios' });
  });
});

describe(`the payee name set from two places at once (${testDbKind})`, () => {
  it('keeps exactly one of the two names; the other request is refused and changes nothing', async () => {
    const [a, b] = [await tokenFrom(UA.windowsChrome), await tokenFrom(UA.androidFirefox)];
    const answers = await Promise.all([
      call(t.app, 'PUT', SECURITY_PATHS.account, a, { fullName: 'Rahim Uddin', nickname: 'From A' }),
      call(t.app, 'PUT', SECURITY_PATHS.account, b, { fullName: 'Karim Uddin', nickname: 'From B' }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
    const winner = answers.findIndex((r) => r.statusCode === 200);
    const row = await database.db
      .selectFrom('member')
      .select(['full_name', 'nickname'])
      .where('username', '=', 'demomember')
      .executeTakeFirstOrThrow();
    expect(row).toEqual(winner === 0 ? { full_name: 'Rahim Uddin', nickname: 'From A' } : { full_name: 'Karim Uddin', nickname: 'From B' });
    expect(answers[1 - winner]?.json()).toMatchObject({ code: 'PAYEE_NAME_FINAL' });
  });
});
