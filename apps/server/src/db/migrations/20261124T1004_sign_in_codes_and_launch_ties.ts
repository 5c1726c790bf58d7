import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 items 4-6 (decision 025): `/?token=` links carry a single-use 60-second sign-in code, never a
 * session token; a launch session belongs to the member session that launched it (ended with it), is opened
 * by the game server once, and may be revoked on its own (the per-member cap).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_code (
      id bigserial primary key,
      code_hash text not null unique,
      member_id integer not null references member (id),
      created_by_session_id bigint references member_session (id),
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index sign_in_code_expires on sign_in_code (expires_at)`.execute(db);
  await sql`alter table game_launch_session add column member_session_id bigint references member_session (id)`.execute(db);
  await sql`alter table game_launch_session add column opened_at timestamptz`.execute(db);
  await sql`alter table game_launch_session add column revoked_at timestamptz`.execute(db);
  await sql`create index game_launch_session_member_live on game_launch_session (member_id, id) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_launch_session_member_live`.execute(db);
  await sql`alter table game_launch_session drop column revoked_at`.execute(db);
  await sql`alter table game_launch_session drop column opened_at`.execute(db);
  await sql`alter table game_launch_session drop column member_session_id`.execute(db);
  await sql`drop table sign_in_code`.execute(db);
}
