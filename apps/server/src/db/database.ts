import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparedName } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The embedded engine itself, for snapshots (PGlite only). */
  pglite?: PGlite;
};

// int8 (bigint) columns hold money in minor units: read them as JS bigint, never as a float. Given to our own pools
// only, not set on the pg module for the whole process, so no other client's reading depends on whether this module
// was loaded first.
const INT8_OID = 20;
const moneyTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => BigInt(value)
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

export function openPostgres(connectionString: string, poolMax = 20): DatabaseHandle {
  const pool = postgresPool(connectionString, poolMax);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** A pool that reads int8 as bigint and survives its backends being killed (failover, pg_terminate_backend, a drop). */
export function postgresPool(connectionString: string, poolMax: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: poolMax, types: moneyTypes });
  // A backend killed under us (failover, pg_terminate_backend) must not crash the process.
  pool.on('error', () => {});
  // The pool only listens for errors on idle clients: a backend killed while a
  // client is checked out (mid-transaction) would emit an unhandled 'error' and
  // end the process. The query in flight still rejects, and the pool drops the
  // dead client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    sendPreparedByName(client);
  });
  return pool;
}

/**
 * The statements of prepared-statements.ts go to PostgreSQL under their name, so this connection parses and plans
 * each once; every other text goes as before (an unnamed statement, planned for its parameters).
 */
function sendPreparedByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? preparedName(config) : undefined;
    if (name && Array.isArray(values)) return query({ name, text: config, values }, callback);
    return query(config, values, callback);
  }) as typeof client.query;
}

export type PGliteSource = { dataDir: string } | { memory: true; snapshot?: Blob };
/** How a new data directory is made (initdb's parameters, postgresql.conf lines): the tests' template uses it. */
export type PGliteCluster = Pick<PGliteOptions, 'initDbStartParams' | 'postgresqlconf'>;

export async function openPGlite(source: PGliteSource, cluster: PGliteCluster = {}): Promise<DatabaseHandle> {
  // pg_trgm backs the game name search index (migration 20261122T0500); PGlite loads extensions at start.
  const options = { parsers: { [INT8_OID]: (value: string) => BigInt(value) }, extensions: { pg_trgm }, ...cluster };
  let pglite: PGlite;
  if ('dataDir' in source) {
    fs.mkdirSync(source.dataDir, { recursive: true });
    pglite = await PGlite.create(path.join(source.dataDir, 'pglite'), options);
  } else {
    pglite = await PGlite.create({ ...options, ...(source.snapshot ? { loadDataDir: source.snapshot } : {}) });
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy(), pglite };
}
