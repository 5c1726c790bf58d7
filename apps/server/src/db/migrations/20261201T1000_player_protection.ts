import { type Kysely, sql } from 'kysely';

/**
 * Player protection (issue 18, decision 043).
 *
 * member_protection: one row per member who set a limit, a reality check or a block. Its row lock is the one lock
 * every protected money path takes (a bet at the provider wallet API, a deposit order) before it sums the period's
 * use, so two concurrent bets that together cross a limit serialise and only one passes. Members without a row
 * take no lock and no extra query (the row's presence is read with the launch session / member session).
 *
 * member_limit_change: a pending raise or removal of one limit; it may be confirmed from available_at on.
 *
 * brand_protection_settings: the brand's minimum age (18 or 21) confirmed at registration.
 *
 * provider_transaction_member_time: the period sums of a member's stakes and wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = (name: string) => `${name} bigint check (${name} > 0)`;
  await sql
    .raw(`create table member_protection (
    member_id integer primary key references member (id) on delete cascade,
    ${money('deposit_day')}, ${money('deposit_week')}, ${money('deposit_month')},
    ${money('loss_day')}, ${money('loss_week')}, ${money('loss_month')},
    ${money('wager_day')}, ${money('wager_week')}, ${money('wager_month')},
    session_day bigint check (session_day between 1 and 1440),
    reality_check_minutes integer not null default 0 check (reality_check_minutes >= 0),
    block_kind text check (block_kind in ('COOL_OFF', 'SELF_EXCLUSION')),
    block_started_at timestamptz,
    -- null with a block_kind: a permanent self-exclusion
    block_until timestamptz,
    updated_at timestamptz not null
  )`)
    .execute(db);
  await sql`create table member_limit_change (
    member_id integer not null references member (id) on delete cascade,
    limit_name text not null check (limit_name in ('DEPOSIT_DAY', 'DEPOSIT_WEEK', 'DEPOSIT_MONTH', 'LOSS_DAY', 'LOSS_WEEK',
      'LOSS_MONTH', 'WAGER_DAY', 'WAGER_WEEK', 'WAGER_MONTH', 'SESSION_DAY')),
    -- null: remove the limit
    new_value bigint check (new_value > 0),
    requested_at timestamptz not null,
    available_at timestamptz not null,
    primary key (member_id, limit_name)
  )`.execute(db);
  await sql`create table brand_protection_settings (
    brand_id integer primary key references brand (id) on delete cascade,
    minimum_age smallint not null default 18 check (minimum_age in (18, 21))
  )`.execute(db);
  await sql`create index provider_transaction_member_time on provider_transaction (member_id, created_at)
    where kind in ('BET', 'WIN')`.execute(db);
  await sql`create index deposit_order_member_time on deposit_order (member_id, created_at)`.execute(db);
  await sql`create index member_session_member_time on member_session (member_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index member_session_member_time`.execute(db);
  await sql`drop index deposit_order_member_time`.execute(db);
  await sql`drop index provider_transaction_member_time`.execute(db);
  await sql`drop table brand_protection_settings`.execute(db);
  await sql`drop table member_limit_change`.execute(db);
  await sql`drop table member_protection`.execute(db);
}
