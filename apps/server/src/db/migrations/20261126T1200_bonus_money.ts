import { type Kysely, sql } from 'kysely';
import { PROVIDER_FUNCTIONS } from './20261125T1100_ledger_post.ts';

/**
 * Promotions and bonus money (issue 11, decision 026).
 *
 * Bonus money is ledger money: each member gets a `MEMBER_BONUS` account (never negative, like the wallet), funded
 * from the operator's `BONUS` account (the marketing budget; a promotion's own budget is a limit kept on the
 * promotion row). A game sees cash + bonus; a stake takes cash first, then bonus, and the round remembers the bonus
 * part so its win (or refund) goes back the same way: the bonus share to the bonus account while the grant is
 * active, to the wallet once it converted, to the budget once it was forfeited.
 *
 * Each grant, conversion and forfeit is one SQL function (one round trip) that posts through `ledger_post`. A
 * settled round appends a `ROUND_SETTLED` money_event (amount 0) in its transaction, so wagering, points and other
 * consumers count settled stakes exactly once from the outbox.
 */

const ACCOUNT_KINDS = [
  'MEMBER_WALLET',
  'VENDOR_WALLET',
  'WITHDRAWAL_HOLD',
  'HOUSE',
  'PAYMENT_CLEARING',
  'BONUS',
  'SYSTEM_EQUITY',
  'MEMBER_BONUS',
];
const MEMBER_KINDS = ['MEMBER_WALLET', 'VENDOR_WALLET', 'WITHDRAWAL_HOLD', 'MEMBER_BONUS'];
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
  'BONUS_CONVERSION',
  'BONUS_FORFEIT',
];
const MESSAGE_TYPES = ['BONUS_ISSUED', 'BONUS_CONVERTED', 'BONUS_EXPIRING', 'BONUS_ENDED', 'PROMOTION_REJECTED'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

const TABLES = [
  `alter table ledger_account drop constraint ledger_account_kind_check`,
  `alter table ledger_account add constraint ledger_account_kind_check check (kind in (${list(ACCOUNT_KINDS)}))`,
  `alter table ledger_account drop constraint ledger_account_owner`,
  `alter table ledger_account add constraint ledger_account_owner check (
    case when kind in (${list(MEMBER_KINDS)}) then member_id is not null and not allow_negative else member_id is null end)`,
  // The budget is split over BUDGET_SHARDS accounts, as the house is (decision 009): one account would make every
  // grant in the brand wait for the previous one's commit. Shard n > 0 carries vendor_code `BUDGET-s<n>`.
  `alter table ledger_account drop constraint ledger_account_vendor`,
  `alter table ledger_account add constraint ledger_account_vendor check (
    case kind
      when 'VENDOR_WALLET' then vendor_code is not null
      when 'HOUSE' then true
      when 'PAYMENT_CLEARING' then true
      when 'BONUS' then vendor_code is null or vendor_code ~ '^BUDGET-s[0-9]+$'
      else vendor_code is null end)`,
  `alter table ledger_transfer drop constraint ledger_transfer_kind_check`,
  `alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${list(TRANSFER_KINDS)}))`,

  // The bonus part of a round's stakes and of each bet, so wins and refunds go back the way the stake came.
  `alter table game_round add column bonus_bet_total bigint not null default 0 check (bonus_bet_total >= 0)`,
  `alter table provider_transaction add column bonus_amount bigint not null default 0 check (bonus_amount >= 0)`,

  `create table promotion (
    id serial primary key,
    brand_id integer not null references brand (id),
    code text not null check (code ~ '^[a-z0-9][a-z0-9-]{1,47}$'),
    category text not null check (category in ('WELCOME', 'RELOAD', 'CASHBACK', 'VIP', 'EVENT')),
    title jsonb not null,
    summary jsonb not null,
    rules_html jsonb not null,
    banner_theme text not null default 'gold',
    starts_at timestamptz not null,
    ends_at timestamptz,
    audience text not null check (audience in ('ALL', 'NEW_MEMBERS', 'VIP', 'AGENT_TEAM', 'FIRST_DEPOSIT')),
    audience_vip_level integer not null default 0,
    audience_agent_id integer references member (id),
    new_member_days integer not null default 30,
    -- Days of the week (0 Sunday … 6 Saturday, UTC) on which it can be entered; null: every day.
    weekdays smallint[],
    entry text not null check (entry in ('AUTO', 'JOIN', 'APPLY', 'CLAIM')),
    trigger text not null check (trigger in ('DEPOSIT', 'NONE', 'NET_LOSS')),
    min_deposit bigint not null default 0 check (min_deposit >= 0),
    reward_kind text not null check (reward_kind in ('FIXED', 'PERCENT')),
    reward_amount bigint not null default 0 check (reward_amount >= 0),
    reward_bps integer not null default 0 check (reward_bps between 0 and 100000),
    reward_cap bigint check (reward_cap > 0),
    wagering_base text not null check (wagering_base in ('BONUS', 'DEPOSIT_AND_BONUS')),
    wagering_multiplier numeric(6, 2) not null check (wagering_multiplier >= 0),
    contribution jsonb not null,
    max_bet bigint check (max_bet > 0),
    max_cashout bigint check (max_cashout > 0),
    bonus_valid_days integer not null check (bonus_valid_days between 1 and 365),
    limit_per_member integer not null default 1 check (limit_per_member >= 1),
    limit_period text not null default 'NONE' check (limit_period in ('NONE', 'DAY', 'WEEK', 'MONTH')),
    budget bigint not null check (budget >= 0),
    granted_total bigint not null default 0 check (granted_total >= 0 and granted_total <= budget),
    grants_count integer not null default 0,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED', 'ENDED')),
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint promotion_code unique (brand_id, code),
    constraint promotion_period check (ends_at is null or ends_at > starts_at)
  )`,

  // One member's entry in one promotion for one period (period_key '' when the promotion has no period).
  `create table promotion_participation (
    id bigserial primary key,
    promotion_id integer not null references promotion (id),
    member_id integer not null references member (id),
    period_key text not null default '',
    state text not null check (state in ('signed', 'claimable', 'claimed', 'applying', 'issued', 'rejected')),
    deposit_amount bigint not null default 0,
    deposit_order_no text,
    reward_amount bigint not null default 0,
    grant_id bigint,
    note text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint promotion_participation_once unique (promotion_id, member_id, period_key)
  )`,
  'create index promotion_participation_member on promotion_participation (member_id, id)',
  "create index promotion_participation_applying on promotion_participation (state, id) where state = 'applying'",

  // Every state change of a participation, with who made it: never updated.
  `create table promotion_participation_event (
    id bigserial primary key,
    participation_id bigint not null references promotion_participation (id),
    from_state text,
    to_state text not null,
    actor text not null check (actor in ('member', 'operator', 'system')),
    actor_id text,
    note text,
    created_at timestamptz not null default now()
  )`,
  'create index promotion_participation_event_of on promotion_participation_event (participation_id, id)',

  `create table bonus_grant (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    promotion_id integer not null references promotion (id),
    participation_id bigint not null unique references promotion_participation (id),
    currency text not null,
    amount bigint not null check (amount > 0),
    deposit_amount bigint not null default 0,
    wagering_required bigint not null check (wagering_required >= 0),
    wagered bigint not null default 0 check (wagered >= 0),
    contribution jsonb not null,
    max_bet bigint,
    max_cashout bigint,
    state text not null default 'active' check (state in ('active', 'converted', 'forfeited', 'expired')),
    end_reason text check (end_reason in ('wagered', 'cancelled', 'expired', 'withdrawal', 'spent', 'operator')),
    converted_amount bigint not null default 0,
    forfeited_amount bigint not null default 0,
    issued_at timestamptz not null,
    expires_at timestamptz not null,
    warned_at timestamptz,
    ended_at timestamptz
  )`,
  // One active bonus per member at a time: its wagering and its balance are then one thing.
  `create unique index bonus_grant_one_active on bonus_grant (member_id) where state = 'active'`,
  'create index bonus_grant_member on bonus_grant (member_id, id)',
  `create index bonus_grant_expiry on bonus_grant (expires_at) where state = 'active'`,
  `alter table promotion_participation add constraint promotion_participation_grant foreign key (grant_id) references bonus_grant (id)`,

  `create table promotion_comment (
    id bigserial primary key,
    promotion_id integer not null references promotion (id),
    member_id integer not null references member (id),
    body text not null check (char_length(body) between 1 and 140),
    created_at timestamptz not null default now()
  )`,
  'create index promotion_comment_of on promotion_comment (promotion_id, member_id, id)',
  `create table promotion_comment_image (
    id bigserial primary key,
    comment_id bigint not null references promotion_comment (id),
    content_type text not null check (content_type in ('image/png', 'image/jpeg')),
    bytes bytea not null
  )`,

  `alter table deposit_order add column promotion_id integer references promotion (id)`,

  // The bonus messages, added to whatever message types exist when this runs (other features add theirs).
  `do $$
  declare v_def text;
  begin
    select pg_get_constraintdef(oid) into v_def from pg_constraint
      where conname = 'member_message_type_check' and conrelid = 'member_message'::regclass;
    alter table member_message drop constraint member_message_type_check;
    execute 'alter table member_message add constraint member_message_type_check check ((' ||
      substring(v_def from '^CHECK \\((.*)\\)$') || ') or type in (${list(MESSAGE_TYPES).replaceAll("'", "''")}))';
  end $$`,
];

/** The account a bonus share of a win or a refund goes to: the bonus while a grant is active, cash after it converted, else the budget. */
const BONUS_SHARE_DESTINATION = `
create function bonus_share_destination(p_member integer, p_currency text, p_wallet bigint) returns bigint
language plpgsql as $$
declare
  v_state text;
  v_id bigint;
begin
  select state into v_state from bonus_grant where member_id = p_member order by id desc limit 1;
  if v_state = 'active' then
    return bonus_account(p_member, p_currency);
  elsif v_state = 'converted' then
    return p_wallet;
  end if;
  return budget_account(p_currency, p_member);
end $$`;

const ACCOUNT_HELPERS = [
  `create function bonus_account(p_member integer, p_currency text) returns bigint language plpgsql as $$
  declare v_id bigint;
  begin
    select id into v_id from ledger_account where kind = 'MEMBER_BONUS' and member_id = p_member and vendor_code is null and currency = p_currency;
    if v_id is null then
      insert into ledger_account (kind, member_id, currency, allow_negative) values ('MEMBER_BONUS', p_member, p_currency, false)
        on conflict on constraint ledger_account_identity do nothing returning id into v_id;
      if v_id is null then
        select id into v_id from ledger_account where kind = 'MEMBER_BONUS' and member_id = p_member and vendor_code is null and currency = p_currency;
      end if;
    end if;
    return v_id;
  end $$`,
  `create function budget_account(p_currency text, p_member integer) returns bigint language plpgsql as $$
  declare
    v_id bigint;
    v_code text := case when p_member % 16 = 0 then null else 'BUDGET-s' || (p_member % 16) end;
  begin
    select id into v_id from ledger_account where kind = 'BONUS' and member_id is null and vendor_code is not distinct from v_code
      and currency = p_currency;
    if v_id is null then
      insert into ledger_account (kind, vendor_code, currency, allow_negative) values ('BONUS', v_code, p_currency, true)
        on conflict on constraint ledger_account_identity do nothing returning id into v_id;
      if v_id is null then
        select id into v_id from ledger_account where kind = 'BONUS' and member_id is null
          and vendor_code is not distinct from v_code and currency = p_currency;
      end if;
    end if;
    return v_id;
  end $$`,
  BONUS_SHARE_DESTINATION,
];

export const leg = (from: string, to: string, amount: string, kind: string, ref = "'{}'::jsonb") =>
  `jsonb_build_object('from', (${from})::text, 'to', (${to})::text, 'amount', (${amount})::text, 'kind', '${kind}', 'reference', ${ref})`;

/**
 * Issue the bonus of a participation: orphan bonus money (left by a grant that ended with a round open) back to the
 * budget, the grant from the budget to the member's bonus account, the grant row, the promotion's budget use, the
 * participation's new state and its event: one call. Refusals change nothing.
 */
const BONUS_ISSUE = `
create function bonus_issue(p_participation bigint, p_amount bigint, p_deposit bigint, p_to_state text, p_actor text,
  p_actor_id text, p_now timestamptz) returns jsonb language plpgsql as $$
declare
  v_p record;
  v_promo record;
  v_bonus bigint;
  v_budget bigint;
  v_orphan bigint;
  v_legs jsonb := '[]'::jsonb;
  v_post jsonb;
  v_grant bigint;
  v_required bigint;
begin
  select * into v_p from promotion_participation where id = p_participation for update;
  if not found then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_NOT_FOUND');
  end if;
  if v_p.grant_id is not null then
    return jsonb_build_object('outcome', 'REPLAY', 'grantId', v_p.grant_id::text);
  end if;
  if v_p.state not in ('signed', 'claimable', 'applying') then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_WRONG_STATE');
  end if;
  if p_amount <= 0 then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_NOTHING_TO_CLAIM');
  end if;
  -- Read without a lock: the budget is reserved by the last statement (below), so the promotion's row, which
  -- every grant of it updates, is held only for the commit.
  select * into v_promo from promotion where id = v_p.promotion_id;
  if v_promo.status <> 'ACTIVE' or v_promo.starts_at > p_now or (v_promo.ends_at is not null and v_promo.ends_at <= p_now) then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_CLOSED');
  end if;
  if exists (select 1 from bonus_grant where member_id = v_p.member_id and state = 'active') then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'BONUS_ALREADY_ACTIVE');
  end if;
  if v_promo.granted_total + p_amount > v_promo.budget then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_BUDGET_SPENT');
  end if;

  begin
    v_required := ceil(v_promo.wagering_multiplier * (p_amount + case when v_promo.wagering_base = 'DEPOSIT_AND_BONUS' then p_deposit else 0 end));
    -- The one-active-grant index makes a concurrent second grant of the member fail here (and the block undo).
    insert into bonus_grant (brand_id, member_id, promotion_id, participation_id, currency, amount, deposit_amount,
        wagering_required, contribution, max_bet, max_cashout, issued_at, expires_at)
      values (v_promo.brand_id, v_p.member_id, v_promo.id, p_participation, v_promo.currency, p_amount, p_deposit,
        v_required, v_promo.contribution, v_promo.max_bet, v_promo.max_cashout, p_now,
        p_now + make_interval(days => v_promo.bonus_valid_days))
      returning id into v_grant;
    update promotion_participation set state = p_to_state, grant_id = v_grant, reward_amount = p_amount,
        deposit_amount = greatest(deposit_amount, p_deposit), updated_at = p_now
      where id = p_participation;
    insert into promotion_participation_event (participation_id, from_state, to_state, actor, actor_id, created_at)
      values (p_participation, v_p.state, p_to_state, p_actor, p_actor_id, p_now);
    insert into member_message (member_id, type, amount, currency, dedupe_key)
      values (v_p.member_id, 'BONUS_ISSUED', p_amount, v_promo.currency, 'bonus-issued:' || v_grant)
      on conflict (dedupe_key) do nothing;

    v_bonus := bonus_account(v_p.member_id, v_promo.currency);
    v_budget := budget_account(v_promo.currency, v_p.member_id);
    perform 1 from ledger_account where id in (v_bonus, v_budget) order by id for update;
    select balance into v_orphan from ledger_account where id = v_bonus;
    if v_orphan > 0 then
      v_legs := v_legs || jsonb_build_array(${leg('v_bonus', 'v_budget', 'v_orphan', 'BONUS_FORFEIT', "jsonb_build_object('reason', 'orphan')")});
    end if;
    v_legs := v_legs || jsonb_build_array(${leg('v_budget', 'v_bonus', 'p_amount', 'BONUS', "jsonb_build_object('promotion', v_promo.code, 'participation', p_participation::text)")});
    v_post := ledger_post('bonus', 'issue:' || p_participation, 'issue:' || p_participation || ':' || p_amount, v_legs, false);
    if v_post->>'outcome' <> 'APPLIED' then
      raise exception 'bonus issue of participation % found its ledger key used', p_participation;
    end if;
    -- A grant with nothing to wager is cash at once.
    if v_required = 0 then
      perform bonus_end(v_grant, 'converted', 'wagered', p_now);
    end if;
    -- Last: the budget, reserved under the promotion's row lock only if it still holds the grant.
    update promotion set granted_total = granted_total + p_amount, grants_count = grants_count + 1, updated_at = p_now
      where id = v_promo.id and granted_total + p_amount <= budget;
    if not found then
      raise exception 'budget spent' using errcode = 'PB001';
    end if;
  exception
    when sqlstate 'PB001' then
      return jsonb_build_object('outcome', 'REFUSED', 'code', 'PROMOTION_BUDGET_SPENT');
    when unique_violation then
      if exists (select 1 from bonus_grant where member_id = v_p.member_id and state = 'active') then
        return jsonb_build_object('outcome', 'REFUSED', 'code', 'BONUS_ALREADY_ACTIVE');
      end if;
      raise;
  end;
  return jsonb_build_object('outcome', 'APPLIED', 'grantId', v_grant::text, 'amount', p_amount::text);
end $$`;

/**
 * End an active grant: 'converted' moves the rest (up to the maximum cash-out) to the wallet and any excess to the
 * budget; 'forfeited' and 'expired' move all of it to the budget. One call; a grant already ended answers ENDED.
 */
const BONUS_END = `
create function bonus_end(p_grant bigint, p_state text, p_reason text, p_now timestamptz) returns jsonb
language plpgsql as $$
declare
  v_g record;
  v_wallet bigint;
  v_bonus bigint;
  v_budget bigint;
  v_balance bigint;
  v_cash bigint := 0;
  v_forfeit bigint := 0;
  v_legs jsonb := '[]'::jsonb;
  v_post jsonb;
  v_ref jsonb;
begin
  select * into v_g from bonus_grant where id = p_grant for update;
  if not found then
    return jsonb_build_object('outcome', 'REFUSED', 'code', 'BONUS_NOT_FOUND');
  end if;
  if v_g.state <> 'active' then
    return jsonb_build_object('outcome', 'ENDED', 'state', v_g.state);
  end if;
  v_bonus := bonus_account(v_g.member_id, v_g.currency);
  v_budget := budget_account(v_g.currency, v_g.member_id);
  select id into v_wallet from ledger_account where kind = 'MEMBER_WALLET' and member_id = v_g.member_id and currency = v_g.currency;
  perform 1 from ledger_account where id in (v_wallet, v_bonus, v_budget) order by id for update;
  select balance into v_balance from ledger_account where id = v_bonus;
  if p_state = 'converted' then
    v_cash := least(v_balance, coalesce(v_g.max_cashout, v_balance));
    v_forfeit := v_balance - v_cash;
  else
    v_forfeit := v_balance;
  end if;
  v_ref := jsonb_build_object('grant', p_grant::text, 'reason', p_reason);
  if v_cash > 0 then
    v_legs := v_legs || jsonb_build_array(${leg('v_bonus', 'v_wallet', 'v_cash', 'BONUS_CONVERSION', 'v_ref')});
  end if;
  if v_forfeit > 0 then
    v_legs := v_legs || jsonb_build_array(${leg('v_bonus', 'v_budget', 'v_forfeit', 'BONUS_FORFEIT', 'v_ref')});
  end if;
  if jsonb_array_length(v_legs) > 0 then
    v_post := ledger_post('bonus', 'end:' || p_grant, 'end:' || p_grant || ':' || p_state, v_legs, false);
    if v_post->>'outcome' <> 'APPLIED' then
      raise exception 'bonus end of grant % found its ledger key used', p_grant;
    end if;
  end if;
  update bonus_grant set state = p_state, end_reason = p_reason, converted_amount = v_cash, forfeited_amount = v_forfeit,
      ended_at = p_now
    where id = p_grant;
  insert into member_message (member_id, type, amount, currency, params, dedupe_key)
    values (v_g.member_id, case when p_state = 'converted' then 'BONUS_CONVERTED' else 'BONUS_ENDED' end,
      case when p_state = 'converted' then v_cash else v_forfeit end, v_g.currency,
      jsonb_build_object('reason', p_reason), 'bonus-end:' || p_grant)
    on conflict (dedupe_key) do nothing;
  return jsonb_build_object('outcome', 'APPLIED', 'state', p_state, 'converted', v_cash::text, 'forfeited', v_forfeit::text);
end $$`;

const refused = (code: string, message: string) => `
      delete from provider_transaction where id = v_claim;
      return jsonb_build_object('outcome', 'REFUSED', 'code', '${code}', 'message', '${message}');`;

/** Cash + bonus of the member: what a game may stake. */
const PLAYABLE = `(select coalesce(sum(balance), 0) from ledger_account
      where member_id = p_member and currency = p_currency and kind in ('MEMBER_WALLET', 'MEMBER_BONUS'))`;

export const PROVIDER_BET = `create or replace function play_provider_bet(
    p_vendor text, p_tx text, p_round text, p_member integer, p_session bigint, p_node text, p_game text, p_game_type text,
    p_currency text, p_amount bigint, p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb
  ) returns jsonb language plpgsql as $$
  declare
    v_scope text := 'provider:' || p_vendor;
    v_claim bigint;
    v_round game_round%rowtype;
    v_wallet_balance bigint;
    v_wallet_allow boolean;
    v_bonus bigint;
    v_bonus_balance bigint := 0;
    v_max_bet bigint;
    v_cash_part bigint;
    v_bonus_part bigint;
    v_legs jsonb := '[]'::jsonb;
    v_post jsonb;
    v_balance bigint;
    v_answer jsonb;
  begin
    insert into provider_transaction (vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash, created_at)
      values (p_vendor, p_tx, 'BET', p_member, p_round, p_amount, p_request_hash, p_now)
      on conflict (vendor_code, transaction_id) do nothing
      returning id into v_claim;
    if v_claim is null then
      return jsonb_build_object('outcome', 'REPLAY');
    end if;
    -- The maximum bet while a bonus is wagered: a refused bet, before any round is opened for it.
    select max_bet into v_max_bet from bonus_grant where member_id = p_member and state = 'active';
    if v_max_bet is not null and p_amount > v_max_bet then ${refused('BET_LIMIT', 'over the maximum bet while a bonus is wagered')}
    end if;
    insert into game_round (vendor_code, round_id, member_id, launch_session_id, node_id, game_code, game_type, currency, created_at, updated_at)
      values (p_vendor, p_round, p_member, p_session, p_node, p_game, p_game_type, p_currency, p_now, p_now)
      on conflict (vendor_code, round_id) do nothing;
    select * into v_round from game_round where vendor_code = p_vendor and round_id = p_round for update;
    if v_round.member_id <> p_member then ${refused('TRANSACTION_CONFLICT', 'round belongs to another player')}
    end if;
    if v_round.game_code <> p_game then ${refused('UNKNOWN_GAME', 'round is of another game')}
    end if;
    -- A win or a rollback closed the round to new stakes.
    if v_round.status <> 'open' or v_round.refund_total > 0 then ${refused('ROUND_CLOSED', 'round is closed')}
    end if;
    -- The wallet, the house and the member's bonus account locked in id order (as ledger_post does), then the funds
    -- check on the locked balances: cash first, then bonus.
    -- (The bonus account by its identity index first: an OR in the locking query would scan every account.)
    select id into v_bonus from ledger_account where kind = 'MEMBER_BONUS' and member_id = p_member and vendor_code is null
      and currency = p_currency;
    perform 1 from ledger_account where id in (p_wallet, p_house, v_bonus) order by id for update;
    select balance, allow_negative into v_wallet_balance, v_wallet_allow from ledger_account where id = p_wallet;
    if v_wallet_balance is null then
      raise exception 'ledger account % does not exist', p_wallet;
    end if;
    if v_bonus is not null then
      select balance into v_bonus_balance from ledger_account where id = v_bonus;
    end if;
    v_bonus_balance := coalesce(v_bonus_balance, 0);
    if v_wallet_balance + v_bonus_balance < p_amount and not v_wallet_allow then
      -- Remembered: a resend of this transactionId gets the same refusal, even after a deposit.
      insert into idempotency_record (scope, key, request_hash, response)
        values (v_scope, p_tx, p_request_hash, jsonb_build_object('outcome', 'REFUSED', 'code', 'INSUFFICIENT_FUNDS',
          'value', jsonb_build_object('accountId', p_wallet::text, 'balance', (v_wallet_balance + v_bonus_balance)::text)));
      v_answer := jsonb_build_object('status', 'INSUFFICIENT_FUNDS', 'message', 'balance too low',
        'balance', (v_wallet_balance + v_bonus_balance)::text, 'currency', p_currency);
      update provider_transaction set http_status = 402, answer = v_answer, applied = false where id = v_claim;
      return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 402, 'body', v_answer);
    end if;
    v_cash_part := case when v_wallet_allow then p_amount else least(v_wallet_balance, p_amount) end;
    v_bonus_part := p_amount - v_cash_part;
    if v_cash_part > 0 then
      v_legs := v_legs || jsonb_build_array(${leg('p_wallet', 'p_house', 'v_cash_part', 'BET', 'p_reference')});
    end if;
    if v_bonus_part > 0 then
      v_legs := v_legs || jsonb_build_array(${leg('v_bonus', 'p_house', 'v_bonus_part', 'BET', "p_reference || jsonb_build_object('bonus', true)")});
    end if;
    v_post := ledger_post(v_scope, p_tx, p_request_hash, v_legs, false);
    if v_post->>'outcome' <> 'APPLIED' then
      raise exception 'idempotency record %/% exists without its provider transaction', v_scope, p_tx;
    end if;
    update game_round set bet_total = bet_total + p_amount, bonus_bet_total = bonus_bet_total + v_bonus_part,
        bet_count = bet_count + 1, updated_at = p_now
      where id = v_round.id;
    v_balance := (v_wallet_balance - v_cash_part) + (v_bonus_balance - v_bonus_part);
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    update provider_transaction set http_status = 200, answer = v_answer, applied = true, bonus_amount = v_bonus_part
      where id = v_claim;
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_balance::text);
  end $$`;

export const PROVIDER_WIN = `create or replace function play_provider_win(
    p_vendor text, p_tx text, p_round text, p_member integer, p_game text, p_currency text, p_amount bigint, p_close boolean,
    p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb,
    p_brand integer, p_customer_name text, p_winner_min bigint
  ) returns jsonb language plpgsql as $$
  declare
    v_scope text := 'provider:' || p_vendor;
    v_claim bigint;
    v_round game_round%rowtype;
    v_post jsonb;
    v_answer jsonb;
    v_balance bigint;
    v_stakes bigint;
    v_bonus_share bigint := 0;
    v_destination bigint;
    v_legs jsonb := '[]'::jsonb;
    v_wallet_after bigint;
  begin
    insert into provider_transaction (vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash, created_at)
      values (p_vendor, p_tx, 'WIN', p_member, p_round, p_amount, p_request_hash, p_now)
      on conflict (vendor_code, transaction_id) do nothing
      returning id into v_claim;
    if v_claim is null then
      return jsonb_build_object('outcome', 'REPLAY');
    end if;
    select * into v_round from game_round where vendor_code = p_vendor and round_id = p_round for update;
    if not found or v_round.member_id <> p_member or v_round.bet_count = 0 then ${refused('BET_NOT_FOUND', 'no bet in this round')}
    end if;
    if v_round.game_code <> p_game then ${refused('UNKNOWN_GAME', 'round is of another game')}
    end if;
    if v_round.status <> 'open' then ${refused('ROUND_CLOSED', 'round is closed')}
    end if;
    if p_amount > 0 then
      -- The win is shared as the stakes were: the bonus part goes where bonus money goes now.
      v_stakes := v_round.bet_total - v_round.refund_total;
      if v_round.bonus_bet_total > 0 and v_stakes > 0 then
        v_bonus_share := (p_amount * v_round.bonus_bet_total) / v_stakes;
        v_destination := bonus_share_destination(p_member, p_currency, p_wallet);
      end if;
      if p_amount - v_bonus_share > 0 then
        v_legs := v_legs || jsonb_build_array(${leg('p_house', 'p_wallet', 'p_amount - v_bonus_share', 'WIN', 'p_reference')});
      end if;
      if v_bonus_share > 0 then
        v_legs := v_legs || jsonb_build_array(${leg('p_house', 'v_destination', 'v_bonus_share', 'WIN', "p_reference || jsonb_build_object('bonus', true)")});
      end if;
      v_post := ledger_post(v_scope, p_tx, p_request_hash, v_legs, false);
      if v_post->>'outcome' <> 'APPLIED' then
        raise exception 'idempotency record %/% exists without its provider transaction', v_scope, p_tx;
      end if;
    end if;
    update game_round
      set win_total = win_total + p_amount, updated_at = p_now,
          status = case when p_close then 'settled' else status end,
          settled_at = case when p_close then p_now else settled_at end
      where id = v_round.id;
    select balance into v_wallet_after from ledger_account where id = p_wallet;
    v_balance := ${PLAYABLE};
    if p_close then
      -- The outbox event of a settled round: wagering, points and reports count its stakes once from here.
      insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
        values (p_member, 'ROUND_SETTLED', 0, v_wallet_after, p_currency, v_scope, jsonb_build_object(
          'vendor', p_vendor, 'roundId', p_round, 'gameType', v_round.game_type, 'gameCode', v_round.game_code,
          'betTotal', v_round.bet_total::text, 'bonusBetTotal', v_round.bonus_bet_total::text,
          'validBet', (v_round.bet_total - v_round.refund_total)::text, 'winTotal', (v_round.win_total + p_amount)::text));
    end if;
    if p_amount >= p_winner_min then
      insert into winner_board_entry (brand_id, member_id, customer_name, node_id, game_type, win_amount, won_at)
        values (p_brand, p_member, p_customer_name, v_round.node_id, v_round.game_type, p_amount, p_now);
    end if;
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    update provider_transaction set http_status = 200, answer = v_answer, applied = p_amount > 0 where id = v_claim;
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_balance::text);
  end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  for (const statement of ACCOUNT_HELPERS) await sql.raw(statement).execute(db);
  await sql.raw(BONUS_END).execute(db);
  await sql.raw(BONUS_ISSUE).execute(db);
  await sql.raw(PROVIDER_BET).execute(db);
  await sql.raw(PROVIDER_WIN).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Bonus money cannot be unwritten from an append-only ledger: going back is only for a database without it.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ledger_account where kind = 'MEMBER_BONUS' or (kind = 'BONUS' and vendor_code is not null)`.execute(db);
  if ((rows[0]?.n ?? 0) > 0) throw new Error('20261126T1200_bonus_money: bonus accounts exist; restore a backup instead of reverting');
  await sql.raw(`delete from member_message where type in (${list(MESSAGE_TYPES)})`).execute(db);
  await sql
    .raw(`do $$
  declare v_def text;
  begin
    select pg_get_constraintdef(oid) into v_def from pg_constraint
      where conname = 'member_message_type_check' and conrelid = 'member_message'::regclass;
    alter table member_message drop constraint member_message_type_check;
    execute 'alter table member_message add constraint member_message_type_check check (' ||
      replace(substring(v_def from '^CHECK \\((.*)\\)$'), ' OR (type = ANY (ARRAY[${MESSAGE_TYPES.map((t) => `''${t}''::text`).join(', ')}]))', '') || ')';
  end $$`)
    .execute(db);
  for (const statement of PROVIDER_FUNCTIONS) await sql.raw(statement).execute(db);
  const OLD_ACCOUNT_KINDS = ACCOUNT_KINDS.filter((k) => k !== 'MEMBER_BONUS');
  const OLD_MEMBER_KINDS = MEMBER_KINDS.filter((k) => k !== 'MEMBER_BONUS');
  const OLD_TRANSFER_KINDS = TRANSFER_KINDS.filter((k) => k !== 'BONUS_CONVERSION' && k !== 'BONUS_FORFEIT');
  for (const statement of [
    'drop function bonus_issue(bigint, bigint, bigint, text, text, text, timestamptz)',
    'drop function bonus_end(bigint, text, text, timestamptz)',
    'drop function bonus_share_destination(integer, text, bigint)',
    'drop function bonus_account(integer, text)',
    'drop function budget_account(text, integer)',
    'alter table deposit_order drop column promotion_id',
    'alter table promotion_participation drop constraint promotion_participation_grant',
    'drop table promotion_comment_image',
    'drop table promotion_comment',
    'drop table bonus_grant',
    'drop table promotion_participation_event',
    'drop table promotion_participation',
    'drop table promotion',
    'alter table provider_transaction drop column bonus_amount',
    'alter table game_round drop column bonus_bet_total',
    'alter table ledger_transfer drop constraint ledger_transfer_kind_check',
    `alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${list(OLD_TRANSFER_KINDS)}))`,
    'alter table ledger_account drop constraint ledger_account_vendor',
    `alter table ledger_account add constraint ledger_account_vendor check (
      case kind
        when 'VENDOR_WALLET' then vendor_code is not null
        when 'HOUSE' then true
        when 'PAYMENT_CLEARING' then true
        else vendor_code is null end)`,
    'alter table ledger_account drop constraint ledger_account_owner',
    `alter table ledger_account add constraint ledger_account_owner check (
      case when kind in (${list(OLD_MEMBER_KINDS)}) then member_id is not null and not allow_negative else member_id is null end)`,
    'alter table ledger_account drop constraint ledger_account_kind_check',
    `alter table ledger_account add constraint ledger_account_kind_check check (kind in (${list(OLD_ACCOUNT_KINDS)}))`,
  ])
    await sql.raw(statement).execute(db);
}
