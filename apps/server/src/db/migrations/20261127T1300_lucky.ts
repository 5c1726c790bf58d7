import { type Kysely, sql } from 'kysely';

/**
 * Lucky draws (issue 12: prize wheel, golden eggs, raffle; decision 033).
 *
 * - `lucky_config`: per brand and game (wheel, eggs): on/off, the deposit and valid bet that earn one ticket, the egg
 *   count, the tickets a member finds on first opening the game (`welcome_tickets`), and the money the whole game may still pay (`budget_left`, null: no limit). Its row is the lock every play of
 *   the game takes first, so stock and budgets are read and spent by one play at a time.
 * - `lucky_prize`: the segments (wheel) or egg prizes, by position: label, CASH / BONUS (through a promotion) / NONE,
 *   amount, weight, stock and own budget left (null: unlimited). Never deleted (plays point at them); `active` off.
 * - `lucky_ticket`: a member's tickets per game and the deposit / valid bet carried towards the next one; written by the
 *   `lucky-tickets` outbox consumer (exactly once) and by plays.
 * - `lucky_seed`: a member's seed pairs per game, as the house games: the current one's hash is shown, its nonce grows
 *   with each play; setting a new client seed finishes it (reveals the seed) and starts the next in one transaction.
 * - `lucky_play`: every play with its draw input (the slots that could be won, with weights) and outcome; the prize is
 *   paid through reward_pay with key `lucky:<game>:<play id>` in the same transaction.
 * - `lucky_raffle`, `lucky_raffle_prize`, `lucky_raffle_entry` (entries per member, from the consumer),
 *   `lucky_raffle_winner` (one row per rank, paid with key `raffle:<raffle id>:<rank>`).
 */
const UP = [
  `create table lucky_config (
    brand_id integer not null references brand (id),
    game text not null check (game in ('wheel', 'eggs')),
    enabled boolean not null default true,
    deposit_per_ticket bigint check (deposit_per_ticket > 0),
    valid_bet_per_ticket bigint check (valid_bet_per_ticket > 0),
    egg_count integer not null default 0 check (egg_count in (0, 3, 6, 9)),
    budget_left bigint check (budget_left >= 0),
    welcome_tickets integer not null default 0 check (welcome_tickets between 0 and 100),
    updated_at timestamptz not null default now(),
    primary key (brand_id, game)
  )`,
  `create table lucky_prize (
    id serial primary key,
    brand_id integer not null,
    game text not null,
    position integer not null check (position between 0 and 23),
    label_en text not null,
    label_bn text not null,
    kind text not null check (kind in ('CASH', 'BONUS', 'NONE')),
    amount bigint not null check (amount >= 0),
    promotion_id integer references promotion (id),
    weight integer not null check (weight > 0),
    stock_left integer check (stock_left >= 0),
    budget_left bigint check (budget_left >= 0),
    awarded integer not null default 0,
    active boolean not null default true,
    foreign key (brand_id, game) references lucky_config (brand_id, game),
    check ((kind = 'NONE') = (amount = 0)),
    check ((kind = 'BONUS') = (promotion_id is not null))
  )`,
  'create unique index lucky_prize_position on lucky_prize (brand_id, game, position) where active',
  `create table lucky_ticket (
    member_id integer not null references member (id),
    game text not null check (game in ('wheel', 'eggs')),
    balance integer not null default 0 check (balance >= 0),
    deposit_carry bigint not null default 0,
    bet_carry bigint not null default 0,
    earned integer not null default 0,
    updated_at timestamptz not null default now(),
    primary key (member_id, game)
  )`,
  `create table lucky_seed (
    id bigserial primary key,
    member_id integer not null references member (id),
    game text not null check (game in ('wheel', 'eggs')),
    server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
    server_seed_hash text not null,
    client_seed text not null,
    nonce integer not null default 0,
    is_current boolean not null default true,
    created_at timestamptz not null default now(),
    revealed_at timestamptz
  )`,
  'create unique index lucky_seed_current on lucky_seed (member_id, game) where is_current',
  `create table lucky_play (
    id bigserial primary key,
    member_id integer not null references member (id),
    game text not null,
    seed_id bigint not null references lucky_seed (id),
    nonce integer not null,
    egg integer,
    slots jsonb not null,
    prize_id integer not null references lucky_prize (id),
    position integer not null,
    kind text not null,
    amount bigint not null,
    paid_as text not null check (paid_as in ('CASH', 'BONUS', 'CLAIMABLE', 'NONE')),
    transfer_id bigint,
    created_at timestamptz not null default now(),
    unique (seed_id, nonce)
  )`,
  'create index lucky_play_member on lucky_play (member_id, game, id)',
  `create table lucky_raffle (
    id serial primary key,
    brand_id integer not null references brand (id),
    title_en text not null,
    title_bn text not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null check (ends_at > starts_at),
    deposit_per_entry bigint check (deposit_per_entry > 0),
    valid_bet_per_entry bigint check (valid_bet_per_entry > 0),
    server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
    server_seed_hash text not null,
    status text not null default 'OPEN' check (status in ('OPEN', 'DRAWN')),
    drawn_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  "create index lucky_raffle_due on lucky_raffle (ends_at) where status = 'OPEN'",
  `create table lucky_raffle_prize (
    raffle_id integer not null references lucky_raffle (id),
    rank integer not null check (rank > 0),
    kind text not null check (kind in ('CASH', 'BONUS')),
    amount bigint not null check (amount > 0),
    promotion_id integer references promotion (id),
    primary key (raffle_id, rank)
  )`,
  `create table lucky_raffle_entry (
    raffle_id integer not null references lucky_raffle (id),
    member_id integer not null references member (id),
    entries integer not null default 0 check (entries >= 0),
    deposit_carry bigint not null default 0,
    bet_carry bigint not null default 0,
    primary key (raffle_id, member_id)
  )`,
  `create table lucky_raffle_winner (
    raffle_id integer not null references lucky_raffle (id),
    rank integer not null,
    member_id integer not null references member (id),
    ticket integer not null,
    amount bigint not null,
    paid_as text not null check (paid_as in ('CASH', 'BONUS', 'CLAIMABLE')),
    transfer_id bigint,
    primary key (raffle_id, rank),
    unique (raffle_id, member_id)
  )`,
];

const TABLES = [
  'lucky_raffle_winner',
  'lucky_raffle_entry',
  'lucky_raffle_prize',
  'lucky_raffle',
  'lucky_play',
  'lucky_seed',
  'lucky_ticket',
  'lucky_prize',
  'lucky_config',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop table ${table}`).execute(db);
}
