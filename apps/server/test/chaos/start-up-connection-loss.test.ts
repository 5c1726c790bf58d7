import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { dropScratchDatabase, isRunning, outputTail, type ServerProcess, spawnServer, waitFor, waitForHealth } from '../server-process.ts';

/**
 * Found by the chaos run: a server process whose database connection was lost while it started
 * (here: its backend terminated while it waited for the start-up lock) exited with 1 and stayed down.
 * It must start over and come up; later (a CI chaos run on a loaded machine) also after many losses in a row. Needs a real PostgreSQL (TEST_DATABASE_URL), else skipped, loudly.
 */
const pgAdminUrl = process.env.TEST_DATABASE_URL;
const skipReason = pgAdminUrl ? undefined : 'it needs a real PostgreSQL and TEST_DATABASE_URL is not set';
if (skipReason) console.warn(`!!! SKIPPED: start-up connection loss test: ${skipReason}`);

/** The key underStartupLock takes (db/startup-lock.ts). */
const STARTUP_LOCK_KEY = 727_001;
const APP = 'pf-startup-loss';
/** Backends terminated in a row while it starts. */
const LOSSES = 9;
const dbName = `pf_startup_${randomBytes(5).toString('hex')}`;
const dbUrl = (applicationName?: string) => {
  const url = new URL(pgAdminUrl ?? 'postgres://invalid');
  url.pathname = `/${dbName}`;
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return url.toString();
};

describe.skipIf(skipReason)('start-up under a lost database connection', () => {
  let server: ServerProcess | undefined;

  afterAll(async () => {
    if (server && isRunning(server)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    if (!pgAdminUrl) return;
    await dropScratchDatabase(pgAdminUrl, dbName);
  });

  it('a server whose backend is terminated during start-up starts over and answers /health', async () => {
    const root = new pg.Client({ connectionString: pgAdminUrl });
    await root.connect();
    await root.query(`create database ${dbName} template ${inject('dbTemplate')}`);
    const holder = new pg.Client({ connectionString: dbUrl('pf-startup-lock-holder') });
    await holder.connect();
    try {
      // Hold the start-up lock, so the server waits for it in the middle of its start-up.
      await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      server = spawnServer(APP, await freePort(), {
        DATABASE_URL: dbUrl(APP),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(os.tmpdir(), `${dbName}-data`),
        WEB_DIST: path.join(os.tmpdir(), `${dbName}-no-web`),
        OPERATOR_API_KEY: 'startup-loss-operator-key-0123',
        HOUSE_PROVIDER_SECRET: 'startup-loss-house-secret-0123456789abcdef',
        SERVER_KEY_SECRET: 'startup-loss-server-key-secret-0123',
      });
      // More times in a row than it once counted attempts (8, then it exited): it keeps trying for a time instead.
      // A terminated backend may still be listed for a moment: each round waits for a new attempt's backend.
      const terminated: number[] = [];
      for (let loss = 1; loss <= LOSSES; loss++) {
        const waiting = await waitFor(`the server to wait for the start-up lock (attempt ${loss})`, 30_000, async () => {
          const { rows } = await root.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = $1 and application_name = $2 and wait_event = 'advisory' and pid <> all($3::int[])`,
            [dbName, APP, terminated],
          );
          return rows[0];
        });
        const { rows } = await root.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [waiting.pid]);
        expect(rows[0]?.ok).toBe(true);
        terminated.push(waiting.pid);
      }
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
      await holder.end();
      await root.end();
    }
    const started = server;
    await waitForHealth(started, 30_000);
    expect(isRunning(started), outputTail(started)).toBe(true);
    // It said why it started over, each time.
    expect(started.output.join('')).toMatch(new RegExp(`start-up attempt ${LOSSES} lost its database connection`));
  }, 90_000);
});
