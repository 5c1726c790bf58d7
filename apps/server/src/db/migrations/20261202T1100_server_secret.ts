import { type Kysely, sql } from 'kysely';

/**
 * Issue 15 (lane B, decision 052): random keys the server makes once and every instance shares (the guest chat
 * tokens' HMAC key). A row is written by the first instance that needs it and never changed. (member.avatar needs no
 * change: it may now also name an uploaded picture, `u-` + 40 hex, whose file lives under AVATAR_STORAGE_DIR.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table server_secret (
    name text primary key,
    secret bytea not null check (octet_length(secret) >= 32),
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table server_secret`.execute(db);
}
