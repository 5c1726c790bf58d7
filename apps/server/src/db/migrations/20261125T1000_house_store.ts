import { HOUSE_SCHEMA_V1, HOUSE_TABLES, schemaStatements } from '@playfront/house/schema';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 item 8: the built-in house keeps real-money sessions, players' seed pairs and unsettled rounds in
 * the platform's database instead of one process's memory, so any instance serves any player's game and an
 * owed win is repeated until the wallet acknowledges it, across restarts. The house owns the DDL (it also runs
 * it itself when it runs apart, on its own database); this migration runs the frozen first version of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schemaStatements(HOUSE_SCHEMA_V1)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of HOUSE_TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
