import { redactUrl } from '@playfront/contract/redact-url';
import { HANDOFF_CODE_SECONDS, SESSION_PATHS } from '@playfront/contract/session';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, get, login, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { loggerOptions } from '../../app.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { hashToken } from './session.repository.ts';

/**
 * Issue 21 items 4 and 6: a `/?token=` link carries a single-use 60-second sign-in code, exchanged by POST
 * for a new session of its account; no session token ever travels in a URL, and logs never show one.
 */
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

const tokenFor = async (username = 'demomember') => {
  const res = await login(t, { username, password: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
};
const issue = (token?: string) =>
  t.app.inject({ method: 'POST', url: SESSION_PATHS.handoff, headers: { ...BASE_HEADERS, ...(token ? { authorization: token } : {}) } });
const exchange = (code: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: SESSION_PATHS.handoffExchange, headers: BASE_HEADERS, payload: { code }, remoteAddress: ip });

describe(`sign-in codes (${testDbKind})`, () => {
  it('opens a new session of the issuing account once, and names the account', async () => {
    const token = await tokenFor();
    const issued = await issue(token);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['cache-control']).toContain('no-store');
    const { code, expiresInSeconds } = issued.json().value as { code: string; expiresInSeconds: number };
    expect(expiresInSeconds).toBe(HANDOFF_CODE_SECONDS);
    // Only the code's hash is kept.
    const stored = await database.db.selectFrom('sign_in_code').select('code_hash').execute();
    expect(stored).toEqual([{ code_hash: hashToken(code) }]);

    const first = await exchange(code);
    expect(first.statusCode, first.body).toBe(200);
    const opened = first.json().value as { token: string; member: { account: string } };
    expect(opened.member.account).toBe('demomember');
    expect(opened.token).not.toBe(token);
    expect((await get(t, SESSION_PATHS.memberInfo, opened.token)).statusCode).toBe(200);
    // The issuing session is untouched.
    expect((await get(t, SESSION_PATHS.memberInfo, token)).statusCode).toBe(200);

    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'HANDOFF_CODE_INVALID', message: 'errors.handoffCodeInvalid' });
  });

  it('two tabs racing with one link get one session', async () => {
    const { code } = (await issue(await tokenFor())).json().value as { code: string };
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
  });

  it('expires after 60 seconds; a guest cannot make one; wrong codes from one address are stopped', async () => {
    const { code } = (await issue(await tokenFor())).json().value as { code: string };
    t.clock.advance(HANDOFF_CODE_SECONDS * 1000 + 1);
    expect((await exchange(code)).json().code).toBe('HANDOFF_CODE_INVALID');

    expect((await issue()).json().code).toBe('NOT_LOGGED_IN');
    expect((await issue('made-up-token-0123456789abcdef')).json().code).toBe('NOT_LOGGED_IN');

    const ip = '100.64.77.9';
    for (let i = 0; i < 10; i++) expect((await exchange(`guess-${i}-0123456789abcdef`, ip)).json().code).toBe('HANDOFF_CODE_INVALID');
    const fresh = (await issue(await tokenFor())).json().value as { code: string };
    // Blocked now, even with a good code; another address is not.
    expect((await exchange(fresh.code, ip)).json().code).toBe('TOO_MANY_REQUESTS');
    expect((await exchange(fresh.code, '100.64.77.10')).statusCode).toBe(200);
  });
});

describe('secrets in URLs never reach the log', () => {
  it('redacts token, code and the like from the logged URL, keeping the rest', () => {
    expect(redactUrl('/?token=abc123&lang=BN')).toBe('/?token=[redacted]&lang=BN');
    expect(redactUrl('/house/play?vendor=PG&game=g1&token=Zm9v_bar-baz&mode=real')).toBe(
      '/house/play?vendor=PG&game=g1&token=[redacted]&mode=real',
    );
    expect(redactUrl('/x?Code=1&verificationCode=2&signature=3&%74oken=4#frag')).toBe(
      '/x?Code=[redacted]&verificationCode=[redacted]&signature=[redacted]&%74oken=[redacted]',
    );
    expect(redactUrl('/lgw/games/gameList?pageNo=1')).toBe('/lgw/games/gameList?pageNo=1');
    expect(redactUrl('/plain')).toBe('/plain');
  });

  it('the request log line carries the redacted URL', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    // A server with the app's own logger options, logging every request as the app does at 'info'.
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }, stream) });
    app.get('/', async () => 'ok');
    app.get('/house/play', async () => 'ok');
    await app.inject({ method: 'GET', url: '/?token=secret-session-token-0123456789&lang=EN' });
    await app.inject({ method: 'GET', url: '/house/play?vendor=PG&token=launch-token-abcdefghijklmnop' });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/?token=[redacted]&lang=EN"');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain('secret-session-token');
    expect(log).not.toContain('launch-token-abcdefghijklmnop');
  });
});
