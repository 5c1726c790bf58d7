import { type Kysely, sql } from 'kysely';

/**
 * Captcha answers kept on the server: only a SHA-256 of the lower-cased answer,
 * with its expiry and the moment it was used (single use).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('captcha_challenge')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  // The opportunistic sweep deletes by expiry.
  await db.schema.createIndex('captcha_challenge_expires_at').on('captcha_challenge').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_challenge').execute();
}
