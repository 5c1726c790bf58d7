import { LOTTERY_SCHEMA_V1, LOTTERY_TABLES, schemaStatements } from '@playfront/lottery/schema';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 16: the built-in lottery provider keeps its games' configuration, draws (with their seeds), sessions,
 * slips and limit counters in the platform's database, so every instance serves every player and settles any
 * draw once. The lottery owns the DDL (it also runs it itself when it runs apart); this runs its first version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of schemaStatements(LOTTERY_SCHEMA_V1)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of LOTTERY_TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
