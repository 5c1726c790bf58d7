import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { SESSION_PATHS } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { connectRedis, redisNames } from '../../src/infra/redis.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-accounts.ts';
import { captcha, get, login, makeApp, type TestApp } from '../accounts-helpers.ts';
import { freePort } from '../free-port.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

/**
 * Redis going away under a running deployment (docs/DEPLOYMENT.md, "Redis"): the site keeps
 * answering, without the shared counts, and uses Redis again once it is back. A private
 * redis-server on a free port (never the shared one: this test kills it); skipped, loudly,
 * when redis-server is not installed.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('!!! SKIPPED: Redis outage test: redis-server is not installed');

async function until(what: string, ms: number, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

describe.skipIf(!hasRedisServer)('a running instance when Redis goes away and comes back', () => {
  let port = 0;
  let server: ChildProcess | undefined;
  let database: TestDatabase;
  let redis: Redis;
  let t: TestApp;
  let app: FastifyInstance;
  let closed = false;

  const startRedis = async () => {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await until(
      'redis-server to listen',
      5000,
      () =>
        new Promise((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port }, () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        }),
    );
  };
  const stopRedis = async () => {
    const s = server;
    if (!s || s.exitCode !== null || s.signalCode !== null) return;
    const exited = new Promise((r) => s.once('exit', r));
    s.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    database = await createTestDatabase();
    redis = await connectRedis(`redis://127.0.0.1:${port}`);
    // As main.ts does (it logs them): ioredis reports each failed reconnect as an error event.
    redis.on('error', () => {});
    t = await makeApp(database, { RATE_LIMIT_PER_MINUTE: '1000', ARGON2_PROFILE: 'test' });
    // makeApp builds without Redis: rebuild the same app with it, as main.ts does when REDIS_URL is set.
    await t.app.close();
    app = await buildApp({ ...t.app.deps, redis });
    t = { ...t, app };
  }, 60_000);

  afterAll(async () => {
    if (!closed) await app?.close();
    redis?.disconnect();
    await stopRedis();
    await database?.close();
  });

  it('answers while Redis is down, then counts in Redis again', async () => {
    // Not in the demo brand's restricted ranges (203.0.113.0/24, 198.51.100.0/24): the access gate would refuse the login.
    const ip = '100.64.88.7';
    expect((await get(t, SESSION_PATHS.publicKey, undefined, ip)).statusCode).toBe(200);
    expect(Number(await redis.get(`${redisNames(app.deps.config.redisKeyPrefix).rateLimit}${ip}`))).toBe(1);

    await stopRedis();
    await until('the client to notice Redis is gone', 5000, () => redis.status !== 'ready');
    // The request limit cannot be counted: the call is served rather than failed.
    const during = await get(t, SESSION_PATHS.publicKey, undefined, ip);
    expect(during.statusCode, during.body).toBe(200);
    // Logins still work, and a wrong password still gets its own answer (abuse limits count in memory meanwhile).
    const wrong = await login(t, { username: 'demomember', password: 'not-the-password' }, ip);
    expect(wrong.json().code, wrong.body).toBe('INVALID_CREDENTIALS');
    // The failure was counted (in memory): the next attempt needs the captcha, as it would with Redis.
    const noCaptcha = await login(t, { username: 'demomember', password: DEMO_PASSWORD }, ip);
    expect(noCaptcha.json().code, noCaptcha.body).toBe('CAPTCHA_REQUIRED');
    const right = await login(t, { username: 'demomember', password: DEMO_PASSWORD, ...(await captcha(t)) }, ip);
    expect(right.statusCode, right.body).toBe(200);

    await startRedis();
    await until('the client to reconnect', 15_000, () => redis.status === 'ready');
    expect((await get(t, SESSION_PATHS.publicKey, undefined, ip)).statusCode).toBe(200);
    // A fresh Redis (nothing saved): counting starts again from this request.
    expect(Number(await redis.get(`${redisNames(app.deps.config.redisKeyPrefix).rateLimit}${ip}`))).toBe(1);

    // A graceful shutdown while Redis is down still closes everything (quit() alone would reject).
    await stopRedis();
    await until('the client to notice Redis is gone again', 5000, () => redis.status !== 'ready');
    await expect(app.close()).resolves.toBeUndefined();
    closed = true;
  }, 40_000);
});
