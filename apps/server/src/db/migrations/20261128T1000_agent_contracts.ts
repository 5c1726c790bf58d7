import { type Kysely, sql } from 'kysely';

/**
 * Agent contracts and their settlement (issue 14; decision 034).
 *
 * - `agent_contract`: an offer from an upline agent (or the house, `upline_id` null, to a top agent) to a direct
 *   downline agent, of one kind (DIVIDEND, DAILY_SALARY, HOUR_SALARY, REALTIME_SALARY), with its terms (rate,
 *   period, tiers, win/loss rate, effective window; `rate_bps`, `win_loss_rate_bps` and `period` are copied out of
 *   `terms` for the bounds and the jobs). OFFERED → ACTIVE | REJECTED | TERMINATED (withdrawn); ACTIVE → TERMINATED.
 *   At most one ACTIVE and one OFFERED per (downline, kind): partial unique indexes. `active_from` is when it was
 *   accepted; a period is settled for the contract that was ACTIVE at the period's end, so one contract per downline,
 *   kind and period, even across a replacement.
 * - `agent_settlement`: one row per (contract, period), the claim itself (unique), written in the transaction that pays
 *   it; also unique per (payee, kind, period). It keeps the team's figures and the rate applied. PAID when the money
 *   moved (or nothing was due), OWED when the payer's wallet was short: a later tick pays it through the same key.
 * - `agent_money_5min`: each member's BET / WIN / ROLLBACK per 5-minute slot, kept by the `agent-money-5min` outbox
 *   consumer for the real-time salary (member_money_hourly is per hour; money_event has no time index).
 * - `agent_contract_settings`: a brand's maximum rates (what the house offers top agents at most, and what a top agent
 *   without a house contract may give).
 * - `agent_settlement_pay(settlement, now)`: the one statement that pays a settlement: from the upline's wallet (or the
 *   brand's BONUS budget for a house contract) to the downline's wallet through `ledger_post`, key `settlement:<id>`,
 *   kind AGENT_SALARY or AGENT_DIVIDEND; a short balance leaves it OWED and moves nothing.
 */
const BEFORE = [
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
  'BONUS_CONVERSION',
  'BONUS_FORFEIT',
  'CASHBACK',
  'MISSION_REWARD',
  'RED_ENVELOPE',
  'WHEEL_PRIZE',
  'EGG_PRIZE',
  'RAFFLE_PRIZE',
];
const ADDED = ['AGENT_SALARY', 'AGENT_DIVIDEND'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

const KINDS = `('DIVIDEND', 'DAILY_SALARY', 'HOUR_SALARY', 'REALTIME_SALARY')`;

const PAY = `
create function agent_settlement_pay(p_settlement bigint, p_now timestamptz) returns jsonb language plpgsql as $$
declare
  s agent_settlement%rowtype;
  v_from bigint;
  v_to bigint;
  v_post jsonb;
  v_transfer bigint;
  v_hash text;
begin
  select * into s from agent_settlement where id = p_settlement for update;
  if not found then
    raise exception 'agent settlement % does not exist', p_settlement using errcode = 'LG001';
  end if;
  if s.state = 'PAID' then
    return jsonb_build_object('outcome', 'PAID', 'replay', true, 'transferId', s.transfer_id::text);
  end if;
  if s.amount = 0 then
    update agent_settlement set state = 'PAID', paid_at = p_now where id = s.id;
    return jsonb_build_object('outcome', 'PAID', 'replay', false, 'transferId', null);
  end if;
  -- The payee's wallet (made if it has none yet).
  select id into v_to from ledger_account
    where kind = 'MEMBER_WALLET' and member_id = s.payee_id and currency = s.currency and vendor_code is null;
  if v_to is null then
    insert into ledger_account (kind, member_id, currency) values ('MEMBER_WALLET', s.payee_id, s.currency)
      on conflict on constraint ledger_account_identity do nothing returning id into v_to;
    if v_to is null then
      select id into v_to from ledger_account
        where kind = 'MEMBER_WALLET' and member_id = s.payee_id and currency = s.currency and vendor_code is null;
    end if;
  end if;
  if s.payer_id is null then
    v_from := budget_account(s.currency, s.payee_id);
  else
    select id into v_from from ledger_account
      where kind = 'MEMBER_WALLET' and member_id = s.payer_id and currency = s.currency and vendor_code is null;
    if v_from is null then
      -- A payer without a wallet has nothing to pay with.
      update agent_settlement set state = 'OWED', attempts = attempts + 1, last_attempt_at = p_now where id = s.id;
      return jsonb_build_object('outcome', 'OWED', 'balance', '0');
    end if;
  end if;
  v_hash := 'settlement:' || s.id || ':' || s.amount;
  -- Not remembered when refused: the owed settlement is retried under the same key once the payer has the money.
  v_post := ledger_post('agent-settlement', s.id::text, v_hash,
    jsonb_build_array(jsonb_build_object('from', v_from::text, 'to', v_to::text, 'amount', s.amount::text,
      'kind', case when s.kind = 'DIVIDEND' then 'AGENT_DIVIDEND' else 'AGENT_SALARY' end,
      'reference', jsonb_build_object('settlementId', s.id::text, 'contractId', s.contract_id::text,
        'period', s.period, 'contractKind', s.kind))), false);
  if v_post->>'outcome' = 'REFUSED' then
    update agent_settlement set state = 'OWED', attempts = attempts + 1, last_attempt_at = p_now where id = s.id;
    return jsonb_build_object('outcome', 'OWED', 'balance', v_post->'value'->>'balance');
  end if;
  if v_post->>'outcome' = 'APPLIED' then
    v_transfer := (v_post->'answer'->'transfers'->0->>'id')::bigint;
  else
    if v_post->>'requestHash' <> v_hash then
      raise exception 'settlement key % was used for another payment', s.id using errcode = 'LG001';
    end if;
    v_transfer := (v_post->'response'->'transfers'->0->>'id')::bigint;
  end if;
  update agent_settlement set state = 'PAID', paid_at = p_now, transfer_id = v_transfer, attempts = attempts + 1,
    last_attempt_at = p_now where id = s.id;
  return jsonb_build_object('outcome', 'PAID', 'replay', v_post->>'outcome' <> 'APPLIED', 'transferId', v_transfer::text);
end $$`;

const UP = [
  `create table agent_contract (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    upline_id integer references member (id),
    downline_id integer not null references member (id),
    kind text not null check (kind in ${KINDS}),
    state text not null check (state in ('OFFERED', 'ACTIVE', 'REJECTED', 'TERMINATED')),
    rate_bps integer not null check (rate_bps between 0 and 10000),
    win_loss_rate_bps integer not null default 0 check (win_loss_rate_bps between 0 and 10000),
    period text not null check (period in ('FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY')),
    terms jsonb not null,
    replaces_id bigint references agent_contract (id),
    created_at timestamptz not null,
    decided_at timestamptz,
    active_from timestamptz,
    ended_at timestamptz,
    ended_by text check (ended_by in ('UPLINE', 'DOWNLINE', 'OPERATOR', 'REPLACED')),
    ended_by_member integer references member (id),
    check (upline_id is null or upline_id <> downline_id),
    check (state <> 'ACTIVE' or (active_from is not null and ended_at is null))
  )`,
  `create unique index agent_contract_one_active on agent_contract (downline_id, kind) where state = 'ACTIVE'`,
  `create unique index agent_contract_one_offer on agent_contract (downline_id, kind) where state = 'OFFERED'`,
  'create index agent_contract_upline on agent_contract (upline_id, kind, id)',
  'create index agent_contract_downline on agent_contract (downline_id, kind, id)',
  // The jobs: contracts of a kind that were active at some period's end.
  'create index agent_contract_settle on agent_contract (kind, active_from) where active_from is not null',
  `create table agent_settlement (
    id bigserial primary key,
    contract_id bigint not null references agent_contract (id),
    brand_id integer not null references brand (id),
    kind text not null check (kind in ${KINDS}),
    period text not null,
    period_start timestamptz not null,
    period_end timestamptz not null,
    payer_id integer references member (id),
    payee_id integer not null references member (id),
    currency text not null,
    team_valid_bet bigint not null,
    team_bet_amount bigint not null,
    team_net_loss bigint not null,
    active_members integer not null,
    rate_bps integer not null,
    win_loss_rate_bps integer not null,
    amount bigint not null check (amount >= 0),
    state text not null check (state in ('PAID', 'OWED')),
    transfer_id bigint,
    attempts integer not null default 0,
    last_attempt_at timestamptz,
    created_at timestamptz not null,
    paid_at timestamptz,
    unique (contract_id, period),
    unique (payee_id, kind, period)
  )`,
  'create index agent_settlement_payee on agent_settlement (payee_id, period_end desc, id)',
  'create index agent_settlement_payer on agent_settlement (payer_id, period_end desc, id)',
  `create index agent_settlement_owed on agent_settlement (kind, id) where state = 'OWED'`,
  `create table agent_money_5min (
    member_id integer not null references member (id),
    slot timestamptz not null,
    kind text not null,
    currency text not null,
    total bigint not null,
    moves integer not null,
    primary key (member_id, slot, kind, currency)
  )`,
  'create index agent_money_5min_slot on agent_money_5min (slot)',
  `create table agent_contract_settings (
    brand_id integer primary key references brand (id),
    max_rate_bps jsonb not null,
    max_win_loss_rate_bps integer not null check (max_win_loss_rate_bps between 0 and 10000),
    updated_at timestamptz not null default now()
  )`,
];

async function setKinds(db: Kysely<unknown>, kinds: string[]) {
  await sql.raw('alter table ledger_transfer drop constraint ledger_transfer_kind_check').execute(db);
  await sql.raw(`alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${list(kinds)}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setKinds(db, [...BEFORE, ...ADDED]);
  for (const statement of UP) await sql.raw(statement).execute(db);
  await sql.raw(PAY).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function agent_settlement_pay(bigint, timestamptz)').execute(db);
  for (const table of ['agent_contract_settings', 'agent_money_5min', 'agent_settlement', 'agent_contract']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await setKinds(db, BEFORE);
}
