import { type Kysely, sql } from 'kysely';

/**
 * Playing (issue 6, decision 009): launch sessions, provider credentials, the
 * provider wallet's transaction log (idempotency, stored answers, tombstones)
 * and game rounds (the betting record).
 */
const UP = [
  `create table game_launch_session (
    id bigserial primary key,
    -- SHA-256 of the 256-bit launch token; the token itself is only ever in the launch URL.
    token_hash text not null unique,
    member_id integer not null references member (id),
    brand_id integer not null references brand (id),
    node_id text not null,
    vendor_code text not null,
    game_code text not null,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    language text not null,
    device text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    check (expires_at > created_at)
  )`,
  'create index game_launch_session_member on game_launch_session (member_id, created_at desc)',
  `create table provider_credential (
    vendor_code text primary key,
    secret text not null check (length(secret) >= 32),
    -- house: derived from the house master secret at start; operator: set by hand, never overwritten.
    source text not null default 'operator' check (source in ('house', 'operator')),
    active boolean not null default true,
    updated_at timestamptz not null default now()
  )`,
  `create table game_round (
    id bigserial primary key,
    vendor_code text not null,
    round_id text not null,
    member_id integer not null references member (id),
    launch_session_id bigint references game_launch_session (id),
    node_id text not null,
    game_code text not null,
    game_type text not null,
    currency text not null,
    bet_total bigint not null default 0 check (bet_total >= 0),
    win_total bigint not null default 0 check (win_total >= 0),
    refund_total bigint not null default 0 check (refund_total >= 0 and refund_total <= bet_total),
    bet_count integer not null default 0,
    status text not null default 'open' check (status in ('open', 'settled', 'cancelled')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    settled_at timestamptz,
    unique (vendor_code, round_id)
  )`,
  'create index game_round_member on game_round (member_id, created_at desc) where bet_count > 0',
  `create table provider_transaction (
    id bigserial primary key,
    vendor_code text not null,
    transaction_id text not null,
    -- TOMBSTONE: a rollback named this id before any bet with it arrived; the late bet is refused.
    kind text not null check (kind in ('BET', 'WIN', 'ROLLBACK', 'TOMBSTONE')),
    member_id integer not null references member (id),
    round_id text not null,
    amount bigint not null default 0 check (amount >= 0),
    request_hash text not null,
    -- The HTTP status and body of the first answer; repeats get exactly these.
    http_status integer,
    answer jsonb,
    -- For a BET: whether money moved, and whether a rollback gave it back.
    applied boolean not null default false,
    rolled_back boolean not null default false,
    created_at timestamptz not null default now(),
    unique (vendor_code, transaction_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['provider_transaction', 'game_round', 'provider_credential', 'game_launch_session']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
