import { type Kysely, sql } from 'kysely';

/**
 * Red envelope rain (issue 12, "Red envelopes").
 *
 * - `envelope_rain`: an operator's rain: first start, duration, optional repeat (minutes), budget, envelope count and
 *   amount range per occurrence, VIP floor, cash or bonus (a promotion).
 * - `envelope_occurrence`: one happening of a rain, made when it starts (by the rain job, once: its `job_run` claim is
 *   in the same transaction), with the settings it started with, so an edit never changes a running rain.
 * - `envelope_slot`: the occurrence's budget split into its envelopes at the start (sum ≤ budget by construction);
 *   an open takes the next free slot (`for update skip locked`) and writes the member into it, once per member and
 *   occurrence (unique index), in the transaction that pays it.
 */
const UP = [
  `create table envelope_rain (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    name text not null,
    starts_at timestamptz not null,
    duration_seconds integer not null check (duration_seconds > 0),
    repeat_minutes integer check (repeat_minutes > 0 and repeat_minutes * 60 > duration_seconds),
    budget bigint not null check (budget > 0),
    envelope_count integer not null check (envelope_count > 0),
    min_amount bigint not null check (min_amount > 0),
    max_amount bigint not null check (max_amount >= min_amount),
    min_vip_level integer not null default 0 check (min_vip_level >= 0),
    bonus_promotion_id integer references promotion (id),
    currency text not null,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (budget >= envelope_count * min_amount)
  )`,
  'create index envelope_rain_brand on envelope_rain (brand_id, id)',
  `create table envelope_occurrence (
    id bigserial primary key,
    rain_id bigint not null references envelope_rain (id),
    brand_id integer not null references brand (id),
    name text not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    budget bigint not null,
    envelope_count integer not null,
    min_vip_level integer not null,
    bonus_promotion_id integer,
    currency text not null,
    seed text not null,
    state text not null check (state in ('RUNNING', 'ENDED')),
    started_at timestamptz not null,
    ended_at timestamptz,
    unique (rain_id, starts_at)
  )`,
  "create index envelope_occurrence_running on envelope_occurrence (brand_id, ends_at) where state = 'RUNNING'",
  `create table envelope_slot (
    id bigserial primary key,
    occurrence_id bigint not null references envelope_occurrence (id),
    position integer not null,
    amount bigint not null check (amount > 0),
    member_id integer references member (id),
    opened_at timestamptz,
    transfer_id bigint,
    grant_id bigint,
    unique (occurrence_id, position)
  )`,
  'create unique index envelope_slot_once on envelope_slot (occurrence_id, member_id) where member_id is not null',
  'create index envelope_slot_free on envelope_slot (occurrence_id, position) where member_id is null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['envelope_slot', 'envelope_occurrence', 'envelope_rain']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
