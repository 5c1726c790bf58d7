/**
 * The lottery's own tables, in the platform's PostgreSQL when the lottery is mounted in the server (migration
 * 20261130T1000_lottery_store runs this text) or in LOTTERY_DATABASE_URL when it runs on its own (main.ts runs
 * it under an advisory lock). Frozen once released, like a migration; every statement is idempotent.
 */
export const LOTTERY_SCHEMA_V1 = `
create table if not exists lottery_game_config (
  brand text not null,
  game_code text not null,
  position integer not null default 0,
  active boolean not null default true,
  -- games/config.ts GameConfig as JSON (bigints as strings): schedule, bet types, odds, limits.
  config jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (brand, game_code)
);

create table if not exists lottery_draw (
  draw_id text primary key,
  game_code text not null,
  draw_number text not null,
  status text not null check (status in ('open', 'drawn', 'settled', 'void')),
  closes_at timestamptz not null,
  draws_at timestamptz not null,
  -- Secret until the draw is drawn, its hash is published when the draw is created.
  server_seed text not null,
  server_seed_hash text not null,
  public_data text not null,
  result jsonb,
  drawn_at timestamptz,
  settled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint lottery_draw_number unique (game_code, draw_number),
  constraint lottery_draw_closes_before check (closes_at <= draws_at),
  constraint lottery_draw_result_when_drawn check ((status in ('drawn', 'settled')) = (result is not null))
);
create index if not exists lottery_draw_due on lottery_draw (draws_at) where status in ('open', 'drawn');
create index if not exists lottery_draw_game_recent on lottery_draw (game_code, draws_at desc);

create table if not exists lottery_session (
  id_hash text primary key,
  vendor text not null,
  -- The platform's game code of the launch: every wallet call of the session names it.
  platform_game_code text not null,
  launch_token text not null,
  player_key text not null,
  display_name text not null,
  currency text not null,
  language text not null,
  brand text not null,
  balance int8 not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now()
);
create index if not exists lottery_session_last_used on lottery_session (last_used_at);
create index if not exists lottery_session_token on lottery_session (launch_token);

create table if not exists lottery_slip (
  slip_id text primary key,
  seq bigint generated always as identity,
  request_id text not null,
  player_key text not null,
  vendor text not null,
  platform_game_code text not null,
  game_code text not null,
  draw_id text not null references lottery_draw (draw_id),
  currency text not null,
  total_stake int8 not null check (total_stake > 0),
  total_payout int8 check (total_payout >= 0),
  -- [{ betType, numbers, stake, odds, numberKey, hits, payout }]
  lines jsonb not null,
  -- pending: bet sent, not answered. open: bet taken. winning: graded, win owed. settled: win answered.
  -- voiding: rollback owed. void: refunded. win_refused: the wallet refused the win (an operator looks).
  status text not null check (status in ('pending', 'open', 'winning', 'settled', 'voiding', 'void', 'win_refused')),
  -- Kept while money is owed (bet, win or rollback), dropped once settled or void.
  launch_token text,
  -- Another instance leaves a claimed slip alone until this passes, a crash only delays it.
  lease_until timestamptz,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint lottery_slip_request unique (player_key, request_id)
);
create index if not exists lottery_slip_draw_status on lottery_slip (draw_id, status);
create index if not exists lottery_slip_owed on lottery_slip (status, lease_until) where status in ('pending', 'winning', 'voiding');
create index if not exists lottery_slip_player_recent on lottery_slip (player_key, seq desc);

-- One player's stake per number per draw (the per-number limit), and the house's worst-case payout per number
-- per draw (the exposure limit): both raised by one conditional upsert, so races never pass a limit.
create table if not exists lottery_number_stake (
  draw_id text not null,
  player_key text not null,
  number_key text not null,
  stake int8 not null check (stake >= 0),
  primary key (draw_id, player_key, number_key)
);
create table if not exists lottery_exposure (
  draw_id text not null,
  number_key text not null,
  payout int8 not null check (payout >= 0),
  primary key (draw_id, number_key)
);
`;

/** The advisory lock key under which a standalone lottery creates its tables. */
export const LOTTERY_SCHEMA_LOCK = 0x6c6f74746f; // "lotto"

export const LOTTERY_TABLES = [
  'lottery_exposure',
  'lottery_number_stake',
  'lottery_slip',
  'lottery_session',
  'lottery_draw',
  'lottery_game_config',
] as const;

/** The schema as single statements, for drivers that take one statement per call. */
export function schemaStatements(schema: string): string[] {
  return schema
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
