import { type Kysely, sql } from 'kysely';

/**
 * Deposits through payment gateways, the sandbox gateway's own store, and the
 * members' internal messages (docs/decisions/008-funds.md). Money itself moves
 * only in the ledger; these tables hold the orders and their states.
 */
const UP = [
  `create table deposit_channel (
    id serial primary key,
    brand_id integer not null references brand (id) on delete cascade,
    code text not null check (code ~ '^[A-Za-z0-9_]{1,32}$'),
    name text not null,
    name_bn text,
    gateway text not null default 'sandbox',
    min_amount bigint not null check (min_amount > 0),
    max_amount bigint not null,
    active boolean not null default true,
    sort integer not null default 0,
    constraint deposit_channel_limits check (max_amount >= min_amount),
    constraint deposit_channel_code unique (brand_id, code)
  )`,
  `create table deposit_order (
    id bigserial primary key,
    order_no text not null unique,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id) on delete restrict,
    channel_code text not null,
    gateway text not null,
    amount bigint not null check (amount > 0),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    status text not null default 'PENDING' check (status in ('PENDING', 'PAID', 'FAILED', 'EXPIRED')),
    gateway_payment_id text,
    gateway_txn_id text,
    failure_reason text,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    paid_at timestamptz,
    updated_at timestamptz not null default now(),
    -- One gateway transaction pays at most one order.
    constraint deposit_order_txn unique (gateway, gateway_txn_id),
    constraint deposit_order_paid check ((status = 'PAID') = (gateway_txn_id is not null and paid_at is not null))
  )`,
  'create index deposit_order_member on deposit_order (member_id, id desc)',
  "create index deposit_order_pending on deposit_order (expires_at) where status = 'PENDING'",
  // Every webhook event id ever accepted: a second delivery of one event has no effect.
  `create table payment_webhook_event (
    gateway text not null,
    event_id text not null,
    received_at timestamptz not null default now(),
    primary key (gateway, event_id)
  )`,
  // The built-in sandbox gateway's own books, as an external provider would keep them.
  `create table sandbox_payment (
    id text primary key,
    merchant_order_no text not null unique,
    amount bigint not null check (amount > 0),
    currency text not null,
    status text not null default 'PENDING' check (status in ('PENDING', 'PAID', 'CANCELLED')),
    transaction_id text unique,
    notify_url text not null,
    return_url text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    completed_at timestamptz
  )`,
  `create table member_message (
    id bigserial primary key,
    member_id integer not null references member (id) on delete cascade,
    type text not null check (type in ('DEPOSIT_ARRIVAL', 'WITHDRAW_APPROVED', 'WITHDRAW_REJECTED', 'DEPOSIT_FAILED', 'SYSTEM')),
    amount bigint,
    currency text,
    params jsonb not null default '{}'::jsonb,
    -- The event that caused the message: one event, one message, however often it is reported.
    dedupe_key text unique,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`,
  'create index member_message_member on member_message (member_id, id desc)',
  'create index member_message_unread on member_message (member_id) where read_at is null',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['member_message', 'sandbox_payment', 'payment_webhook_event', 'deposit_order', 'deposit_channel']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
