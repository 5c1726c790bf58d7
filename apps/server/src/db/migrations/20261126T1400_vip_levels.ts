import { type Kysely, sql } from 'kysely';

/**
 * VIP levels (issue 12, "VIP"; decision 028).
 *
 * - `vip_level`: a brand's ladder (level 0..7), EN/BN names, an icon key, the rolling-window thresholds to reach a
 *   level (valid bets AND deposits over 30 days, minor units), the valid bets needed to keep it at the monthly
 *   review, the level-up and monthly bonuses, a rebate rate per game category in basis points (read by the rebate
 *   work) and a daily withdrawal limit. The member's level stays in `member.vip_level`.
 * - `vip_member_daily`: each member's valid bets and deposits per UTC day, kept by the `vip-progress` outbox consumer
 *   (exactly once: in the transaction that moves its position); the rolling window is a sum over 30 days of it.
 * - `vip_level_change`: every upgrade (at once, by the consumer) and review downgrade.
 * - `vip_bonus`: each bonus paid (level-up once per member and level, monthly once per member and month); the
 *   money itself moves through `ledger_post` from the BONUS account with the same key.
 * - `vip_review`: the monthly review done for a member and month (once, whatever the job's period).
 */
const UP = [
  `create table vip_level (
    brand_id integer not null references brand (id),
    level integer not null check (level between 0 and 7),
    name_en text not null,
    name_bn text not null,
    icon text not null,
    valid_bet_threshold bigint not null default 0 check (valid_bet_threshold >= 0),
    deposit_threshold bigint not null default 0 check (deposit_threshold >= 0),
    keep_valid_bet bigint not null default 0 check (keep_valid_bet >= 0),
    level_up_bonus bigint not null default 0 check (level_up_bonus >= 0),
    monthly_bonus bigint not null default 0 check (monthly_bonus >= 0),
    rebate_bps jsonb not null default '{}'::jsonb,
    daily_withdrawal_limit bigint not null check (daily_withdrawal_limit > 0),
    primary key (brand_id, level)
  )`,
  `create table vip_member_daily (
    member_id integer not null references member (id),
    day date not null,
    valid_bet bigint not null default 0,
    deposit bigint not null default 0,
    primary key (member_id, day)
  )`,
  `create table vip_level_change (
    id bigserial primary key,
    member_id integer not null references member (id),
    from_level integer not null,
    to_level integer not null,
    reason text not null check (reason in ('UPGRADE', 'REVIEW')),
    valid_bet bigint not null,
    deposit bigint not null,
    created_at timestamptz not null default now()
  )`,
  'create index vip_level_change_member on vip_level_change (member_id, id)',
  `create table vip_bonus (
    id bigserial primary key,
    member_id integer not null references member (id),
    kind text not null check (kind in ('LEVEL_UP', 'MONTHLY')),
    level integer not null,
    period text not null,
    amount bigint not null check (amount > 0),
    currency text not null,
    transfer_id bigint,
    created_at timestamptz not null default now(),
    unique (member_id, kind, period)
  )`,
  'create index vip_bonus_member on vip_bonus (member_id, id)',
  `create table vip_review (
    member_id integer not null references member (id),
    month text not null,
    from_level integer not null,
    to_level integer not null,
    created_at timestamptz not null default now(),
    primary key (member_id, month)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vip_review', 'vip_bonus', 'vip_level_change', 'vip_member_daily', 'vip_level']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
