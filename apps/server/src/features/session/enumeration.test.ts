import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captcha, login, makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { hashPassword, verifyPassword } from './password-hashing.ts';

// Count Argon2 verifications while still running the real ones.
const verified = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('./password-hashing.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password-hashing.ts')>();
  return {
    ...real,
    verifyPassword: async (hash: string, password: string) => {
      verified.hashes.push(hash);
      return real.verifyPassword(hash, password);
    },
  };
});

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database);
  verified.hashes.length = 0;
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const params = (hash: string | undefined) => /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/.exec(hash ?? '')?.[0];

describe('account enumeration', () => {
  it('does the same Argon2id work for an unknown user as for a wrong password', async () => {
    const unknown = await login(t, { username: 'ghost1234', password: 'nope1234' }, '10.40.0.1');
    const wrong = await login(t, { username: 'demomember', password: 'nope1234' }, '10.40.0.2');
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.statusCode).toBe(wrong.statusCode);
    // One verification each, against hashes with the same parameters.
    expect(verified.hashes).toHaveLength(2);
    expect(params(verified.hashes[0])).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(params(verified.hashes[0])).toBe(params(verified.hashes[1]));
  });

  it('answers an unknown user and a wrong password within a small timing tolerance', async () => {
    // Argon2id with the `strong` profile (~40 ms here) so the one thing that must not differ dominates the
    // noise of a shared 2-core machine; members' hashes are made with the same profile.
    await t.app.close();
    t = await makeApp(database, { ARGON2_PROFILE: 'strong' });
    const known = ['demomember', 'demoagent', 'demodown1', 'demodown2'];
    const strongHash = await hashPassword('demo1234', 'strong');
    await t.db.updateTable('member').set({ password_hash: strongHash }).where('username', 'in', known).execute();

    const time = async (username: string, i: number) => {
      const proof = await captcha(t);
      const started = performance.now();
      const res = await login(t, { username, password: `nope${i}abc`, ...proof }, `10.41.${i}.1`);
      const elapsed = performance.now() - started;
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
      return elapsed;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, fresh IPs, four names of each kind used four times each (below the lockout), so both
    // sides check a captcha equally often.
    for (let i = 0; i < 16; i++) {
      unknown.push(await time(`ghost${i % 4}x`, i * 2));
      wrong.push(await time(known[i % 4] as string, i * 2 + 1));
    }
    const verifyMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      const started = performance.now();
      await verifyPassword(strongHash, 'demo1234');
      verifyMs.push(performance.now() - started);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const gap = Math.abs(median(unknown) - median(wrong));
    // Skipping the verification for unknown names would open a gap of one whole verification.
    expect(
      gap,
      `unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms, verify ${median(verifyMs).toFixed(1)} ms`,
    ).toBeLessThan(median(verifyMs) / 2);
    // 32 logins and 8 verifications with the strong profile: 3-5 s here, over 30 s on a machine busy with other runs.
  }, 90_000);

  it('keys lockout and captcha on the typed name, existing or not', async () => {
    // Without a device cookie a device is its address (decision 055): each name fails once from its own device.
    await login(t, { username: 'ghost9999', password: 'nope1234' }, '10.42.0.1');
    await login(t, { username: 'demomember', password: 'nope1234' }, '10.42.0.2');
    // From that device, both names now need a captcha: the answer does not tell which one exists.
    const a = await login(t, { username: 'ghost9999', password: 'nope1234' }, '10.42.0.1');
    const b = await login(t, { username: 'demomember', password: 'nope1234' }, '10.42.0.2');
    expect(a.json()).toEqual(b.json());
    expect(a.json().code).toBe('CAPTCHA_REQUIRED');
    const c = await login(t, { username: 'ghost9999', password: 'nope1234', ...(await captcha(t)) }, '10.42.0.1');
    const d = await login(t, { username: 'demomember', password: 'nope1234', ...(await captcha(t)) }, '10.42.0.2');
    expect(c.json()).toEqual(d.json());
  });
});
