import { type Kysely, sql } from 'kysely';

/**
 * Two-step login with an authenticator app (issue 15, part 2). member_two_factor holds the member's TOTP secret,
 * sealed with encryptAtRest under TWO_FACTOR_SECRET, and the last accepted time step (a code is accepted only for a
 * step above it, in the same UPDATE, so a code cannot be replayed within its window). A row with enabled_at null is
 * an enrolment not yet confirmed. Recovery codes are stored as SHA-256 hashes, each used once. login_challenge is
 * the short-lived, single-use ticket a correct password earns when the second step is on: never a session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table member_two_factor (
    member_id integer primary key references member (id) on delete cascade,
    secret_sealed text not null,
    last_step bigint not null default 0,
    enabled_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table member_recovery_code (
    id bigserial primary key,
    member_id integer not null references member (id) on delete cascade,
    code_hash text not null,
    created_at timestamptz not null,
    used_at timestamptz,
    unique (member_id, code_hash)
  )`.execute(db);

  await sql`create table login_challenge (
    id bigserial primary key,
    token_hash text not null unique,
    member_id integer not null references member (id) on delete cascade,
    site text not null check (site in ('member', 'agent')),
    method text not null check (method in ('PASSWORD', 'SMS')),
    must_change_password boolean not null,
    password_expired boolean not null,
    attempts integer not null default 0,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index login_challenge_expiry on login_challenge (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table login_challenge`.execute(db);
  await sql`drop table member_recovery_code`.execute(db);
  await sql`drop table member_two_factor`.execute(db);
}
