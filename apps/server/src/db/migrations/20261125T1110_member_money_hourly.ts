import { type Kysely, sql } from 'kysely';

/**
 * The first outbox consumer with an effect in the database (issue 20 item 2): each member's money moves summed
 * per hour and kind (bets, wins, deposits, transfers…), for agent reports, rebates, VIP and mission progress.
 * Hours, not days: the brand's day starts at a whole-hour offset from UTC, so any brand's days are sums of hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table member_money_hourly (
    member_id integer not null references member (id),
    hour timestamptz not null,
    kind text not null,
    currency text not null,
    total bigint not null,
    moves integer not null,
    primary key (member_id, hour, kind, currency)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table member_money_hourly`.execute(db);
}
