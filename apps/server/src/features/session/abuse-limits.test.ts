import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimits, LIMIT_RULES } from './abuse-limits.ts';
import { ARGON2_PROFILES, hashPassword, needsRehash, verifyPassword } from './password-hashing.ts';

/**
 * The limits shared across instances through Redis. Needs a Redis at
 * TEST_REDIS_URL (default redis://127.0.0.1:6379); without one this block is
 * skipped and says so.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis | undefined;
try {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 1000 });
  await probe.connect();
  redis = probe;
} catch {
  console.warn(`!!! Redis not reachable at ${redisUrl}: the shared-limit tests are skipped`);
}

describe.runIf(redis)('abuse limits in Redis', () => {
  let second: Redis;
  const run = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const prefix = `pftest-${run}:`;
  beforeAll(async () => {
    second = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // A client that is not ready yet would fall back to the in-memory insurance limiter.
    await second.connect();
  });
  afterAll(async () => {
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length > 0) await redis!.del(...keys);
    await second.quit();
    await redis!.quit();
  });

  it('counts failures from two instances together and blocks both for the cooldown', async () => {
    const a = createLimits(redis, prefix);
    const b = createLimits(second, prefix);
    const key = `1:${run}-victim`;
    const rule = LIMIT_RULES.loginFailAccount;
    for (let i = 0; i < rule.points - 1; i++) expect(await (i % 2 ? a : b).loginFailAccount.hit(key)).toBe(0);
    expect(await b.loginFailAccount.count(key)).toBe(rule.points - 1);
    // Counted under the deployment's prefix (REDIS_KEY_PREFIX), nowhere else.
    expect(await redis!.keys(`*${run}-victim*`)).toEqual([`${prefix}acc:loginFailAccount:${key}`]);
    // The last failure, on instance A, blocks the key for instance B too.
    expect(await a.loginFailAccount.hit(key)).toBe(rule.blockSeconds);
    expect(await b.loginFailAccount.blockedFor(key)).toBeGreaterThan(rule.blockSeconds - 5);
    await expect(b.loginFailAccount.assertOpen(key)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await a.loginFailAccount.reset(key);
    expect(await b.loginFailAccount.blockedFor(key)).toBe(0);
  });
});

describe('abuse limits in memory', () => {
  it('blocks after the limit and reports the cooldown', async () => {
    const limits = createLimits(undefined, 'playfront:');
    const key = 'mobile';
    const rule = LIMIT_RULES.smsMobile;
    for (let i = 0; i < rule.points - 1; i++) await limits.smsMobile.take(key);
    await limits.smsMobile.take(key); // the last one allowed starts the cooldown
    await expect(limits.smsMobile.take(key)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      options: { value: { retryAfterSeconds: 300 } },
    });
    // Other keys are untouched.
    await expect(limits.smsMobile.take('other')).resolves.toBeUndefined();
  });
});

describe('password hashing', () => {
  it('uses Argon2id with the OWASP parameters (19 MiB, 2 passes, 1 lane) and verifies', async () => {
    const hash = await hashPassword('demo1234');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'demo1234')).toBe(true);
    expect(await verifyPassword(hash, 'demo12345')).toBe(false);
    expect(await verifyPassword('not a hash', 'demo1234')).toBe(false);
    expect(ARGON2_PROFILES.owasp.memoryCost).toBeGreaterThanOrEqual(19_456);
  });

  it('flags hashes weaker than the profile for re-hashing at the next login', async () => {
    const cheap = await hashPassword('demo1234', 'test');
    expect(needsRehash(cheap, 'owasp')).toBe(true);
    expect(needsRehash(await hashPassword('demo1234', 'owasp'), 'owasp')).toBe(false);
    expect(needsRehash('$2b$10$bcrypthash', 'owasp')).toBe(true);
  });
});
