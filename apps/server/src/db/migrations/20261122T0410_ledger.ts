import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger (decision 005): accounts with a cached balance,
 * immutable transfers, two signed entries per transfer, and the idempotency
 * records that make every movement apply at most once per (scope, key).
 *
 * The kind lists are written out here rather than imported, so this migration
 * keeps meaning what it meant when it ran even if the code's lists grow.
 *
 * A member's accounts reference `member` without cascade: money never vanishes
 * with a deleted member (or brand); such a member has to be closed, not deleted.
 */
const ACCOUNT_KINDS = ['MEMBER_WALLET', 'VENDOR_WALLET', 'WITHDRAWAL_HOLD', 'HOUSE', 'PAYMENT_CLEARING', 'BONUS', 'SYSTEM_EQUITY'];
/** Kinds owned by one member: never negative, always with a member. */
const MEMBER_KINDS = ['MEMBER_WALLET', 'VENDOR_WALLET', 'WITHDRAWAL_HOLD'];
const TRANSFER_KINDS = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAYOUT',
  'BET',
  'WIN',
  'ROLLBACK',
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'BONUS',
  'REBATE',
  'COMMISSION',
  'POINTS_REDEMPTION',
  'OPENING_BALANCE',
  'ADJUSTMENT',
];

const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

const UP = [
  `create table ledger_account (
    id bigserial primary key,
    kind text not null check (kind in (${list(ACCOUNT_KINDS)})),
    member_id integer references member (id) on delete restrict,
    vendor_code text check (vendor_code is null or vendor_code ~ '^[A-Za-z0-9_]{1,64}$'),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    balance bigint not null default 0,
    allow_negative boolean not null default false,
    created_at timestamptz not null default now(),
    constraint ledger_account_owner check (
      case when kind in (${list(MEMBER_KINDS)})
        then member_id is not null and not allow_negative
        else member_id is null end),
    constraint ledger_account_vendor check (
      case kind
        when 'VENDOR_WALLET' then vendor_code is not null
        when 'HOUSE' then true
        when 'PAYMENT_CLEARING' then true
        else vendor_code is null end),
    constraint ledger_account_identity unique nulls not distinct (kind, member_id, vendor_code, currency),
    -- Last line of defence: the service never lets a guarded balance go below zero.
    constraint ledger_account_not_negative check (allow_negative or balance >= 0)
  )`,
  'create index ledger_account_member on ledger_account (member_id) where member_id is not null',

  `create table ledger_transfer (
    id bigserial primary key,
    kind text not null check (kind in (${list(TRANSFER_KINDS)})),
    debit_account_id bigint not null references ledger_account (id),
    credit_account_id bigint not null references ledger_account (id),
    amount bigint not null check (amount > 0),
    currency text not null,
    idempotency_scope text not null,
    idempotency_key text not null,
    leg smallint not null check (leg >= 0),
    reference jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    constraint ledger_transfer_two_accounts check (debit_account_id <> credit_account_id),
    -- One (scope, key) can never produce a second set of transfers, whatever the code does.
    constraint ledger_transfer_once unique (idempotency_scope, idempotency_key, leg)
  )`,

  `create table ledger_entry (
    id bigserial primary key,
    transfer_id bigint not null references ledger_transfer (id),
    account_id bigint not null references ledger_account (id),
    amount bigint not null check (amount <> 0),
    balance_after bigint not null,
    created_at timestamptz not null default now(),
    constraint ledger_entry_one_per_side unique (transfer_id, account_id)
  )`,
  // Statements list an account's entries newest first, optionally within a time window.
  'create index ledger_entry_account on ledger_entry (account_id, id)',
  'create index ledger_entry_account_time on ledger_entry (account_id, created_at)',

  `create table idempotency_record (
    id bigserial primary key,
    scope text not null check (char_length(scope) between 1 and 64),
    key text not null check (char_length(key) between 1 and 200),
    request_hash text not null,
    response jsonb not null,
    transfer_ids bigint[] not null default '{}',
    created_at timestamptz not null default now(),
    constraint idempotency_record_once unique (scope, key)
  )`,

  // Transfers and entries are history: corrections are new transfers, never edits.
  `create function ledger_refuse_change() returns trigger language plpgsql as $$
  begin
    raise exception '% on % is not allowed: the ledger is append-only', tg_op, tg_table_name
      using errcode = 'P0001';
  end
  $$`,
  `create trigger ledger_transfer_immutable before update or delete on ledger_transfer
    for each row execute function ledger_refuse_change()`,
  `create trigger ledger_transfer_no_truncate before truncate on ledger_transfer
    for each statement execute function ledger_refuse_change()`,
  `create trigger ledger_entry_immutable before update or delete on ledger_entry
    for each row execute function ledger_refuse_change()`,
  `create trigger ledger_entry_no_truncate before truncate on ledger_entry
    for each statement execute function ledger_refuse_change()`,

  // An account's identity never changes; only its balance moves.
  `create function ledger_account_guard() returns trigger language plpgsql as $$
  begin
    if new.id <> old.id or new.kind <> old.kind or new.member_id is distinct from old.member_id
       or new.vendor_code is distinct from old.vendor_code or new.currency <> old.currency
       or new.allow_negative <> old.allow_negative then
      raise exception 'ledger account % may only change its balance', old.id using errcode = 'P0001';
    end if;
    return new;
  end
  $$`,
  `create trigger ledger_account_identity_fixed before update on ledger_account
    for each row execute function ledger_account_guard()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table idempotency_record',
    'drop table ledger_entry',
    'drop table ledger_transfer',
    'drop table ledger_account',
    'drop function ledger_refuse_change()',
    'drop function ledger_account_guard()',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
