import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type Db, openPGlite, openPostgres, type PGliteCluster } from '../src/db/database.ts';
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
  const snapshot = seed ? templateSnapshot() : undefined;
  if (snapshot) return { ...(await openPGlite({ memory: true, snapshot })), name: 'pglite-memory' };
  const handle = await openPGlite({ memory: true });
  await migrateToLatest(handle.db);
  if (seed) await seedForTests(handle.db);
  return { ...handle, name: 'pglite-memory' };
}

/**
 * The template's data directory as PGlite loads it, unpacked once per worker (most files open a database per test).
 * PGlite reads a snapshot with `Blob.arrayBuffer()`, which in Node 20 takes about a second for the 73 MB directory
 * (half of each database's start in a CPU profile); this Blob hands over a copy of bytes already in memory instead.
 */
class UnpackedSnapshot extends Blob {
  readonly #tar: Uint8Array;
  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#tar.slice().buffer as ArrayBuffer;
  }
}

let unpacked: { path: string; snapshot: Blob } | undefined;
function templateSnapshot(): Blob | undefined {
  const snapshotPath = inject('dbTemplate');
  if (unpacked?.path !== snapshotPath && snapshotPath && fs.existsSync(snapshotPath)) {
    unpacked = { path: snapshotPath, snapshot: new UnpackedSnapshot(zlib.gunzipSync(fs.readFileSync(snapshotPath))) };
  }
  return unpacked?.snapshot;
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

/**
 * The PostgreSQL servers of this run: TEST_DATABASE_URLS (comma-separated) when set, else TEST_DATABASE_URL. With
 * several, each test worker uses its own (worker-database.ts points TEST_DATABASE_URL at it): the money outbox reads
 * events below the server-wide transaction horizon, so two workers' databases on one server would hold each other's
 * events back, while on two servers they run side by side. Each server gets the same template.
 */
export function testServerUrls(): string[] {
  const list = (process.env.TEST_DATABASE_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  return list.length > 0 ? list : [adminUrl()];
}

async function preparePostgresTemplate(server: string, name: string): Promise<void> {
  await withAdminAt(server, (c) => c.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 2);
  await migrateToLatest(handle.db);
  await seedForTests(handle.db);
  await handle.close();
}

function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdminAt(adminUrl(), fn);
}

async function withAdminAt<T>(server: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
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
 * Likewise the demo weekly raffle: it ends a week after the template is built, the test clocks start past that, and
 * its draw job paid a prize to whichever test member had earned entries (funded members deposit inside its period),
 * so a test asserting that member's exact balance failed now and then. It stays open, ending far in the future; tests
 * that draw a raffle open their own.
 */
async function seedForTests(db: Db): Promise<void> {
  await seedDemo(db);
  await db.updateTable('envelope_rain').set({ active: false }).execute();
  await db
    .updateTable('lucky_raffle')
    .set({ ends_at: new Date('2100-01-01T00:00:00Z') })
    .where('status', '=', 'OPEN')
    .execute();
}

/** Used by global setup: builds the migrated and seeded starting point once per run (once per server, see below). */
export async function prepareTemplates(): Promise<{ template: string; teardown: () => Promise<void> }> {
  if (testDbKind === 'postgres') {
    const name = `pf_template_${randomBytes(4).toString('hex')}`;
    const servers = testServerUrls();
    await Promise.all(servers.map((server) => preparePostgresTemplate(server, name)));
    const teardown = async () => {
      await Promise.all(servers.map((server) => withAdminAt(server, (c) => c.query(`drop database if exists ${name} with (force)`))));
    };
    return { template: name, teardown };
  }
  const handle = await openPGlite({ memory: true }, SMALL_CLUSTER);
  await migrateToLatest(handle.db);
  await seedForTests(handle.db);
  await shrinkForSnapshot(handle);
  const dump = await dumpPGlite(handle);
  await handle.close();
  const dir = fs.mkdtempSync('/tmp/playfront-pglite-');
  const file = `${dir}/snapshot.tar.gz`;
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { template: file, teardown: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The template's cluster keeps little besides the test database: 1 MB WAL segments, recycled down to two at the
 * checkpoint before the dump. Every PGlite test database starts by copying the whole directory into memory (about
 * 0.2 s less for each one than with 16 MB segments and the two unused template databases).
 */
const SMALL_CLUSTER: PGliteCluster = {
  initDbStartParams: ['--wal-segsize=1'],
  postgresqlconf: ['min_wal_size = 2MB', 'max_wal_size = 4MB'],
};

async function shrinkForSnapshot(handle: DatabaseHandle): Promise<void> {
  const pglite = handle.pglite;
  if (!pglite) throw new Error('not a PGlite handle');
  // No test database makes another database from a template; the tests run in `postgres`.
  await pglite.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  for (const name of ['template0', 'template1']) await pglite.exec(`drop database ${name}`);
  // The tests themselves run with PostgreSQL's usual WAL sizes (postgresql.auto.conf overrides the lines above).
  await pglite.exec(`alter system set min_wal_size = '80MB'`);
  await pglite.exec(`alter system set max_wal_size = '1GB'`);
  await pglite.exec('checkpoint');
  await pglite.exec('select pg_switch_wal()');
  await pglite.exec('checkpoint');
  await pglite.exec('checkpoint');
}

async function dumpPGlite(handle: DatabaseHandle): Promise<Blob> {
  if (!handle.pglite) throw new Error('not a PGlite handle');
  return handle.pglite.dumpDataDir('gzip') as Promise<Blob>;
}
