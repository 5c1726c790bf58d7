import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** Any fixed number: the key of the session-level advisory lock that start-up work holds on PostgreSQL. */
const STARTUP_LOCK_KEY = 727_001;

/**
 * Runs start-up work (the demo seed) one instance at a time. The seed inserts
 * only what is missing, which is a check then an insert: two instances starting
 * together against an empty database would both see "missing" and the second
 * insert would fail or duplicate rows. On PostgreSQL the work waits for a
 * session-level advisory lock held on one pooled connection (released when the
 * work ends, or by the server if the process dies); the work itself runs on the
 * pool as usual. PGlite is one process's own database: nothing to wait for.
 */
export async function underStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
