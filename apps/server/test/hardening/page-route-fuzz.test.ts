import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { injectWithin, leaks, registeredRoutes } from './hardening-helpers.ts';

/**
 * The page routes the contract fuzz leaves out (issue 21 item 12): the launch-host aliases (`/launch/*`), the house
 * game provider's pages and API (`/house/*`) and the sandbox gateway's pages (`/sandbox-pay/*`). They answer HTML
 * or their own shapes, not the catalogue's; what must hold for any input: no 5xx, no hang, no leaked internals,
 * and a redirect only ever to a path of this site. A line separator (U+2028) in a `/launch/*` path answered 500.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const PREFIXES = ['/launch/', '/house/', '/sandbox-pay/'];
/** Fastify's printed route tree leaves out this wildcard route; it is checked to exist instead. */
const LAUNCH_ALIAS = { method: 'GET', url: '/launch/:alias/house/*' };

const pageRoutes = (app: TestApp['app']) => [
  ...registeredRoutes(app).filter((r) => PREFIXES.some((p) => r.url.startsWith(p))),
  ...(app.hasRoute(LAUNCH_ALIAS as { method: 'GET'; url: string }) ? [LAUNCH_ALIAS] : []),
];

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

/** Hostile text for a path segment or a query value, percent-encoded as a client would send it. */
const hostile = fc.oneof(
  fc.constantFrom(
    '\u2028',
    '\u2029',
    '\r\n',
    '\n',
    '\u0000',
    '..',
    '../..',
    '//evil.example',
    '\\\\evil',
    'a'.repeat(300),
    '%',
    '%zz',
    '<script>',
  ),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate as its (invalid) UTF-8 bytes
  }
};

function problemOf(status: number, body: string, location: string | undefined): string | undefined {
  if (status >= 500) return `status ${status}`;
  const leak = leaks(body);
  if (leak) return `leaks "${leak}"`;
  if (location !== undefined && !(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'))) {
    return `redirects off the site to ${location}`;
  }
  return undefined;
}

describe(`page routes under hostile input (${testDbKind}; seed ${SEED}, ${RUNS} cases per route)`, () => {
  it('finds the launch, house and sandbox-pay routes from the app itself', () => {
    const routes = pageRoutes(t.app);
    expect(routes.some((r) => r.url.startsWith('/launch/'))).toBe(true);
    expect(routes.some((r) => r.url.startsWith('/house/'))).toBe(true);
    expect(routes.some((r) => r.url.startsWith('/sandbox-pay/'))).toBe(true);
  });

  it('a line separator in a /launch/* path is redirected to the house, encoded, not answered 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/launch/a/house/play%E2%80%A8x?vendor=PG' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/house/play%E2%80%A8x?vendor=PG');
  });

  it('answers every route with no 5xx, hang or leak, and redirects only within the site', async () => {
    const routes = pageRoutes(t.app);
    const problems: string[] = [];
    let sent = 0;
    for (const r of routes) {
      await fc
        .assert(
          fc.asyncProperty(hostile, hostile, hostile, async (a, b, q) => {
            // Each `:param` and `*` gets hostile text; the query too.
            let n = 0;
            const path = r.url.replace(/:[A-Za-z]+|\*/g, () => enc([a, b][n++ % 2] as string));
            const url = `${path}?vendor=${enc(q)}&token=${enc(b)}&lang=${enc(a)}&backUrl=${enc(q)}`;
            const res = await injectWithin(t.app, {
              method: r.method as 'GET',
              url,
              ...(r.method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ q }) } : {}),
            });
            sent++;
            const location = typeof res.headers.location === 'string' ? res.headers.location : undefined;
            const problem = problemOf(res.statusCode, res.body, location);
            if (problem) throw new Error(`${r.method} ${url.slice(0, 160)} → ${problem}`);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        )
        .catch((err: Error) => problems.push(err.message.split('\n').find((l) => l.includes('→')) ?? err.message.slice(0, 300)));
    }
    expect(problems).toEqual([]);
    expect(sent).toBe(routes.length * RUNS);
  }, 120_000);
});
