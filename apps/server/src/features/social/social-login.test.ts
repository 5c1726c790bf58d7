import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SECURITY_PATHS } from '@playfront/contract/security';
import { OPS_SOCIAL_PATHS, SOCIAL_FLOW_SECONDS, SOCIAL_PATHS } from '@playfront/contract/social';
import Provider from 'oidc-provider';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, login, makeApp, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { totpCodeAt } from '../../infra/two-factor/two-factor.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { setBrandFlag } from '../brand/brand.repository.ts';

/**
 * Social login, registration and linking against a real OpenID Connect provider (oidc-provider) on a random local
 * port: the browser's part (the provider's redirects, its login and consent forms, cookies) is driven with fetch;
 * the platform exchanges the code with the provider over real HTTP (discovery, token endpoint, JWKS).
 */
const REDIRECT_URI = 'https://playfront.test/social-callback';
const CLIENT_SECRET = 'local-provider-client-secret-0123456789';
const ACCOUNTS: Record<string, { email: string; name: string; preferred_username: string }> = {
  alice: { email: 'alice@example.com', name: 'Alice Rahman', preferred_username: 'alice.rahman' },
  bob: { email: 'bob@example.com', name: 'Bob Das', preferred_username: 'bob' },
  newbie: { email: 'newbie@example.com', name: 'Nu Bie', preferred_username: 'Nü-Bie' },
  lookalike: { email: 'demomember@example.com', name: 'Demo Member', preferred_username: 'DemoMember' },
};

let oidcServer: Server;
let issuer: string;

beforeAll(async () => {
  oidcServer = createServer();
  await new Promise<void>((resolve) => oidcServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(oidcServer.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'playfront',
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, ...(ACCOUNTS[id] ? { ...ACCOUNTS[id], email_verified: true } : {}) }) };
    },
    pkce: { required: () => true },
    cookies: { keys: ['local-provider-cookie-key'] },
  });
  oidcServer.on('request', provider.callback());
});
afterAll(async () => {
  await new Promise<void>((resolve) => oidcServer.close(() => resolve()));
});

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' });
  await setBrandFlag(t.db, brandId(), 'SOCIAL_LOGIN', true);
  await configure({});
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const brandId = () => 1;
const ops = { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY };

function configure(change: { enabled?: boolean; allowRegistration?: boolean; clientSecret?: string }) {
  return t.app
    .inject({
      method: 'PUT',
      url: OPS_SOCIAL_PATHS.provider.replace(':slug', 'local-id'),
      headers: ops,
      payload: {
        displayName: 'Local ID',
        issuer,
        clientId: 'playfront',
        clientSecret: change.clientSecret ?? CLIENT_SECRET,
        redirectUri: REDIRECT_URI,
        enabled: change.enabled ?? true,
        allowRegistration: change.allowRegistration ?? true,
      },
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res;
    });
}

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...BASE_HEADERS, ...(token ? { authorization: token } : {}) }, payload });

/** What the browser does at the provider: follows redirects and submits the login and consent forms; the callback URL. */
async function atProvider(authorizationUrl: string, account: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location') ?? '', url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const html = await res.text();
    expect(res.status, html.slice(0, 400)).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action, html.slice(0, 400)).toBeTruthy();
    url = new URL((action ?? '').replaceAll('&amp;', '&'), url).href;
    form = html.includes('name="prompt" value="login"')
      ? new URLSearchParams({ prompt: 'login', login: account, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('the provider never sent the browser back');
}

/** Start (login or link), go through the provider as `account`, and the callback's query. */
async function callbackQuery(account: string, options: { token?: string; referralCode?: string } = {}): Promise<string> {
  const started = options.token
    ? await post(SOCIAL_PATHS.linkStart, { provider: 'local-id' }, options.token)
    : await post(SOCIAL_PATHS.start, { provider: 'local-id', ...(options.referralCode ? { referralCode: options.referralCode } : {}) });
  expect(started.statusCode, started.body).toBe(200);
  const authorizationUrl = started.json().value.authorizationUrl as string;
  const sent = new URL(authorizationUrl);
  expect(sent.origin).toBe(issuer);
  expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
  for (const p of ['state', 'nonce', 'code_challenge']) expect(sent.searchParams.get(p)).toBeTruthy();
  return (await atProvider(authorizationUrl, account)).search;
}

const complete = (query: string, token?: string) => post(SOCIAL_PATHS.complete, { query }, token);

async function passwordToken(username = 'demomember'): Promise<string> {
  const res = await login(t, { username, password: DEMO_PASSWORD, ...(await captcha(t)) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.token as string;
}

async function link(account: string, username = 'demomember') {
  const token = await passwordToken(username);
  return { token, res: await complete(await callbackQuery(account, { token }), token) };
}

const memberCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`social login with OpenID Connect (${testDbKind})`, () => {
  it('offers the enabled provider to the site without its secret, and keeps the secret sealed at rest', async () => {
    const listed = await t.app.inject({ method: 'GET', url: SOCIAL_PATHS.providers, headers: BASE_HEADERS });
    expect(listed.json().value).toEqual([{ slug: 'local-id', displayName: 'Local ID', registration: true }]);
    const admin = await t.app.inject({ method: 'GET', url: OPS_SOCIAL_PATHS.providers, headers: ops });
    expect(admin.json().value[0]).toMatchObject({ slug: 'local-id', hasClientSecret: true, enabled: true });
    const row = await t.db.selectFrom('social_provider').select('client_secret_sealed').executeTakeFirstOrThrow();
    for (const body of [listed.body, admin.body, row.client_secret_sealed]) expect(body).not.toContain(CLIENT_SECRET);
    // Changed without a secret: the stored one stays and still works.
    await t.app.inject({
      method: 'PUT',
      url: OPS_SOCIAL_PATHS.provider.replace(':slug', 'local-id'),
      headers: ops,
      payload: {
        displayName: 'Local ID 2',
        issuer,
        clientId: 'playfront',
        redirectUri: REDIRECT_URI,
        enabled: true,
        allowRegistration: true,
      },
    });
    const { token } = await link('alice');
    expect(token).toBeTruthy();
    // A new provider needs its secret.
    const noSecret = await t.app.inject({
      method: 'PUT',
      url: OPS_SOCIAL_PATHS.provider.replace(':slug', 'other-id'),
      headers: ops,
      payload: { displayName: 'Other', issuer, clientId: 'x', redirectUri: REDIRECT_URI, enabled: true, allowRegistration: false },
    });
    expect(noSecret.json()).toMatchObject({ code: 'VALIDATION', fields: { clientSecret: { key: 'patterns.required' } } });
  });

  it('links an identity from the security centre, lists it, and then logs its member in with it', async () => {
    const { token, res } = await link('alice');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      outcome: 'linked',
      login: null,
      identity: { provider: 'local-id', displayName: 'Local ID', email: 'al***@example.com' },
    });
    const listed = await t.app.inject({ method: 'GET', url: SOCIAL_PATHS.identities, headers: { ...BASE_HEADERS, authorization: token } });
    expect(listed.json().value).toEqual([expect.objectContaining({ provider: 'local-id', email: 'al***@example.com' })]);

    const members = await memberCount();
    const signedIn = await complete(await callbackQuery('alice'));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const value = signedIn.json().value;
    expect(value.outcome).toBe('login');
    expect(value.login.member.account).toBe('demomember');
    expect(await memberCount()).toBe(members);
    // A real session: the security centre answers with it, and the login history says how it started.
    const history = await t.app.inject({
      method: 'GET',
      url: SECURITY_PATHS.logins,
      headers: { ...BASE_HEADERS, authorization: value.login.token },
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json().value)).toContain('"SOCIAL"');
  });

  it('registers a new member for an unknown identity when the provider allows it, once', async () => {
    const before = await memberCount();
    const res = await complete(await callbackQuery('newbie', { referralCode: 'NOSUCHCODE' }));
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.outcome).toBe('registered');
    expect(value.login.firstTimeLogin).toBe(true);
    expect(value.login.member.account).toMatch(/^nubie\d*$/);
    expect(await memberCount()).toBe(before + 1);
    const row = await t.db
      .selectFrom('member')
      .select(['username', 'email', 'register_method', 'password_hash', 'referral_code'])
      .where('username', '=', value.login.member.account)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      username: value.login.member.account,
      email: 'newbie@example.com',
      register_method: 'SOCIAL:local-id',
      password_hash: null,
      referral_code: 'NOSUCHCODE',
    });
    // The same identity again is a login of that member, not a second account.
    const again = await complete(await callbackQuery('newbie'));
    expect(again.json().value).toMatchObject({ outcome: 'login', login: { member: { account: value.login.member.account } } });
    expect(await memberCount()).toBe(before + 1);
  });

  it('gives a username the brand accepts when the derived one is taken', async () => {
    const res = await complete(await callbackQuery('lookalike'));
    expect(res.json().value.outcome).toBe('registered');
    const account = res.json().value.login.member.account as string;
    // demomember is taken: the same name with digits, within the brand's username length.
    expect(account).not.toBe('demomember');
    expect(account).toMatch(/^demome[a-z]*\d{2,4}$/);
  });

  it('refuses an unknown identity when the provider does not register, and creates nothing', async () => {
    await configure({ allowRegistration: false });
    const before = await memberCount();
    const res = await complete(await callbackQuery('bob'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'SOCIAL_NOT_REGISTERED', message: 'errors.socialNotRegistered' });
    expect(await memberCount()).toBe(before);
  });

  it('refuses a replayed callback, a forged state, an expired flow and a code swapped into another flow', async () => {
    const query = await callbackQuery('newbie');
    expect((await complete(query)).statusCode).toBe(200);
    const replay = await complete(query);
    expect(replay.json()).toMatchObject({ code: 'SOCIAL_STATE_INVALID' });

    const forged = new URLSearchParams(query.slice(1));
    forged.set('state', 'made-up-state-value');
    expect((await complete(`?${forged}`)).json()).toMatchObject({ code: 'SOCIAL_STATE_INVALID' });
    expect((await complete('?code=abc')).json()).toMatchObject({ code: 'SOCIAL_STATE_INVALID' });

    const late = await callbackQuery('newbie');
    t.clock.advance(SOCIAL_FLOW_SECONDS * 1000 + 1000);
    expect((await complete(late)).json()).toMatchObject({ code: 'SOCIAL_STATE_INVALID' });

    // An attacker's code (flow A) pasted into the victim's flow B: B's PKCE verifier and nonce do not fit it.
    const a = new URLSearchParams((await callbackQuery('bob')).slice(1));
    const b = new URLSearchParams((await callbackQuery('newbie')).slice(1));
    b.set('code', a.get('code') ?? '');
    const swapped = await complete(`?${b}`);
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json()).toMatchObject({ code: 'SOCIAL_SIGN_IN_FAILED', message: 'errors.socialSignInFailed' });
    // The provider's "access denied" (the member cancelled there).
    const cancelled = await post(SOCIAL_PATHS.start, { provider: 'local-id' });
    const state = new URL(cancelled.json().value.authorizationUrl).searchParams.get('state');
    expect((await complete(`?error=access_denied&state=${state}`)).json()).toMatchObject({ code: 'SOCIAL_SIGN_IN_FAILED' });
  });

  it('links one identity to one member only, and one identity per provider to a member; a link stays', async () => {
    expect((await link('alice')).res.statusCode).toBe(200);
    const other = await link('alice', 'demodown1');
    expect(other.res.statusCode).toBe(409);
    expect(other.res.json()).toMatchObject({ code: 'SOCIAL_IDENTITY_TAKEN', message: 'errors.socialIdentityTaken' });
    const token = await passwordToken();
    const second = await post(SOCIAL_PATHS.linkStart, { provider: 'local-id' }, token);
    expect(second.json()).toMatchObject({ code: 'SOCIAL_ALREADY_LINKED' });
    const rows = await t.db.selectFrom('member_identity').selectAll().execute();
    expect(rows).toHaveLength(1);
    // Final: the database refuses to change the link.
    await expect(t.db.updateTable('member_identity').set({ subject: 'bob' }).execute()).rejects.toThrow(/final/);
  });

  it('finishes a link only with the session that started it', async () => {
    const token = await passwordToken();
    const query = await callbackQuery('alice', { token });
    expect((await complete(query)).statusCode).toBe(401);
    const intruder = await passwordToken('demodown1');
    // The first refusal did not spend the flow's identity; another member's session is refused too.
    const query2 = await callbackQuery('alice', { token });
    expect((await complete(query2, intruder)).json()).toMatchObject({ code: 'SOCIAL_STATE_INVALID' });
    expect(await t.db.selectFrom('member_identity').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a switched-off provider or brand, even for a flow started before', async () => {
    const started = await callbackQuery('newbie');
    await configure({ enabled: false });
    expect((await complete(started)).json()).toMatchObject({ code: 'SOCIAL_PROVIDER_UNAVAILABLE' });
    expect((await t.app.inject({ method: 'GET', url: SOCIAL_PATHS.providers, headers: BASE_HEADERS })).json().value).toEqual([]);
    const res = await post(SOCIAL_PATHS.start, { provider: 'local-id' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SOCIAL_PROVIDER_UNAVAILABLE', message: 'errors.socialProviderUnavailable' });

    await configure({ enabled: true });
    await setBrandFlag(t.db, brandId(), 'SOCIAL_LOGIN', false);
    expect((await post(SOCIAL_PATHS.start, { provider: 'local-id' })).json()).toMatchObject({ code: 'SOCIAL_PROVIDER_UNAVAILABLE' });
    expect((await post(SOCIAL_PATHS.start, { provider: 'no-such-id' })).json()).toMatchObject({ code: 'SOCIAL_PROVIDER_UNAVAILABLE' });
  });

  it('respects a disabled account and asks for the second step when two-step login is on', async () => {
    const { token } = await link('alice');
    // Two-step on for demomember.
    const headers = { ...BASE_HEADERS, authorization: token };
    const setup = await t.app.inject({ method: 'POST', url: SECURITY_PATHS.twoStepSetup, headers });
    const secret = setup.json().value.secret as string;
    const on = await t.app.inject({
      method: 'POST',
      url: SECURITY_PATHS.twoStepEnable,
      headers,
      payload: { code: totpCodeAt(secret, t.clock.now.getTime()) },
    });
    expect(on.statusCode, on.body).toBe(200);
    const sessions = await t.db.selectFrom('member_session').select('id').execute();
    const stepped = await complete(await callbackQuery('alice'));
    expect(stepped.statusCode).toBe(403);
    expect(stepped.json()).toMatchObject({ code: 'TWO_STEP_REQUIRED', value: { twoStepRequired: 'totp' } });
    expect(await t.db.selectFrom('member_session').select('id').execute()).toHaveLength(sessions.length);
    t.clock.advance(30_000);
    const second = await post('/wps/session/login/two-step', {
      challenge: stepped.json().value.challenge,
      code: totpCodeAt(secret, t.clock.now.getTime()),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().value.member.account).toBe('demomember');

    await t.db.updateTable('member').set({ status: 'disabled' }).where('username', '=', 'demomember').execute();
    expect((await complete(await callbackQuery('alice'))).json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });
});
