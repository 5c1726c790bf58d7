import { type DatabaseConnection, type Dialect, type Driver, Kysely, PostgresDialect, type TransactionSettings } from 'kysely';
import type pg from 'pg';
import { type Db, postgresPool } from '../../src/db/database.ts';
import { PGliteDialect } from '../../src/db/pglite-dialect.ts';
import type { Database } from '../../src/db/schema.ts';
import { type TestDatabase, urlFor } from '../test-db.ts';

/**
 * A Kysely over the test database that writes down every round trip to the database: each statement, and
 * each begin, commit and rollback (they are round trips too). For the round-trip budget of money calls.
 */
export function countingDb(database: TestDatabase): { db: Db; trips: string[]; close: () => Promise<void> } {
  const trips: string[] = [];
  let pool: pg.Pool | undefined;
  let inner: Dialect;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('a PGlite test database without its engine');
    inner = new PGliteDialect(database.pglite);
  } else {
    pool = postgresPool(urlFor(database.name), 10);
    inner = new PostgresDialect({ pool });
  }
  const counted = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery(query) {
      trips.push(query.sql);
      return connection.executeQuery(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver(): Driver {
      const driver = inner.createDriver();
      const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();
      return {
        init: () => driver.init(),
        async acquireConnection() {
          const connection = await driver.acquireConnection();
          let w = wrapped.get(connection);
          if (!w) {
            w = counted(connection);
            wrapped.set(connection, w);
            unwrap.set(w, connection);
          }
          return w;
        },
        beginTransaction(connection, settings: TransactionSettings) {
          trips.push('begin');
          return driver.beginTransaction(unwrap.get(connection) ?? connection, settings);
        },
        commitTransaction(connection) {
          trips.push('commit');
          return driver.commitTransaction(unwrap.get(connection) ?? connection);
        },
        rollbackTransaction(connection) {
          trips.push('rollback');
          return driver.rollbackTransaction(unwrap.get(connection) ?? connection);
        },
        releaseConnection: (connection) => driver.releaseConnection(unwrap.get(connection) ?? connection),
        destroy: () => driver.destroy(),
      };
    },
  };
  const db = new Kysely<Database>({ dialect });
  return { db, trips, close: async () => (pool ? db.destroy() : undefined) };
}
