import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';

/** The operator console's build is served at /console, beside the member site at /, with history-mode fallback. */
const CONSOLE_INDEX =
  '<!doctype html><html><head><script type="module" src="/console/assets/app.js"></script></head><body>console</body></html>';
const WEB_INDEX = '<!doctype html><html><body><div id="root"><!--boot-screen--><div>web</div><!--/boot-screen--></div></body></html>';

let database: TestDatabase;
let consoleDist: string;
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  consoleDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-console-'));
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  fs.mkdirSync(path.join(consoleDist, 'assets'));
  fs.writeFileSync(path.join(consoleDist, 'index.html'), CONSOLE_INDEX);
  fs.writeFileSync(path.join(consoleDist, 'assets', 'app.js'), 'console.log("console")');
  fs.writeFileSync(path.join(webDist, 'index.html'), WEB_INDEX);
  t = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist, CONSOLE_DIST: consoleDist }, makeClock(new Date()));
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
  fs.rmSync(consoleDist, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving the operator console', () => {
  it('answers /console and any page under it with the console’s index.html, never cached, under the page CSP', async () => {
    for (const url of ['/console', '/console/', '/console/login', '/console/members/42?tab=ledger', '/console/enrol?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(CONSOLE_INDEX);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('serves its built files, hashed assets cached for good', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/assets/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("console")');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never answers an unknown console API path with the page: a JSON 404', async () => {
    for (const url of ['/console/api/nothing-here', '/console/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('leaves the member site where it was', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/promotions' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('web');
    expect(home.body).not.toContain('console');
    // A member path that merely starts with the word is the member site's.
    const other = await t.app.inject({ method: 'GET', url: '/consoles' });
    expect(other.body).toContain('web');
  });

  it('does not traverse out of the console folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/../../etc/passwd' });
    expect(res.body).not.toContain('root:');
  });
});
