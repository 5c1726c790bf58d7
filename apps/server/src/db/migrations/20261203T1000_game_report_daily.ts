import { type Kysely, sql } from 'kysely';

/**
 * The console's report by game category and by vendor (issue 17, decision 059): bets, wins, bet and round counts
 * per brand day (UTC+6, as the other reports), vendor and game type, kept by the `game-report` outbox consumer
 * (features/reports/game-report-consumer.ts), so the report reads a few hundred rows, never the bets.
 * game_report_player remembers who played what on which day: a period's players are counted once over the period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table game_report_daily (
    brand_id integer not null references brand (id) on delete cascade,
    day date not null,
    vendor_code text not null,
    game_type text not null,
    bets bigint not null default 0,
    wins bigint not null default 0,
    bet_count bigint not null default 0,
    rounds bigint not null default 0,
    primary key (brand_id, day, vendor_code, game_type)
  )`.execute(db);
  await sql`create table game_report_player (
    brand_id integer not null references brand (id) on delete cascade,
    day date not null,
    vendor_code text not null,
    game_type text not null,
    member_id integer not null references member (id) on delete cascade,
    primary key (brand_id, day, vendor_code, game_type, member_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table game_report_player`.execute(db);
  await sql`drop table game_report_daily`.execute(db);
  await sql`delete from outbox_consumer where name = 'game-report'`.execute(db);
}
