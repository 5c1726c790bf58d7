import { sealForServer } from '@playfront/contract/encrypted-payload';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SESSION_PATHS } from '@playfront/contract/session';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import {
  type Actor,
  actor,
  errorProblem,
  fingerprint,
  injectWithin,
  leaks,
  platformRoutes,
  type RouteEntry,
  wellFormed,
} from './hardening-helpers.ts';
import {
  bodyBreakers,
  hostileString,
  type JsonSchema,
  junkBytes,
  noiseBody,
  noiseQuery,
  type QueryParam,
  queryBreakers,
} from './schema-fuzz.ts';

/**
 * Contract fuzz: every route the app registers gets hostile bodies, query strings, path values,
 * random bytes and wrong content types, as a guest and as a logged-in member (and, for /ops, with
 * the operator key). A guaranteed-invalid input must get a proper catalogue error (4xx, known code,
 * a message translated in EN and BN); any input must never get a 5xx, hang, or leak internals;
 * and nothing in the database may change.
 */
const SEED = 20_261_123;
/** 16 in the normal run; FUZZ_RUNS=… for a deeper hunt on a quiet machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

/**
 * Tables that may grow, by design: the nonce of a sealed body is claimed before the body is validated
 * (the replay guard); GET /wps/captcha issues a new challenge on every call (a success, not a refusal);
 * and the password-reset e-mail call answers every well-formed request alike and writes a code row
 * either way (anti-enumeration, password.service forgotByEmail), which a guest's random but well-formed
 * username and e-mail can be. Every other table, and every balance, must be exactly as before.
 */
/**
 * Tables a fuzz case may grow with a request that is valid: nonces, captchas and codes are issued on request (a
 * sign-in code is made by any member who asks); the instances' shared signing key (server_secret) is made the first
 * time a guest chat token is signed. (Opening the support chat stores nothing; a conversation starts with a first
 * message, which needs a session or a guest token.)
 */
const MAY_GROW = ['used_nonce', 'captcha_challenge', 'verification_code', 'sign_in_code', 'server_secret'];

type Role = 'guest' | 'member' | 'operator';
type Shape = { body?: JsonSchema; query: QueryParam[]; pathParams: string[]; sealed: boolean };
type Case = { label: string; strict: boolean; method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

let database: TestDatabase;
let t: TestApp;
let member: Actor;
let publicKey: string;
let doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};
let routes: RouteEntry[];
let before: Record<string, string>;
const problems: string[] = [];
const sealedRoutes = new Set<string>();
let sent = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  // The global rate limit would turn most of this run into 429s; it has its own test in security-headers.
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date()));
  member = await actor(database.db, t.clock.now, { funds: 500_000n });
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  publicKey = (await t.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value.publicKey;
  routes = platformRoutes(t.app);
  // The setup's own deposit reaches the outbox consumers now, not in the middle of the fuzz.
  await t.app.moneyOutbox?.drain();
  before = await fingerprint(database.db, MAY_GROW);
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

function shapeOf(r: RouteEntry, sealed: boolean): Shape {
  const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
  const params = op?.parameters ?? [];
  return {
    body: op?.requestBody?.content['application/json']?.schema,
    query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false })),
    pathParams: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
    sealed,
  };
}

function headersFor(role: Role): Record<string, string> {
  if (role === 'member') return { ...BASE_HEADERS, authorization: member.token };
  if (role === 'operator') return { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
  return { ...BASE_HEADERS };
}

/** Header values HTTP can carry (printable ASCII), hostile in content and length. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  fc.constantFrom(
    'Bearer ',
    `Bearer ${'A'.repeat(300)}`,
    'null',
    "' OR '1'='1",
    '../../',
    '0'.repeat(64),
    '-1',
    'DEMO, DEMO',
    '999.999.999.999, 1.1.1.1',
  ),
  fc.integer({ min: 1000, max: 8000 }).map((n) => 'x'.repeat(n)),
);
const pathValue = fc.oneof(hostileString, fc.constantFrom('0', '-1', '99999999999999999999', '1.5', '..', '%2e%2e', 'null', 'undefined'));
function fillPath(url: string, values: string[]): string {
  let i = 0;
  return url.replace(/:(\w+)/g, () => encodeURIComponent(wellFormed(values[i++] ?? 'x')) || 'x');
}
const withQuery = (url: string, q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `${url}?${s}` : url;
};

async function jsonPayload(shape: Shape, url: string, body: unknown): Promise<{ headers: Record<string, string>; payload: string }> {
  if (!shape.sealed) return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
  const sealed = await sealForServer(publicKey, body, { path: url, now: t.clock.now.getTime() });
  return { headers: { 'content-type': 'application/json', encryption: sealed.header }, payload: JSON.stringify(sealed.body) };
}

/** One generated case for a route and role. */
function caseArbitrary(r: RouteEntry, shape: Shape, role: Role): fc.Arbitrary<() => Promise<Case>> {
  const hasBody = r.method !== 'GET';
  const base = headersFor(role);
  const arbs: fc.Arbitrary<() => Promise<Case>>[] = [];
  const pathArb = fc.array(pathValue, { minLength: shape.pathParams.length, maxLength: shape.pathParams.length });
  const bodyBreaks = shape.body ? bodyBreakers(shape.body) : [];
  const queryBreaks = queryBreakers(shape.query);

  if (bodyBreaks.length && shape.body) {
    arbs.push(
      fc.tuple(noiseBody(shape.body), fc.constantFrom(...bodyBreaks), noiseQuery(shape.query)).map(([b, breaker, q]) => async () => {
        const sealedOrPlain = await jsonPayload(shape, r.url, breaker.apply(b));
        return {
          label: `body ${breaker.label}`,
          strict: true,
          method: r.method,
          url: withQuery(fillPath(r.url, []), q),
          headers: { ...base, ...sealedOrPlain.headers },
          payload: sealedOrPlain.payload,
        };
      }),
    );
  }
  if (queryBreaks.length) {
    arbs.push(
      fc.tuple(noiseQuery(shape.query), fc.constantFrom(...queryBreaks)).map(([q, breaker]) => async () => ({
        label: `query ${breaker.label}`,
        strict: true,
        method: r.method,
        url: withQuery(fillPath(r.url, []), breaker.apply(q)),
        headers: base,
      })),
    );
  }
  if (shape.pathParams.length) {
    // No record has a hostile id, so the answer is a refusal whoever asks.
    arbs.push(
      pathArb.map((values) => async () => ({
        label: 'hostile path value',
        strict: true,
        method: r.method,
        url: fillPath(r.url, values),
        headers: base,
      })),
    );
  }
  if (hasBody) {
    arbs.push(
      fc
        .tuple(
          junkBytes,
          fc.constantFrom('application/json', 'application/x-evil', 'image/png', 'multipart/form-data; boundary=x', 'multipart/form-data'),
        )
        .map(([bytes, type]) => async () => ({
          label: `junk bytes as ${type}`,
          // A route without a body schema never reads a multipart body (only JSON is parsed before the handler), so
          // junk there is ignored and the call may succeed on a record that exists: it must still fail safely.
          strict: shape.body !== undefined || !type.startsWith('multipart'),
          method: r.method,
          url: fillPath(r.url, ['1', '1']),
          headers: { ...base, 'content-type': type },
          payload: bytes,
        })),
    );
  }
  if (shape.sealed) {
    arbs.push(
      fc
        .tuple(noiseBody(shape.body ?? {}), fc.base64String({ minLength: 4, maxLength: 400 }), fc.boolean())
        .map(([b, garbage, plain]) => async () => {
          const payload = plain ? JSON.stringify(b) : JSON.stringify({ value: garbage });
          const headers: Record<string, string> = { ...base, 'content-type': 'application/json' };
          if (!plain) headers.encryption = (await sealForServer(publicKey, {}, { path: r.url, now: t.clock.now.getTime() })).header;
          return {
            label: plain ? 'plain body on an E call' : 'garbage ciphertext',
            strict: true,
            method: r.method,
            url: r.url,
            headers,
            payload,
          };
        }),
    );
  }
  // Hostile headers (token, brand, language, device, forwarded address) on a bare call, and a declared
  // query parameter sent twice: lenient, as a bare call may be valid; never a 5xx, leak or hang. With
  // real credentials only on reads: a bare write (log-out, an operator delete) could act for real.
  if (role === 'guest' || r.method === 'GET')
    arbs.push(
      fc
        .record(
          { authorization: headerValue, merchant: headerValue, language: headerValue, device: headerValue, 'x-forwarded-for': headerValue },
          { requiredKeys: [] },
        )
        .map((h) => async () => ({
          label: 'hostile headers',
          strict: false,
          method: r.method,
          url: fillPath(r.url, ['1', '1']),
          headers: role === 'guest' ? { ...base, ...h } : { ...h, ...base },
        })),
    );
  if (shape.query.length) {
    arbs.push(
      fc
        .tuple(
          fc.constantFrom(...shape.query.map((q) => q.name)),
          fc.array(fc.oneof(hostileString, fc.constant('1')), { minLength: 2, maxLength: 3 }),
        )
        .map(([name, values]) => async () => ({
          label: `repeated query parameter ${name}`,
          strict: false,
          method: r.method,
          url: `${fillPath(r.url, ['1', '1'])}?${values.map((v) => `${name}=${encodeURIComponent(wellFormed(v))}`).join('&')}`,
          headers: base,
        })),
    );
  }
  // Anything at all (lenient: may succeed when the input happens to be valid). Guests only, so a
  // member's fuzz never acts for real (a member's valid logout or read-all would change state).
  if (role === 'guest') {
    arbs.push(
      fc.tuple(noiseQuery(shape.query), noiseBody(shape.body ?? {}), pathArb).map(([q, b, p]) => async () => {
        const body = hasBody ? await jsonPayload(shape, r.url, b) : undefined;
        return {
          label: 'noise',
          strict: false,
          method: r.method,
          url: withQuery(fillPath(r.url, p), q),
          headers: { ...base, ...(body?.headers ?? {}) },
          ...(body ? { payload: body.payload } : {}),
        };
      }),
    );
  }
  if (!arbs.length) {
    // A GET without parameters as a logged-in member or operator: stray query parameters must change nothing.
    arbs.push(
      noiseQuery([
        { name: 'x', schema: {} },
        { name: 'pageNo', schema: {} },
      ]).map((q) => async () => ({
        label: 'stray query',
        strict: false,
        method: r.method,
        url: withQuery(r.url, q),
        headers: base,
      })),
    );
  }
  return fc.oneof(...arbs);
}

function judge(c: Case, res: LightMyRequestResponse): string | undefined {
  if (c.strict || res.statusCode >= 400) return errorProblem(res);
  const leak = leaks(res.body);
  return leak ? `leaks "${leak}"` : undefined;
}

async function fuzzRoute(r: RouteEntry, role: Role): Promise<void> {
  // "E" calls refuse any body that is not sealed before looking at anything else; a guest's `[]` can
  // do nothing anywhere, so it tells them apart safely. Member calls check the session first, so there
  // the member asks, and only where a body schema refuses `[]` anyway (a member's bare logout would act).
  const probe = (headers: Record<string, string>) =>
    t.app.inject({
      method: r.method as 'POST',
      url: fillPath(r.url, ['1', '1']),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '[]',
    });
  let probed = (await probe(BASE_HEADERS)).json<{ code?: string }>().code;
  if (probed === 'NOT_LOGGED_IN' && shapeOf(r, false).body) probed = (await probe(headersFor('member'))).json<{ code?: string }>().code;
  const sealed = r.method !== 'GET' && probed === 'ENCRYPTION_REQUIRED';
  if (sealed) sealedRoutes.add(`${r.method} ${r.url}`);
  const shape = shapeOf(r, sealed);
  const oversized = r.method !== 'GET' ? [caseOf(r, role, 'oversized body (1.1 MiB)', `{"a":"${'x'.repeat(1_150_000)}"}`)] : [];
  let last: string | undefined;
  for (const c of oversized) {
    const problem = await check(c);
    if (problem) problems.push(`${role} ${r.method} ${r.url}: ${problem}`);
  }
  await fc
    .assert(
      fc.asyncProperty(caseArbitrary(r, shape, role), async (make) => {
        const problem = await check(await make());
        if (problem) {
          last = problem;
          throw new Error(problem);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    )
    .catch((err: Error) => {
      problems.push(`${role} ${r.method} ${r.url}: ${last ?? err.message.slice(0, 300)}`);
    });
}

function caseOf(r: RouteEntry, role: Role, label: string, payload: string): Case {
  return {
    label,
    strict: true,
    method: r.method,
    url: fillPath(r.url, ['1', '1']),
    headers: { ...headersFor(role), 'content-type': 'application/json' },
    payload,
  };
}

async function check(c: Case): Promise<string | undefined> {
  sent++;
  let res: LightMyRequestResponse;
  try {
    res = await injectWithin(t.app, {
      method: c.method as 'POST',
      url: c.url,
      headers: c.headers,
      ...(c.payload !== undefined ? { payload: c.payload } : {}),
    });
  } catch (err) {
    return `${c.label}: ${(err as Error).message}`;
  }
  const problem = judge(c, res);
  return problem ? `${c.label} → ${res.statusCode} ${problem} [${c.method} ${c.url.slice(0, 120)}]` : undefined;
}

describe(`contract fuzz of every registered route (${testDbKind}; seed ${SEED}, ${RUNS} generated cases per route and role)`, () => {
  it('finds the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', url: '/wps/funds/withdrawals' });
    expect(routes).toContainEqual({ method: 'POST', url: '/wps/payments/webhook/sandbox' });
  });

  it('answers hostile input as a guest with catalogue errors, never a 5xx, hang or leak', async () => {
    for (const r of routes) await fuzzRoute(r, 'guest');
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers hostile input as a logged-in member the same way, and the session survives', async () => {
    for (const r of routes) await fuzzRoute(r, 'member');
    expect(problems).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: headersFor('member') });
    expect(me.statusCode).toBe(200);
  }, 120_000);

  it('answers hostile input with the operator key on /ops the same way', async () => {
    for (const r of routes.filter((x) => x.url.startsWith('/ops/'))) await fuzzRoute(r, 'operator');
    expect(problems).toEqual([]);
  }, 60_000);

  it('refuses a NUL character (which PostgreSQL text cannot hold) in a query, a path or a sealed body', async () => {
    const cases = [
      await check({
        label: 'NUL in query',
        strict: true,
        method: 'GET',
        url: '/lgw/games/game_menus?merchant=%00',
        headers: headersFor('guest'),
      }),
      await check({
        label: 'NUL in search',
        strict: true,
        method: 'GET',
        url: '/lgw/games/searchGames?keyword=a%00b',
        headers: headersFor('guest'),
      }),
      await check({
        label: 'NUL in path',
        strict: true,
        method: 'GET',
        url: '/wps/funds/deposit/orders/D%0012',
        headers: headersFor('member'),
      }),
    ];
    const login = await jsonPayload({ query: [], pathParams: [], sealed: true }, SESSION_PATHS.login, {
      username: 'demo\u0000member',
      password: 'x',
    });
    const sealedLogin = await t.app.inject({
      method: 'POST',
      url: SESSION_PATHS.login,
      headers: { ...headersFor('guest'), ...login.headers },
      payload: login.payload,
    });
    expect(cases).toEqual([undefined, undefined, undefined]);
    expect(errorProblem(sealedLogin)).toBeUndefined();
    expect(sealedLogin.json().code).toBe('VALIDATION');
  });

  it('changed no row and no balance', async () => {
    console.log(`[contract fuzz] ${routes.length} routes (${sealedRoutes.size} sealed "E" calls), ${sent} requests`);
    // The sealed calls were recognised, so their hostile bodies were sealed and reached validation.
    expect([...sealedRoutes]).toEqual(
      expect.arrayContaining([
        'POST /wps/session/login',
        'POST /wps/funds/withdrawals',
        'PUT /wps/member/register',
        'PUT /wps/member/password',
      ]),
    );
    await t.app.moneyOutbox?.drain();
    expect(await fingerprint(database.db, MAY_GROW)).toEqual(before);
  });
});
