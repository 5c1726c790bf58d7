import { type Kysely, sql } from 'kysely';

/**
 * The member's confirmation of an approved withdrawal (spec section 4), its
 * proof images, and the job-run ledger that makes a periodic job run once per
 * (job, period) however many instances are up.
 */
const UP = [
  `create table withdrawal_confirmation (
    withdrawal_id bigint primary key references withdrawal_order (id),
    outcome text not null check (outcome in ('RECEIVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED')),
    -- true: nobody answered in time, so it counts as received (final).
    forced boolean not null default false,
    note text,
    confirmed_at timestamptz not null default now(),
    constraint withdrawal_confirmation_forced check (not forced or outcome = 'RECEIVED')
  )`,
  `create table withdrawal_proof (
    id bigserial primary key,
    withdrawal_id bigint not null references withdrawal_confirmation (withdrawal_id),
    mime text not null check (mime in ('image/png', 'image/jpeg')),
    size integer not null check (size > 0 and size <= 5242880),
    bytes bytea not null,
    created_at timestamptz not null default now()
  )`,
  'create index withdrawal_proof_withdrawal on withdrawal_proof (withdrawal_id)',
  `create table job_run (
    job text not null,
    period text not null,
    started_at timestamptz not null default now(),
    affected integer,
    primary key (job, period)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_run', 'withdrawal_proof', 'withdrawal_confirmation']) await sql.raw(`drop table ${table}`).execute(db);
}
