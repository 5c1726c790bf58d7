import { sealForServer } from '@playfront/contract/encrypted-payload';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SESSION_PATHS } from '@playfront/contract/session';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { type Actor, actor, errorProblem, platformRoutes, type RouteEntry } from './hardening-helpers.ts';
import { bodyBreakers, type JsonSchema, type QueryParam, queryBreakers, validValue } from './schema-fuzz.ts';

/**
 * The gate comes before the body: on every route that needs a session or the operator key, a
 * caller without one gets the same refusal whatever it sends (a malformed body, query or path
 * value must not earn a validation answer that tells what a well-formed one looks like, nor spend
 * a sealed nonce), while a caller who passes the gate gets the validation error for the same
 * request. The routes come from the app's own route tree; a route is guarded when a guest's
 * well-formed call to it is refused with NOT_LOGGED_IN or OPERATOR_UNAUTHORIZED. And the request
 * rate limit still runs first, so refused guesses are counted.
 */
type Caller = 'guest' | 'member' | 'agent' | 'operator';
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Body = { json: unknown } | { raw: string };
type Call = { url: string; body?: Body; seal?: boolean };
/** One malformed request and what the caller who passes the gate may be told. */
type Case = Call & { label: string; expectCodes: string[]; expectFields: boolean };

const GATE_CODES = ['NOT_LOGGED_IN', 'OPERATOR_UNAUTHORIZED'];
/** Fastify's router refuses a longer path segment (URI_TOO_LONG) before any route or hook runs, for everyone alike. */
const MAX_PARAM_LENGTH = 100;
/** The app's body limit: a body over it is refused while it is read (the catalogue import allows more). */
const BODY_LIMIT = 1024 * 1024;

let database: TestDatabase;
let t: TestApp;
let member: Actor;
let agent: Actor;
let publicKey: string;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  database = await createTestDatabase();
  // The global rate limit would turn this run into 429s; its order is checked below on an app with a small one.
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date()));
  member = await actor(database.db, t.clock.now, { funds: 1_000_000n });
  agent = await actor(database.db, t.clock.now, { type: 1, site: 'agent', funds: 1_000_000n });
  publicKey = (await t.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value.publicKey;
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'guest') return { ...BASE_HEADERS };
  if (caller === 'operator') return { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
  return { ...BASE_HEADERS, authorization: (caller === 'agent' ? agent : member).token };
}

/** Path values no record has, so a call that gets past every gate still finds nothing to act on. */
const fill = (url: string, values: Record<string, string> = {}) =>
  url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '999999999'));

async function send(caller: Caller, r: RouteEntry, call: Call): Promise<LightMyRequestResponse> {
  const headers = headersOf(caller);
  let payload: string | undefined;
  if (call.body && 'raw' in call.body) payload = call.body.raw;
  else if (call.body && call.seal) {
    // Sealed for the route's own path, as the web does; the nonce is fresh on every call.
    const sealed = await sealForServer(publicKey, call.body.json, { path: r.url, now: t.clock.now.getTime() });
    headers.encryption = sealed.header;
    payload = JSON.stringify(sealed.body);
  } else if (call.body) payload = JSON.stringify(call.body.json);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({ method: r.method as 'POST', url: call.url, headers, ...(payload !== undefined ? { payload } : {}) });
}

const codeOf = (res: LightMyRequestResponse) => (res.statusCode >= 400 ? res.json<{ code?: string }>().code : undefined);
const withQuery = (url: string, q: Record<string, string>) => {
  const s = new URLSearchParams(q).toString();
  return s ? `${url}?${s}` : url;
};

/** Every malformed variant of a route's request: each schema breaker of its body, query and path, unparseable JSON, a plain body on a sealed call. */
function malformedCases(r: RouteEntry, op: Operation | undefined, body: JsonSchema | undefined, valid: unknown, sealed: boolean): Case[] {
  const out: Case[] = [];
  const base = fill(r.url);
  if (body) {
    for (const b of bodyBreakers(body)) {
      const json = b.apply((valid ?? {}) as Record<string, unknown>);
      // An over-long value can make the body too large to read: refused unread, which is as good.
      const large = Buffer.byteLength(JSON.stringify(json)) > BODY_LIMIT;
      out.push({
        label: `body ${b.label}`,
        url: base,
        body: { json },
        seal: sealed,
        expectCodes: large ? ['VALIDATION', 'PAYLOAD_TOO_LARGE'] : ['VALIDATION'],
        expectFields: !large,
      });
    }
  }
  if (r.method !== 'GET')
    out.push({ label: 'unparseable JSON', url: base, body: { raw: '{"broken' }, expectCodes: ['VALIDATION'], expectFields: false });
  if (sealed)
    out.push({
      label: 'plain body on a sealed call',
      url: base,
      body: { json: valid },
      expectCodes: ['ENCRYPTION_REQUIRED'],
      expectFields: false,
    });
  const params = (where: string): QueryParam[] =>
    (op?.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false }));
  for (const b of queryBreakers(params('query'))) {
    out.push({ label: `query ${b.label}`, url: withQuery(base, b.apply({})), expectCodes: ['VALIDATION'], expectFields: true });
  }
  for (const b of queryBreakers(params('path'))) {
    const values = b.apply({});
    // "missing" means nothing for a path segment; an over-long segment is the router's refusal, before any route.
    if (Object.keys(values).length === 0 || Object.values(values).some((v) => encodeURIComponent(v).length > MAX_PARAM_LENGTH)) continue;
    out.push({ label: `path ${b.label}`, url: fill(r.url, values), expectCodes: ['VALIDATION'], expectFields: true });
  }
  return out;
}

const usedNonces = async () =>
  Number((await sql<{ n: string }>`select count(*)::text as n from used_nonce`.execute(database.db)).rows[0]?.n ?? 0);

describe(`authentication before body validation (${testDbKind})`, () => {
  it('every guarded route answers a caller without a session the same, whatever the body; a caller with one gets the validation error', async () => {
    const routes = platformRoutes(t.app);
    const problems: string[] = [];
    const guarded: string[] = [];
    let cases = 0;
    let guestNonces = 0;
    for (const r of routes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const bodySchema = op?.requestBody?.content['application/json']?.schema;
      const valid = bodySchema ? fc.sample(validValue(bodySchema), { seed: 7, numRuns: 1 })[0] : undefined;
      const ops = r.url.startsWith('/ops/');
      // Sealed ("E") calls refuse a plain body with ENCRYPTION_REQUIRED once past the gate; only routes with a body schema can be.
      const probeCaller: Caller = ops ? 'operator' : 'agent';
      const sealed =
        bodySchema !== undefined &&
        r.method !== 'GET' &&
        codeOf(await send(probeCaller, r, { url: fill(r.url), body: { raw: '[]' } })) === 'ENCRYPTION_REQUIRED';
      const wellFormed: Call = { url: fill(r.url), ...(valid !== undefined ? { body: { json: valid }, seal: sealed } : {}) };

      const guestAnswer = await send('guest', r, wellFormed);
      const gateCode = codeOf(guestAnswer);
      if (!gateCode || !GATE_CODES.includes(gateCode)) continue;
      guarded.push(`${r.method} ${r.url}${sealed ? ' (sealed)' : ''}`);

      // Past the gate: the operator key for /ops, else a member, or an agent where only agents are let in.
      let caller: Caller = ops ? 'operator' : 'member';

      for (const c of malformedCases(r, op, bodySchema, valid, sealed)) {
        cases++;
        const where = `${r.method} ${r.url} [${c.label}]`;
        const noncesBefore = await usedNonces();
        const asGuest = await send('guest', r, c);
        guestNonces += (await usedNonces()) - noncesBefore;
        if (asGuest.statusCode !== guestAnswer.statusCode || codeOf(asGuest) !== gateCode)
          problems.push(`guest ${where}: ${asGuest.statusCode} ${codeOf(asGuest)}, well-formed got ${guestAnswer.statusCode} ${gateCode}`);
        if (asGuest.json<{ fields?: unknown }>().fields !== undefined) problems.push(`guest ${where}: answer names fields`);
        const p = errorProblem(asGuest);
        if (p) problems.push(`guest ${where}: ${p}`);

        let asCaller = await send(caller, r, c);
        if (caller === 'member' && codeOf(asCaller) === 'NON_AGENT_LOGIN') {
          caller = 'agent';
          asCaller = await send(caller, r, c);
        }
        const code = codeOf(asCaller);
        const hasFields = asCaller.statusCode >= 400 && asCaller.json<{ fields?: unknown }>().fields !== undefined;
        if (!code || !c.expectCodes.includes(code) || (c.expectFields && !hasFields))
          problems.push(
            `${caller} ${where}: ${asCaller.statusCode} ${code}${hasFields ? ' with fields' : ''}, expected ${c.expectCodes.join(' or ')}`,
          );
        const callerProblem = errorProblem(asCaller);
        if (callerProblem) problems.push(`${caller} ${where}: ${callerProblem}`);
      }
    }
    console.log(`guarded routes: ${guarded.length}, malformed requests sent to each side: ${cases}\n  ${guarded.join('\n  ')}`);
    expect(problems).toEqual([]);
    // A sealed body sent without a session is refused before it is opened: its nonce is not spent.
    expect(guestNonces).toBe(0);
    // The app's own member, agent and operator calls (the authorization matrix counts more than 15 and 8).
    expect(guarded.filter((g) => !g.includes(' /ops/')).length).toBeGreaterThan(15);
    expect(guarded.filter((g) => g.includes(' /ops/')).length).toBeGreaterThan(8);
    expect(guarded.some((g) => g.includes('(sealed)'))).toBe(true);
  }, 120_000);

  it('the request rate limit runs before the session and operator key checks, so refused guesses are counted', async () => {
    const limited = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '3' }, makeClock(new Date()));
    try {
      const answers = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, ip: string) => {
        const codes: (string | undefined)[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await limited.app.inject({
            method,
            url,
            headers: { ...BASE_HEADERS, ...headers },
            ...(method === 'POST' ? { payload: { ids: ['1'] } } : {}),
            remoteAddress: ip,
          });
          codes.push(codeOf(res));
        }
        return codes;
      };
      // A made-up token on a member call, then a wrong operator key: three refusals, then the limit.
      expect(await answers('POST', '/wps/messages/read', { authorization: 'made-up-token-0123456789' }, '100.64.100.7')).toEqual([
        'NOT_LOGGED_IN',
        'NOT_LOGGED_IN',
        'NOT_LOGGED_IN',
        'TOO_MANY_REQUESTS',
      ]);
      const outbox = `${SESSION_PATHS.outbox}?recipient=someone%40example.com`;
      expect(await answers('GET', outbox, { [OPERATOR_KEY_HEADER]: 'wrong-operator-key-0123456789' }, '100.64.100.8')).toEqual([
        'OPERATOR_UNAUTHORIZED',
        'OPERATOR_UNAUTHORIZED',
        'OPERATOR_UNAUTHORIZED',
        'TOO_MANY_REQUESTS',
      ]);
    } finally {
      await limited.app.close();
    }
  });
});
