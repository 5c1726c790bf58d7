import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { OPERATOR_KEY_HEADER, OpsBrandResponseSchema, OpsRegionRuleResponseSchema } from '@playfront/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { ensureOperatorKeyFile, operatorKeyMatches } from './operator-key.ts';

const KEY = 'ops-test-key-abcdefghijklmnopqrstuvwxyz';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let database: TestDatabase;
let app: FastifyInstance;

async function makeApp(env: Record<string, string | undefined> = { OPERATOR_API_KEY: KEY }) {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);
  return buildApp({ config, db: database.db, dbKind: database.kind });
}

async function open(): Promise<void> {
  database = await createTestDatabase();
  app = await makeApp();
}
async function close(): Promise<void> {
  await app.close();
  await database.close();
}
/**
 * The operator calls switch brand-wide state (maintenance, flags, region rules) that the next test reads: those tests
 * get a database each. The refusals change nothing and share one; the key-file tests need none (decision 037).
 */
function databasePerTest(): void {
  beforeEach(open);
  afterEach(close);
}

const withKey = (key: string | undefined) => (key === undefined ? {} : { [OPERATOR_KEY_HEADER]: key });

/** What an operator call could change, to prove a refused call changed nothing. */
async function snapshot() {
  const db = database.db;
  return {
    brand: await db.selectFrom('brand').select(['id', 'maintenance', 'updated_at']).orderBy('id').execute(),
    flags: await db.selectFrom('brand_flag').selectAll().orderBy('code').execute(),
    rules: await db.selectFrom('region_rule').select(['id', 'cidr', 'label']).orderBy('id').execute(),
  };
}

describe('operator API authentication', () => {
  beforeAll(open);
  afterAll(close);
  const writes = [
    { method: 'PUT', url: '/ops/brand/maintenance', payload: { maintenance: true } },
    { method: 'PUT', url: '/ops/brand/flags/MOBILENUMREG3', payload: { enabled: false } },
    { method: 'POST', url: '/ops/brand/region-rules', payload: { cidr: '192.0.2.0/24', label: 'x' } },
    { method: 'DELETE', url: '/ops/brand/region-rules/1' },
    { method: 'GET', url: '/ops/brand' },
    { method: 'GET', url: '/ops/brand/region-rules' },
  ] as const;

  it('refuses a missing or wrong key with 401 OPERATOR_UNAUTHORIZED and changes nothing', async () => {
    const before = await snapshot();
    for (const key of [undefined, '', 'wrong-key', `${KEY}x`, KEY.slice(0, -1)]) {
      for (const call of writes) {
        const res = await app.inject({ ...call, headers: withKey(key) });
        expect(res.statusCode, `${call.method} ${call.url} key=${key}`).toBe(401);
        expect(res.json()).toEqual({ success: false, code: 'OPERATOR_UNAUTHORIZED', message: 'errors.operatorUnauthorized' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('stays shut when the app was built without any operator key', async () => {
    const keyless = await makeApp({ OPERATOR_API_KEY: undefined });
    try {
      const res = await keyless.inject({ method: 'GET', url: '/ops/brand', headers: withKey('') });
      expect(res.statusCode).toBe(401);
    } finally {
      await keyless.close();
    }
  });
});

describe('operator API', () => {
  databasePerTest();
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: withKey(KEY), ...(payload ? { payload } : {}) });

  it('shows the brand with its flags and seeded region rules', async () => {
    const res = await call('GET', '/ops/brand');
    expect(res.statusCode).toBe(200);
    const brand = OpsBrandResponseSchema.parse(res.json()).value;
    expect(brand).toMatchObject({ merchantCode: 'PFBD', maintenance: false });
    expect(brand.whitelabel.flags.MOBILENUMREG3).toBe(true);
    expect(brand.regionRules.map((r) => r.cidr)).toEqual(['203.0.113.0/24', '198.51.100.0/24']);
  });

  it('switches a flag and maintenance, and stores them', async () => {
    const flag = OpsBrandResponseSchema.parse((await call('PUT', '/ops/brand/flags/SOCIAL_LOGIN', { enabled: true })).json()).value;
    expect(flag.whitelabel.features.SOCIAL_LOGIN).toBe(true);
    const on = OpsBrandResponseSchema.parse((await call('PUT', '/ops/brand/maintenance', { maintenance: true })).json()).value;
    expect(on.maintenance).toBe(true);
    const stored = await database.db
      .selectFrom('brand')
      .select('maintenance')
      .where('merchant_code', '=', 'PFBD')
      .executeTakeFirstOrThrow();
    expect(stored.maintenance).toBe(true);
  });

  it('refuses unknown flags and malformed bodies', async () => {
    expect((await call('PUT', '/ops/brand/flags/NOPE3', { enabled: true })).statusCode).toBe(400);
    expect((await call('PUT', '/ops/brand/flags/FREEPLAY3', { enabled: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', '/ops/brand/maintenance', {})).statusCode).toBe(400);
  });

  it('adds region rules in canonical form and refuses networks that are not networks', async () => {
    const added = await call('POST', '/ops/brand/region-rules', { cidr: '2001:DB8::/32', label: '  Documentation v6  ' });
    expect(added.statusCode).toBe(201);
    expect(OpsRegionRuleResponseSchema.parse(added.json()).value).toMatchObject({ cidr: '2001:db8::/32', label: 'Documentation v6' });

    for (const cidr of ['203.0.113.7/24', 'banana', '10.0.0.0/33', '']) {
      const res = await call('POST', '/ops/brand/region-rules', { cidr, label: 'bad' });
      expect(res.statusCode, cidr).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(Object.keys(res.json().fields)).toContain('cidr');
    }
    const rules = await database.db.selectFrom('region_rule').select('label').execute();
    expect(rules.map((r) => r.label)).not.toContain('bad');
  });

  it('removes a region rule once; a second removal is 404', async () => {
    const { id } = (await call('GET', '/ops/brand/region-rules')).json().value[0];
    const first = await call('DELETE', `/ops/brand/region-rules/${id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({ id, cidr: '203.0.113.0/24' });
    const second = await call('DELETE', `/ops/brand/region-rules/${id}`);
    expect(second.statusCode).toBe(404);
    expect(second.json().code).toBe('NOT_FOUND');
  });
});

describe('operator key', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-opkey-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is generated once into <DATA_DIR>/operator-key, owner-only, and reused on the next start', () => {
    const first = ensureOperatorKeyFile(path.join(dir, 'data'));
    expect(first.created).toBe(true);
    expect(first.path).toBe(path.join(dir, 'data', 'operator-key'));
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.statSync(first.path).mode & 0o777).toBe(0o600);

    const second = ensureOperatorKeyFile(path.join(dir, 'data'));
    expect(second).toEqual({ ...first, created: false });

    fs.chmodSync(first.path, 0o644);
    ensureOperatorKeyFile(path.join(dir, 'data'));
    expect(fs.statSync(first.path).mode & 0o777).toBe(0o600);
  });

  it('replaces a file too short to be a key', () => {
    fs.writeFileSync(path.join(dir, 'operator-key'), 'short\n');
    const result = ensureOperatorKeyFile(dir);
    expect(result.created).toBe(true);
    expect(result.key).not.toBe('short');
  });

  it('matches only the exact key', () => {
    expect(operatorKeyMatches(KEY, KEY)).toBe(true);
    expect(operatorKeyMatches(KEY, `${KEY} `)).toBe(false);
    expect(operatorKeyMatches(KEY, undefined)).toBe(false);
    expect(operatorKeyMatches(KEY, '')).toBe(false);
  });
});

describe('npm run ops (command-line tool)', () => {
  databasePerTest();
  const exec = promisify(execFile);
  const ops = (baseUrl: string, args: string[], env: Record<string, string> = {}) =>
    exec(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts/ops.ts'), ...args], {
      cwd: root,
      env: { ...process.env, PLAYFRONT_URL: baseUrl, OPERATOR_API_KEY: KEY, ...env },
    });

  it('flips maintenance, a flag and region rules over HTTP', async () => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    expect((await ops(baseUrl, ['maintenance', 'on'])).stdout).toContain('maintenance is now ON for PFBD');
    expect((await ops(baseUrl, ['flag', 'mobilenumreg3', 'off'])).stdout).toContain('MOBILENUMREG3 is now off');
    const added = await ops(baseUrl, ['region', 'add', '192.0.2.0/24', 'Test', 'region']);
    expect(added.stdout).toMatch(/added region rule #\d+: 192\.0\.2\.0\/24 \(Test region\)/);
    const list = (await ops(baseUrl, ['region', 'list'])).stdout;
    expect(list).toContain('203.0.113.0/24');
    expect(list).toContain('192.0.2.0/24');
    const shown = (await ops(baseUrl, ['brand'])).stdout;
    expect(shown).toContain('maintenance: ON');
    expect(shown).toMatch(/off\s+MOBILENUMREG3/);

    const brand = await database.db.selectFrom('brand').select('maintenance').executeTakeFirstOrThrow();
    expect(brand.maintenance).toBe(true);
  });

  it('reads the key from the key file, and reports a refused key plainly', async () => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-opcli-'));
    try {
      fs.writeFileSync(path.join(dir, 'operator-key'), `${KEY}\n`, { mode: 0o600 });
      const viaFile = await ops(baseUrl, ['maintenance', 'off'], { OPERATOR_API_KEY: '', DATA_DIR: dir });
      expect(viaFile.stdout).toContain('maintenance is now off');

      const refused = ops(baseUrl, ['maintenance', 'on'], { OPERATOR_API_KEY: 'definitely-not-the-key' });
      await expect(refused).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('OPERATOR_UNAUTHORIZED') });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const brand = await database.db.selectFrom('brand').select('maintenance').executeTakeFirstOrThrow();
    expect(brand.maintenance).toBe(false);
  });
});
