import { type Kysely, sql } from 'kysely';

/**
 * Notices and popups shown only between a start and an end time the operator sets (issue 17). Both are optional
 * (null: from now on / until switched off); the member API shows a row while `active` and inside its window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notice', 'popup']) {
    await sql
      .raw(
        `alter table ${table} add column starts_at timestamptz, add column ends_at timestamptz,
         add constraint ${table}_window_check check (starts_at is null or ends_at is null or ends_at > starts_at)`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['notice', 'popup']) {
    await sql.raw(`alter table ${table} drop constraint ${table}_window_check, drop column starts_at, drop column ends_at`).execute(db);
  }
}
