import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 items 9 and 10 (decision 024): accounts made by someone else get a random one-time initial password
 * that expires, instead of the shared default; the SMS budget counts today's messages in the outbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member add column initial_password_expires_at timestamptz`.execute(db);
  await sql`create index outbox_channel_created on outbox (channel, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_channel_created`.execute(db);
  await sql`alter table member drop column initial_password_expires_at`.execute(db);
}
