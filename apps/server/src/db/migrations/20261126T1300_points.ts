import { type Kysely, sql } from 'kysely';

/**
 * The points mall (issue 13, decision 027). Points are not money, but they are kept with the same discipline:
 *
 * - `points_entry` is append-only (a trigger refuses update, delete and truncate): every earning and spending of a
 *   member's points, signed, with the balance after it, keyed by its source event (`source_key`, unique), so an
 *   event replayed from the money outbox, a provider call or a webhook earns once.
 * - `points_balance` holds one row per member whose `balance` always equals the sum of the member's entries
 *   (CHECK balance >= 0 is the last line of defence). Points never expire (spec section 9): nothing ever debits
 *   them but a redemption or a convert.
 * - `points_post` is the one posting rule (like `ledger_post` for money): it locks the member's balance row, answers
 *   REPLAY for a source key already posted, refuses a debit below zero, and writes the balance and the entry in one
 *   statement's worth of round trips.
 * - `points_reward` is the catalogue (EN/BN texts, a locally drawn picture, price, stock, per-member limit, kind and
 *   the conditions of spec section 6); `points_redemption` its orders (in_process → approved | rejected);
 *   `points_voucher` the free-spin voucher codes approved VOUCHER redemptions issue; `points_conversion` the
 *   converts of points to cash (idempotent per member and request id, the money side through `ledger_post`).
 * - `points_config` holds each brand's earning rates and conversion ratio.
 *
 * The kind lists are written out here rather than imported, so this migration keeps meaning what it meant.
 */
const POINT_TYPES = ['live', 'lottery', 'pvp', 'slots', 'sports', 'deposit', 'redeem', 'refund', 'convert'];
const SPENDING = ['redeem', 'convert'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');
/** Message types this migration adds to member_message (the web renders `messages.<type>`). */
const MESSAGE_TYPES = ['POINTS_REDEEM_SUBMITTED', 'POINTS_REDEEM_APPROVED', 'POINTS_REDEEM_REJECTED'];

const POINTS_POST = `
create function points_post(p_member integer, p_type text, p_amount bigint, p_source text, p_reference jsonb, p_at timestamptz)
returns jsonb language plpgsql as $$
declare
  v_balance bigint;
  v_entry record;
begin
  -- The member's row first: every posting of one member queues here, so the source-key check below cannot race.
  insert into points_balance (member_id) values (p_member) on conflict (member_id) do nothing;
  select balance into v_balance from points_balance where member_id = p_member for update;
  select id, amount, balance_after into v_entry from points_entry where source_key = p_source;
  if found then
    return jsonb_build_object('outcome', 'REPLAY', 'entryId', v_entry.id::text, 'amount', v_entry.amount::text,
      'balance', v_balance::text);
  end if;
  if v_balance + p_amount < 0 then
    return jsonb_build_object('outcome', 'INSUFFICIENT', 'balance', v_balance::text);
  end if;
  update points_balance set balance = v_balance + p_amount, updated_at = p_at where member_id = p_member;
  insert into points_entry (member_id, type, amount, balance_after, source_key, reference, created_at)
    values (p_member, p_type, p_amount, v_balance + p_amount, p_source, p_reference, p_at)
    returning id into v_entry;
  return jsonb_build_object('outcome', 'APPLIED', 'entryId', v_entry.id::text, 'amount', p_amount::text,
    'balance', (v_balance + p_amount)::text);
end $$`;

const UP = [
  `create table points_config (
    brand_id integer primary key references brand (id),
    rate_live integer not null default 0 check (rate_live >= 0),
    rate_lottery integer not null default 0 check (rate_lottery >= 0),
    rate_pvp integer not null default 0 check (rate_pvp >= 0),
    rate_slots integer not null default 0 check (rate_slots >= 0),
    rate_sports integer not null default 0 check (rate_sports >= 0),
    rate_deposit integer not null default 0 check (rate_deposit >= 0),
    convert_points integer not null default 100 check (convert_points > 0),
    convert_amount bigint not null default 100 check (convert_amount > 0),
    min_convert_points integer not null default 100 check (min_convert_points > 0),
    convert_enabled boolean not null default true,
    updated_at timestamptz not null default now()
  )`,

  `create table points_balance (
    member_id integer primary key references member (id) on delete restrict,
    balance bigint not null default 0,
    updated_at timestamptz not null default now(),
    constraint points_balance_not_negative check (balance >= 0)
  )`,

  `create table points_entry (
    id bigserial primary key,
    member_id integer not null references member (id) on delete restrict,
    type text not null check (type in (${list(POINT_TYPES)})),
    amount bigint not null,
    balance_after bigint not null check (balance_after >= 0),
    source_key text not null check (char_length(source_key) between 1 and 200),
    reference jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    constraint points_entry_once unique (source_key),
    constraint points_entry_sign check (case when type in (${list(SPENDING)}) then amount < 0 else amount > 0 end)
  )`,
  'create index points_entry_member on points_entry (member_id, id desc)',

  `create function points_refuse_change() returns trigger language plpgsql as $$
  begin
    raise exception '% on % is not allowed: the points ledger is append-only', tg_op, tg_table_name using errcode = 'P0001';
  end
  $$`,
  `create trigger points_entry_immutable before update or delete on points_entry
    for each row execute function points_refuse_change()`,
  `create trigger points_entry_no_truncate before truncate on points_entry
    for each statement execute function points_refuse_change()`,

  `create table points_reward (
    id serial primary key,
    brand_id integer not null references brand (id),
    code text not null check (code ~ '^[a-z0-9-]{2,40}$'),
    kind text not null check (kind in ('GOODS', 'CASH', 'VOUCHER')),
    name_en text not null check (char_length(name_en) between 1 and 80),
    name_bn text not null check (char_length(name_bn) between 1 and 80),
    description_en text not null default '',
    description_bn text not null default '',
    picture text not null check (picture ~ '^[a-z0-9-]{1,40}$'),
    price bigint not null check (price > 0),
    stock integer check (stock is null or stock >= 0),
    per_member_limit integer check (per_member_limit is null or per_member_limit > 0),
    cash_amount bigint check (cash_amount is null or cash_amount > 0),
    voucher_spins integer check (voucher_spins is null or voucher_spins > 0),
    voucher_game text,
    min_vip_level integer not null default 0 check (min_vip_level >= 0),
    needs_verified_mobile boolean not null default false,
    active boolean not null default true,
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    constraint points_reward_code unique (brand_id, code),
    constraint points_reward_kind_fields check (
      case kind when 'CASH' then cash_amount is not null when 'VOUCHER' then voucher_spins is not null else true end)
  )`,

  `create table points_redemption (
    id bigserial primary key,
    order_no text not null unique,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id) on delete restrict,
    reward_id integer not null references points_reward (id),
    request_id text not null,
    request_hash text not null,
    quantity integer not null check (quantity > 0),
    points bigint not null check (points > 0),
    cash_amount bigint check (cash_amount is null or cash_amount > 0),
    currency text not null,
    status text not null default 'in_process' check (status in ('in_process', 'approved', 'rejected')),
    address text,
    reference_no text,
    remark text,
    decided_by text,
    decided_at timestamptz,
    created_at timestamptz not null default now(),
    constraint points_redemption_request unique (member_id, request_id)
  )`,
  'create index points_redemption_member on points_redemption (member_id, id desc)',
  'create index points_redemption_reward on points_redemption (reward_id, member_id)',
  `create index points_redemption_pending on points_redemption (id) where status = 'in_process'`,

  `create table points_voucher (
    id bigserial primary key,
    redemption_id bigint not null unique references points_redemption (id),
    member_id integer not null references member (id) on delete restrict,
    code text not null unique,
    spins integer not null check (spins > 0),
    game text,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,

  `create table points_conversion (
    id bigserial primary key,
    member_id integer not null references member (id) on delete restrict,
    request_id text not null,
    request_hash text not null,
    points bigint not null check (points > 0),
    amount bigint not null check (amount > 0),
    currency text not null,
    created_at timestamptz not null default now(),
    constraint points_conversion_request unique (member_id, request_id)
  )`,

  POINTS_POST,
];

/**
 * The message types: the constraint is whatever it is when this runs (other features add types too), widened by
 * ours, so the order in which features' migrations run does not matter.
 */
export const widenMessageTypes = (types: string[]) => `
do $$
declare v_def text;
begin
  select pg_get_constraintdef(oid) into v_def from pg_constraint
    where conname = 'member_message_type_check' and conrelid = 'member_message'::regclass;
  alter table member_message drop constraint member_message_type_check;
  execute 'alter table member_message add constraint member_message_type_check check ((' ||
    substring(v_def from '^CHECK \\((.*)\\)$') || ') or type in (${list(types).replaceAll("'", "''")}))';
end $$`;

export const narrowMessageTypes = (types: string[]) => `
do $$
declare v_def text;
begin
  select pg_get_constraintdef(oid) into v_def from pg_constraint
    where conname = 'member_message_type_check' and conrelid = 'member_message'::regclass;
  alter table member_message drop constraint member_message_type_check;
  execute 'alter table member_message add constraint member_message_type_check check (' ||
    replace(substring(v_def from '^CHECK \\((.*)\\)$'), ' OR (type = ANY (ARRAY[${types.map((t) => `''${t}''::text`).join(', ')}]))', '') || ')';
end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
  await sql.raw(widenMessageTypes(MESSAGE_TYPES)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`delete from member_message where type in (${list(MESSAGE_TYPES)})`).execute(db);
  await sql.raw(narrowMessageTypes(MESSAGE_TYPES)).execute(db);
  for (const statement of [
    'drop function points_post(integer, text, bigint, text, jsonb, timestamptz)',
    'drop table points_conversion',
    'drop table points_voucher',
    'drop table points_redemption',
    'drop table points_reward',
    'drop table points_entry',
    'drop function points_refuse_change()',
    'drop table points_balance',
    'drop table points_config',
  ]) {
    await sql.raw(statement).execute(db);
  }
}
