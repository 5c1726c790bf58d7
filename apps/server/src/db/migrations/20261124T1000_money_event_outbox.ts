import { type Kysely, sql } from 'kysely';

/**
 * The money-event outbox (issue 20). Every money movement appends one row per member wallet it moved, in the
 * same transaction as the movement, instead of notifying inside it (a `pg_notify` holds a database-wide lock
 * until commit, so notifying transactions commit one at a time). A dispatcher reads the rows in order and
 * publishes the live events and feeds the consumers (wagering, VIP, points, agent rollups, missions).
 *
 * `tx_id` is the writing transaction's id: a reader takes only rows of transactions older than its
 * snapshot's xmin, so a row whose transaction commits late (with a lower `id`) is never skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table money_event (
    id bigserial primary key,
    tx_id xid8 not null default pg_current_xact_id(),
    member_id integer not null references member (id),
    kind text not null,
    amount bigint not null,
    balance_after bigint not null,
    currency text not null,
    source text not null,
    reference jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index money_event_tx on money_event (tx_id, id)`.execute(db);
  await sql`create table outbox_consumer (
    name text primary key,
    position bigint not null default 0,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table outbox_consumer`.execute(db);
  await sql`drop table money_event`.execute(db);
}
