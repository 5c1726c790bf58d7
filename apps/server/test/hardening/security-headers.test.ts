import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { SESSION_PATHS } from '@playfront/contract/session';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS_VALUE } from '../../src/http/hsts.ts';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';
import { errorProblem } from './hardening-helpers.ts';

/** Security headers on page and API answers, HSTS over TLS only, size limits and the rate limit. */
let database: TestDatabase;
let webDist: string;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist, ...env }, makeClock(new Date()));
  apps.push(t);
  return t;
}

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-hardening-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
}, 60_000);

afterAll(async () => {
  for (const t of apps) await t.app.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A page: the site's CSP (scripts from itself only, no plugins, framed by itself only), nosniff, a referrer policy. */
function expectPageHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toMatch(/frame-ancestors 'self'/);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expectCommonHeaders(res);
}

/** A JSON answer (success, refusal or error): a CSP that allows nothing and no framing, and the common headers. */
function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expectCommonHeaders(res);
}

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe(`security headers and limits (${testDbKind})`, () => {
  it('pages carry the site CSP; API and error answers a CSP that allows nothing; all of them nosniff and a referrer policy', async () => {
    const t = await appWith({});
    const page = await t.app.inject({ method: 'GET', url: '/games/slots' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectPageHeaders(page);
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expectPageHeaders(docs);
    const api = await t.app.inject({ method: 'GET', url: '/wps/system/status', headers: BASE_HEADERS });
    expect(api.statusCode).toBe(200);
    expectSecurityHeaders(api);
    const refused = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: BASE_HEADERS });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    const missing = await t.app.inject({ method: 'GET', url: '/wps/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(errorProblem(missing)).toBeUndefined();
    expectSecurityHeaders(missing);
    // Nothing over plain HTTP pins the site to HTTPS.
    for (const res of [page, api, refused, missing]) expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only when the request came over TLS through a trusted proxy', async () => {
    const trusting = await appWith({ TRUST_PROXY: 'true' });
    const overTls = await trusting.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...BASE_HEADERS, 'x-forwarded-proto': 'https' },
    });
    expect(overTls.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const page = await trusting.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const plain = await trusting.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...BASE_HEADERS, 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY anyone could send the header: it is ignored.
    const untrusting = await appWith({ TRUST_PROXY: 'false' });
    const spoofed = await untrusting.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...BASE_HEADERS, 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('refuses bodies over the limits with 413 in the catalogue shape', async () => {
    // API only (no SPA fallback to catch unmatched paths), as a second instance behind a proxy would run.
    const t = await appWith({ WEB_DIST: '' });
    const hugeBody = JSON.stringify({ value: 'x'.repeat(1024 * 1024 + 10) });
    const huge = await t.app.inject({
      method: 'POST',
      url: SESSION_PATHS.login,
      headers: { ...BASE_HEADERS, 'content-type': 'application/json' },
      payload: hugeBody,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'errors.payloadTooLarge' });
    expect(errorProblem(huge)).toBeUndefined();
    // A member call refuses a guest before reading the body at all.
    const unread = await t.app.inject({
      method: 'POST',
      url: FUNDS_PATHS.withdrawals,
      headers: { ...BASE_HEADERS, 'content-type': 'application/json' },
      payload: hugeBody,
    });
    expect(unread.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    // The payment webhook reads raw bytes with its own, smaller limit (64 KiB).
    const webhook = await t.app.inject({
      method: 'POST',
      url: FUNDS_PATHS.sandboxWebhook,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    expect(webhook.statusCode).toBe(413);
    expect(errorProblem(webhook)).toBeUndefined();
    // An over-long path segment and a broken %-escape are refused in the catalogue shape, not Fastify's own.
    const longParam = await t.app.inject({ method: 'GET', url: `/wps/funds/deposit/orders/${'D'.repeat(300)}` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toMatchObject({ code: 'URI_TOO_LONG', message: 'errors.uriTooLong' });
    expect(errorProblem(longParam)).toBeUndefined();
    // Under the provider wallet API the same refusal comes in that API's own shape, for game vendors.
    const providerLong = await t.app.inject({ method: 'POST', url: `/provider/v1/${'V'.repeat(300)}/bet`, payload: '{}' });
    expect(providerLong.statusCode).toBe(400);
    expect(providerLong.json()).toEqual({ status: 'BAD_REQUEST', message: 'request not readable' });
    // With the SPA served, the over-long path matches no API route and the fallback answers 404 for API prefixes.
    const withSpa = await appWith({});
    const spaLong = await withSpa.app.inject({ method: 'GET', url: `/wps/funds/deposit/orders/${'D'.repeat(300)}` });
    expect(spaLong.statusCode).toBe(404);
    expect(errorProblem(spaLong)).toBeUndefined();
    const badEscape = await t.app.inject({ method: 'GET', url: '/wps/funds/deposit/orders/%E0%A4%zz' });
    expect(badEscape.statusCode).toBe(400);
    expect(errorProblem(badEscape)).toBeUndefined();
    const plainWs = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(plainWs.statusCode).toBe(404);
    expect(errorProblem(plainWs)).toBeUndefined();
  });

  it('answers the rate limit with 429 in the catalogue shape, per client address', async () => {
    const t = await appWith({ RATE_LIMIT_PER_MINUTE: '5' });
    const hit = (ip: string) => t.app.inject({ method: 'GET', url: '/wps/system/status', headers: BASE_HEADERS, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await hit('203.0.113.7')).statusCode).toBe(200);
    const limited = await hit('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: 'errors.tooManyRequests' });
    expect(errorProblem(limited)).toBeUndefined();
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectSecurityHeaders(limited);
    expect((await hit('203.0.113.8')).statusCode).toBe(200);
  });
});
