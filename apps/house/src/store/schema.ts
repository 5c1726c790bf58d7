/**
 * The house's own tables, in the platform's PostgreSQL when the house is mounted in the server (a server
 * migration runs this text) or in HOUSE_DATABASE_URL when it runs on its own (main.ts runs it under an
 * advisory lock). Only real money lives here: demo play stays in the process (rounds/demo-sessions.ts).
 *
 * Frozen once released, like a migration: a later change is a HOUSE_SCHEMA_V2 run by a new server migration.
 * Every statement is idempotent (`if not exists`), so the standalone house may run it at each start.
 */
export const HOUSE_SCHEMA_V1 = `
create table if not exists house_session (
  -- SHA-256 of the session id the page holds: the database never sees a usable session id.
  id_hash text primary key,
  vendor text not null,
  game_code text not null,
  game text not null,
  -- The platform's launch token: every wallet call of the session carries it.
  launch_token text not null,
  player_key text not null,
  display_name text not null,
  currency text not null,
  -- The last balance the platform answered (minor units).
  balance int8 not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index if not exists house_session_last_used on house_session (last_used_at);

create table if not exists house_seed_pair (
  id text primary key,
  -- Player + vendor + game code + game: one current pair each.
  fair_key text not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  -- The nonce the next round will use; claimed by UPDATE … RETURNING, so two instances never share one.
  nonce integer not null default 0 check (nonce >= 0),
  is_current boolean not null default true,
  created_at timestamptz not null default now(),
  revealed_at timestamptz,
  -- A revealed pair is never current again, so no round can be drawn from a seed already shown.
  constraint house_seed_pair_revealed_not_current check (is_current = (revealed_at is null))
);
create unique index if not exists house_seed_pair_current on house_seed_pair (fair_key) where is_current;

create table if not exists house_round (
  round_id text primary key,
  seq bigint generated always as identity,
  vendor text not null,
  game_code text not null,
  game text not null,
  player_key text not null,
  currency text not null,
  bet int8 not null check (bet > 0),
  -- Stake included; 0 for a loss (the win call is still sent: it closes the round).
  win int8 not null default 0 check (win >= 0),
  choices jsonb not null,
  seed_pair_id text not null references house_seed_pair (id),
  server_seed_hash text not null,
  client_seed text not null,
  nonce integer not null,
  outcome jsonb,
  status text not null check (status in ('bet-pending', 'win-pending', 'rollback-pending', 'settled', 'win-refused', 'voided')),
  bet_transaction_id text not null,
  win_transaction_id text not null,
  rollback_transaction_id text not null,
  -- Kept while the round is unsettled: a repeated win or rollback must carry it.
  launch_token text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint house_round_unsettled_has_token check (
    (status in ('bet-pending', 'win-pending', 'rollback-pending')) = (launch_token is not null and next_attempt_at is not null)
  )
);
-- The reconcile loop's question: which unsettled rounds are due for a repeat?
create index if not exists house_round_due on house_round (next_attempt_at)
  where status in ('bet-pending', 'win-pending', 'rollback-pending');
-- The page's history: a player's last 20 rounds.
create index if not exists house_round_player_recent on house_round (player_key, seq desc);
`;

/** The advisory lock key under which a standalone house creates its tables (two starting at once never race). */
export const HOUSE_SCHEMA_LOCK = 0x686f757365; // "house"

/** The schema as single statements, for drivers that take one statement per call (PGlite's extended protocol). */
export function schemaStatements(schema: string): string[] {
  return schema
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

export const HOUSE_TABLES = ['house_round', 'house_seed_pair', 'house_session'] as const;
