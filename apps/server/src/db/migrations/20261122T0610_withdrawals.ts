import { type Kysely, sql } from 'kysely';

/**
 * Withdrawal orders (docs/decisions/008-funds.md). The money is held in the
 * member's WITHDRAWAL_HOLD account at request; an operator's decision moves it
 * on (payout) or back (release). The row keeps the state and who decided.
 */
const UP = [
  `create table withdrawal_order (
    id bigserial primary key,
    order_no text not null unique,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id) on delete restrict,
    -- The client's idempotency key: a resent request finds its first order.
    request_id text not null,
    request_hash text not null,
    amount bigint not null check (amount > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    method text not null check (method in ('BKASH', 'NAGAD', 'ROCKET', 'BANK')),
    account_name text not null,
    account_number text not null,
    bank_name text,
    status text not null default 'PENDING' check (status in ('PENDING', 'APPROVED', 'REJECTED')),
    reject_reason text,
    decided_by text,
    created_at timestamptz not null default now(),
    decided_at timestamptz,
    constraint withdrawal_order_request unique (member_id, request_id),
    constraint withdrawal_order_decided check ((status = 'PENDING') = (decided_at is null))
  )`,
  'create index withdrawal_order_member on withdrawal_order (member_id, id desc)',
  'create index withdrawal_order_status on withdrawal_order (status, id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table withdrawal_order').execute(db);
}
