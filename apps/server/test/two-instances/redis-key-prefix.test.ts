import { randomBytes, randomInt } from 'node:crypto';
import type { LiveEvent } from '@playfront/contract/live';
import { SESSION_PATHS } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createLiveBus, type LiveBus, type LiveMessage, publishLive } from '../../src/features/live/live-bus.ts';
import { accountsContext } from '../../src/features/session/accounts-context.ts';
import { connectRedis } from '../../src/infra/redis.ts';
import { BASE_HEADERS, primeServerKey } from '../accounts-helpers.ts';
import { redisAnswers } from '../server-process.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';

/**
 * Two deployments on one Redis (docs/DEPLOYMENT.md, "Redis"): each with its own REDIS_KEY_PREFIX,
 * and deployment A with two instances. Rate-limit counts, abuse limits and live events are shared
 * by A's instances and never seen by B; every key and channel either wrote starts with its prefix.
 * Needs a real Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379); skipped, loudly, without one.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const reachable = await redisAnswers(redisUrl);
if (!reachable) console.warn(`!!! SKIPPED: Redis key prefix test: no Redis answers at ${redisUrl}`);

const run = randomBytes(4).toString('hex');
const PREFIX_A = `pftest-${run}-a:`;
const PREFIX_B = `pftest-${run}-b:`;
/** A client address unique to this run, so counts other tests leave in the shared Redis never meet ours. */
const IP = `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
const LIMIT = 3;

type Instance = { app: FastifyInstance; redis: Redis };

describe.skipIf(!reachable)(`two deployments sharing one Redis (${testDbKind})`, () => {
  let database: TestDatabase;
  let a1: Instance;
  let a2: Instance;
  let b: Instance;
  const listeners: LiveBus[] = [];
  let spy: Redis;
  let watcher: Redis;
  /** Channel of every message carrying one of our member ids, whatever channel it came on. */
  const seenChannels: string[] = [];

  const instance = async (prefix: string): Promise<Instance> => {
    const redis = await connectRedis(redisUrl);
    const config = loadConfig({
      ...process.env,
      LOG_LEVEL: 'silent',
      ARGON2_PROFILE: 'test',
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
    } as NodeJS.ProcessEnv);
    return { app: await buildApp({ config, db: database.db, dbKind: database.kind, redis }), redis };
  };

  /** The keys whose names match `pattern`, by SCAN (never KEYS on a shared server). */
  const scan = async (pattern: string) => {
    const keys: string[] = [];
    for await (const batch of spy.scanStream({ match: pattern, count: 500 })) keys.push(...(batch as string[]));
    return keys.sort();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await primeServerKey(database.db);
    a1 = await instance(PREFIX_A);
    a2 = await instance(PREFIX_A);
    b = await instance(PREFIX_B);
    spy = new Redis(redisUrl);
    // A pattern subscriber hears every channel on the server: ours must all carry a prefix.
    watcher = new Redis(redisUrl);
    await watcher.psubscribe('*');
    watcher.on('pmessage', (_pattern: string, channel: string, raw: string) => {
      if (raw.includes(`"orderNo":"pftest-${run}`)) seenChannels.push(channel);
    });
  }, 60_000);

  afterAll(async () => {
    for (const bus of listeners) await bus.close();
    watcher?.disconnect();
    for (const i of [a1, a2, b]) {
      await i?.app.close();
      i?.redis.disconnect();
    }
    if (spy) {
      const mine = [...(await scan(`${PREFIX_A}*`)), ...(await scan(`${PREFIX_B}*`))];
      if (mine.length) await spy.del(...mine);
      spy.disconnect();
    }
    await database?.close();
  });

  const hit = (i: Instance) =>
    i.app.inject({ method: 'GET', url: SESSION_PATHS.publicKey, headers: BASE_HEADERS, remoteAddress: IP }).then((r) => r.statusCode);

  it('counts the request rate limit per deployment: shared by its instances, unseen by the other', async () => {
    // Deployment A: three calls spread over its two instances use up the limit on both.
    expect([await hit(a1), await hit(a2), await hit(a1)]).toEqual([200, 200, 200]);
    expect([await hit(a1), await hit(a2)]).toEqual([429, 429]);
    // Deployment B has counted nothing for this address.
    expect([await hit(b), await hit(b), await hit(b), await hit(b)]).toEqual([200, 200, 200, 429]);
    expect(Number(await spy.get(`${PREFIX_A}rl:${IP}`))).toBeGreaterThanOrEqual(LIMIT);
    expect(Number(await spy.get(`${PREFIX_B}rl:${IP}`))).toBeGreaterThanOrEqual(LIMIT);
  });

  it('keeps abuse limits per deployment', async () => {
    const limitsA1 = accountsContext(a1.app).limits;
    await limitsA1.smsIp.hit(IP);
    await limitsA1.smsIp.hit(IP);
    expect(await accountsContext(a2.app).limits.smsIp.count(IP)).toBe(2);
    expect(await accountsContext(b.app).limits.smsIp.count(IP)).toBe(0);
    await accountsContext(b.app).limits.smsIp.hit(IP);
    expect(await limitsA1.smsIp.count(IP)).toBe(2);
  });

  it('delivers live events within a deployment only, on a prefixed channel', async () => {
    const received = { a2: [] as LiveMessage[], b: [] as LiveMessage[] };
    for (const [name, i] of [
      ['a2', a2],
      ['b', b],
    ] as const) {
      const bus = createLiveBus(i.app.deps);
      await bus.subscribe((m) => {
        if ('event' in m && m.event.orderNo?.startsWith(`pftest-${run}`)) received[name].push(m);
      });
      listeners.push(bus);
    }
    const event = (orderNo: string): LiveEvent => ({ type: 'WITHDRAW_APPROVED', orderNo, at: new Date().toISOString() });
    publishLive(a1.app, 1, event(`pftest-${run}-from-a`));
    publishLive(b.app, 2, event(`pftest-${run}-from-b`));
    const deadline = Date.now() + 5000;
    while ((received.a2.length < 1 || received.b.length < 1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Anything that could still cross over has had time to.
    await new Promise((r) => setTimeout(r, 300));
    expect(received.a2.map((m) => ('event' in m ? m.event.orderNo : m.endedSessions))).toEqual([`pftest-${run}-from-a`]);
    expect(received.b.map((m) => ('event' in m ? m.event.orderNo : m.endedSessions))).toEqual([`pftest-${run}-from-b`]);
    expect([...new Set(seenChannels)].sort()).toEqual([`${PREFIX_A}live`, `${PREFIX_B}live`]);
  });

  it('writes no key outside its prefix', async () => {
    // Everything these tests wrote names the run's client address: by SCAN, each such key carries a prefix.
    const ours = await scan(`*${IP}*`);
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expect(ours.filter((k) => !k.startsWith(PREFIX_A) && !k.startsWith(PREFIX_B))).toEqual([]);
    expect(await scan(`${PREFIX_A}*`)).toEqual([`${PREFIX_A}acc:smsIp:${IP}`, `${PREFIX_A}rl:${IP}`]);
    expect(await scan(`${PREFIX_B}*`)).toEqual([`${PREFIX_B}acc:smsIp:${IP}`, `${PREFIX_B}rl:${IP}`]);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('defaults to playfront: and refuses a prefix a SCAN pattern could not match literally', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('playfront:');
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).redisKeyPrefix).toBe('playfront:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'pf-staging:' }).redisKeyPrefix).toBe('pf-staging:');
    for (const bad of ['pf staging:', 'pf*:', 'pf[1]:', ':pf', 'x'.repeat(65)])
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad }), bad).toThrow(/REDIS_KEY_PREFIX/);
  });
});
