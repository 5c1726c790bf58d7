import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type Db, openPGlite, openPostgres } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';

/**
 * Test databases. Which engine runs is chosen by the environment:
 * - default: PGlite in memory, each test database loaded from a snapshot that
 *   global setup made once (migrated and seeded), ~0.5 s instead of a cold start;
 * - `TEST_DATABASE_URL=postgres://…`: a fresh database on that real server per
 *   call, cloned from a migrated and seeded template made in global setup.
 */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseHandle & { name: string };

export async function createTestDatabase(options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  if (testDbKind === 'postgres') return createPostgresDatabase(seed);
  const snapshotPath = inject('dbTemplate');
  if (seed && snapshotPath && fs.existsSync(snapshotPath)) {
    const snapshot = new Blob([fs.readFileSync(snapshotPath)]);
    return { ...(await openPGlite({ memory: true, snapshot })), name: 'pglite-memory' };
  }
  const handle = await openPGlite({ memory: true });
  await migrateToLatest(handle.db);
  if (seed) await seedForTests(handle.db);
  return { ...handle, name: 'pglite-memory' };
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(seed: boolean): Promise<TestDatabase> {
  const name = `pf_test_${randomBytes(6).toString('hex')}`;
  const template = seed ? inject('dbTemplate') : undefined;
  await withAdmin((c) => c.query(template ? `create database ${name} template ${template}` : `create database ${name}`));
  const handle = openPostgres(urlFor(name), 30);
  if (!template) {
    await migrateToLatest(handle.db);
    if (seed) await seedForTests(handle.db);
  }
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * The demo seed as tests start from it, minus what runs on its own clock: the demo brand's envelope rains (every ten
 * minutes for two) would start in whatever test app is up at that moment and push rain events to its sockets, so a
 * test asserting the exact live events failed twice in CI at :30 and :40. Tests that need a rain make their own.
 */
async function seedForTests(db: Db): Promise<void> {
  await seedDemo(db);
  await db.updateTable('envelope_rain').set({ active: false }).execute();
}

/** Used by global setup: builds the migrated and seeded starting point once per run. */
export async function prepareTemplates(): Promise<{ template: string; teardown: () => Promise<void> }> {
  if (testDbKind === 'postgres') {
    const name = `pf_template_${randomBytes(4).toString('hex')}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    const handle = openPostgres(urlFor(name), 2);
    await migrateToLatest(handle.db);
    await seedForTests(handle.db);
    await handle.close();
    const teardown = async () => {
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    };
    return { template: name, teardown };
  }
  const handle = await openPGlite({ memory: true });
  await migrateToLatest(handle.db);
  await seedForTests(handle.db);
  const dump = await dumpPGlite(handle);
  await handle.close();
  const dir = fs.mkdtempSync('/tmp/playfront-pglite-');
  const file = `${dir}/snapshot.tar.gz`;
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { template: file, teardown: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function dumpPGlite(handle: DatabaseHandle): Promise<Blob> {
  if (!handle.pglite) throw new Error('not a PGlite handle');
  return handle.pglite.dumpDataDir('gzip') as Promise<Blob>;
}
