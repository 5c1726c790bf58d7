import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { dropScratchDatabase, isRunning, outputTail, spawnServer, waitFor, waitForHealth } from '../server-process.ts';

/**
 * WEB_CONCURRENCY (issue 20 item 5): one `npm start` process keeps N node:cluster workers serving one port on a
 * real PostgreSQL; a worker that dies is replaced; SIGTERM ends them all gracefully. The embedded database
 * refuses it (it is one process).
 */
const pgAdminUrl = process.env.TEST_DATABASE_URL;
if (!pgAdminUrl) console.warn('!!! SKIPPED: cluster test: it needs a real PostgreSQL (TEST_DATABASE_URL)');
const dbName = `pf_cluster_${randomBytes(4).toString('hex')}`;
const dbUrl = () => {
  const url = new URL(pgAdminUrl ?? 'postgres://localhost/x');
  url.pathname = `/${dbName}`;
  return url.toString();
};
const workerPids = (output: string) => [...output.matchAll(/worker \d+ \(pid (\d+)\) started/g)].map((m) => Number(m[1]));

describe.skipIf(!pgAdminUrl)('WEB_CONCURRENCY workers', () => {
  afterAll(async () => {
    if (pgAdminUrl) await dropScratchDatabase(pgAdminUrl, dbName);
  });

  it('runs two workers on one port, replaces one that is killed, and stops all on SIGTERM', async () => {
    const root = new pg.Client({ connectionString: pgAdminUrl });
    await root.connect();
    await root.query(`create database ${dbName}`);
    await root.end();
    const server = spawnServer('pf-cluster', await freePort(), {
      DATABASE_URL: dbUrl(),
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `${dbName}-data`),
      WEB_DIST: path.join(os.tmpdir(), `${dbName}-no-web`),
    });
    try {
      await waitForHealth(server, 90_000);
      const first = await waitFor('two workers', 30_000, async () => {
        const pids = workerPids(server.output.join(''));
        return pids.length >= 2 ? pids : undefined;
      });
      // Both answer through the one port (the primary hands connections out in turn).
      for (let i = 0; i < 10; i++) expect((await fetch(`${server.origin}${SYSTEM_PATHS.health}`)).status).toBe(200);

      process.kill(first[0] as number, 'SIGKILL');
      await waitFor('a third worker to replace the killed one', 60_000, async () => workerPids(server.output.join('')).length >= 3);
      await waitForHealth(server, 60_000);
      expect(isRunning(server)).toBe(true);

      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
      expect(code, outputTail(server)).toBe(0);
      for (const pid of workerPids(server.output.join(''))) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (isRunning(server)) server.child.kill('SIGKILL');
    }
  }, 180_000);
});
