import { type Kysely, sql } from 'kysely';

/**
 * One posting rule, in the database (issue 20 item 1, decision 021). `ledger_post` is the only code that moves
 * balances: the TypeScript ledger (`postTransfers`) calls it in one statement, and the provider wallet's bet
 * and win functions call it too, so the rule exists once. In one call it claims the idempotency key (or
 * returns the stored answer), locks every account of the posting in id order, checks the whole movement
 * against the locked balances, writes balances, transfers and entries, stores the answer, and appends one
 * money_event row per member wallet moved: the outbox the dispatcher reads, instead of a notify in the
 * money transaction.
 *
 * Answers (jsonb): `{outcome: 'REPLAY', postingId, requestHash, response}` (the key was used before; the
 * caller compares the request hash), `{outcome: 'REFUSED', kept, postingId, value}` (insufficient funds;
 * `kept`: remembered as the key's answer, else the claim was removed), `{outcome: 'APPLIED', postingId,
 * answer}`. A misuse (a missing account, two currencies) raises SQLSTATE LG001.
 *
 * 20261205T1000_ledger_post_once replaces the body with a cheaper one (same answers; the idempotency record written
 * once, after the checks; decision 064).
 */

/** The answers' createdAt format; 20261205T1000_ledger_post_once formats with the same. */
export const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** Exported for 20261205T1000_ledger_post_once's down, which puts this version back. */
export const LEDGER_POST = `
create function ledger_post(p_scope text, p_key text, p_request_hash text, p_legs jsonb, p_remember_refusal boolean)
returns jsonb language plpgsql as $$
declare
  v_idem bigint;
  v_existing record;
  v_ids bigint[];
  v_acc record;
  v_acc_ids bigint[] := '{}';
  v_start bigint[] := '{}';
  v_bal bigint[] := '{}';
  v_allow boolean[] := '{}';
  v_cur text[] := '{}';
  v_kind text[] := '{}';
  v_member integer[] := '{}';
  v_leg record;
  v_from bigint;
  v_to bigint;
  v_amount bigint;
  v_i integer;
  v_j integer;
  v_from_after bigint[] := '{}';
  v_to_after bigint[] := '{}';
  v_leg_cur text[] := '{}';
  v_refusal jsonb;
  v_transfer bigint;
  v_created timestamptz;
  v_transfers jsonb := '[]'::jsonb;
  v_transfer_ids bigint[] := '{}';
  v_answer jsonb;
  v_ref jsonb;
begin
  -- The claim comes first: a concurrent twin waits here on the unique index, then finds our answer.
  insert into idempotency_record (scope, key, request_hash, response)
    values (p_scope, p_key, p_request_hash, '{"outcome":"PENDING"}'::jsonb)
    on conflict (scope, key) do nothing
    returning id into v_idem;
  if v_idem is null then
    select id, request_hash, response into v_existing from idempotency_record where scope = p_scope and key = p_key;
    if not found then
      raise exception 'idempotency record %/% conflicted but cannot be read', p_scope, p_key;
    end if;
    return jsonb_build_object('outcome', 'REPLAY', 'postingId', v_existing.id::text,
      'requestHash', v_existing.request_hash, 'response', v_existing.response);
  end if;

  -- Every account of the posting, locked in ascending id order (A to B and B to A never deadlock).
  select array_agg(distinct x order by x) into v_ids from (
    select (l->>'from')::bigint as x from jsonb_array_elements(p_legs) l
    union all select (l->>'to')::bigint from jsonb_array_elements(p_legs) l) ids;
  for v_acc in
    select id, balance, allow_negative, currency, kind, member_id from ledger_account where id = any(v_ids) order by id for update
  loop
    v_acc_ids := v_acc_ids || v_acc.id;
    v_start := v_start || v_acc.balance;
    v_bal := v_bal || v_acc.balance;
    v_allow := v_allow || v_acc.allow_negative;
    v_cur := v_cur || v_acc.currency;
    v_kind := v_kind || v_acc.kind;
    v_member := v_member || v_acc.member_id;
  end loop;
  if coalesce(array_length(v_acc_ids, 1), 0) <> array_length(v_ids, 1) then
    raise exception 'ledger account % does not exist', (select min(x) from unnest(v_ids) x where not x = any(v_acc_ids))
      using errcode = 'LG001';
  end if;

  -- The whole movement checked leg by leg against the locked balances: no entry ever records a guarded account below zero.
  for v_leg in select value as l from jsonb_array_elements(p_legs) loop
    v_from := (v_leg.l->>'from')::bigint;
    v_to := (v_leg.l->>'to')::bigint;
    v_amount := (v_leg.l->>'amount')::bigint;
    v_i := array_position(v_acc_ids, v_from);
    v_j := array_position(v_acc_ids, v_to);
    if v_cur[v_i] <> v_cur[v_j] then
      raise exception 'accounts % (%) and % (%) differ in currency', v_from, v_cur[v_i], v_to, v_cur[v_j] using errcode = 'LG001';
    end if;
    if v_bal[v_i] - v_amount < 0 and not v_allow[v_i] then
      v_refusal := jsonb_build_object('accountId', v_from::text, 'balance', v_start[v_i]::text);
      if p_remember_refusal then
        update idempotency_record
          set response = jsonb_build_object('outcome', 'REFUSED', 'code', 'INSUFFICIENT_FUNDS', 'value', v_refusal)
          where id = v_idem;
      else
        delete from idempotency_record where id = v_idem;
      end if;
      return jsonb_build_object('outcome', 'REFUSED', 'kept', p_remember_refusal, 'postingId', v_idem::text, 'value', v_refusal);
    end if;
    v_bal[v_i] := v_bal[v_i] - v_amount;
    v_bal[v_j] := v_bal[v_j] + v_amount;
    v_from_after := v_from_after || v_bal[v_i];
    v_to_after := v_to_after || v_bal[v_j];
    v_leg_cur := v_leg_cur || v_cur[v_i];
  end loop;

  for v_i in 1 .. array_length(v_acc_ids, 1) loop
    if v_bal[v_i] <> v_start[v_i] then
      update ledger_account set balance = v_bal[v_i] where id = v_acc_ids[v_i];
    end if;
  end loop;

  for v_leg in select value as l, (ordinality - 1)::smallint as n from jsonb_array_elements(p_legs) with ordinality loop
    v_from := (v_leg.l->>'from')::bigint;
    v_to := (v_leg.l->>'to')::bigint;
    v_amount := (v_leg.l->>'amount')::bigint;
    v_ref := coalesce(v_leg.l->'reference', '{}'::jsonb);
    insert into ledger_transfer (kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope, idempotency_key, leg, reference)
      values (v_leg.l->>'kind', v_from, v_to, v_amount, v_leg_cur[v_leg.n + 1], p_scope, p_key, v_leg.n, v_ref)
      returning id, created_at into v_transfer, v_created;
    insert into ledger_entry (transfer_id, account_id, amount, balance_after)
      values (v_transfer, v_from, -v_amount, v_from_after[v_leg.n + 1]), (v_transfer, v_to, v_amount, v_to_after[v_leg.n + 1]);
    -- The outbox: one row per member wallet moved, in this transaction.
    v_i := array_position(v_acc_ids, v_from);
    v_j := array_position(v_acc_ids, v_to);
    if v_kind[v_i] = 'MEMBER_WALLET' then
      insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
        values (v_member[v_i], v_leg.l->>'kind', -v_amount, v_from_after[v_leg.n + 1], v_leg_cur[v_leg.n + 1], p_scope,
          v_ref || jsonb_build_object('transferId', v_transfer::text));
    end if;
    if v_kind[v_j] = 'MEMBER_WALLET' then
      insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
        values (v_member[v_j], v_leg.l->>'kind', v_amount, v_to_after[v_leg.n + 1], v_leg_cur[v_leg.n + 1], p_scope,
          v_ref || jsonb_build_object('transferId', v_transfer::text));
    end if;
    v_transfer_ids := v_transfer_ids || v_transfer;
    v_transfers := v_transfers || jsonb_build_array(jsonb_build_object(
      'id', v_transfer::text, 'kind', v_leg.l->>'kind', 'from', v_from::text, 'to', v_to::text, 'amount', v_amount::text,
      'currency', v_leg_cur[v_leg.n + 1], 'fromBalanceAfter', v_from_after[v_leg.n + 1]::text,
      'toBalanceAfter', v_to_after[v_leg.n + 1]::text, 'createdAt', to_char(v_created at time zone 'UTC', ${ISO})));
  end loop;

  v_answer := jsonb_build_object('outcome', 'APPLIED', 'transfers', v_transfers);
  update idempotency_record set response = v_answer, transfer_ids = v_transfer_ids where id = v_idem;
  return jsonb_build_object('outcome', 'APPLIED', 'postingId', v_idem::text, 'answer', v_answer);
end $$`;

/** The provider bet and win of migration 20261123T0850, their posting now made by ledger_post. */
const POSTING = (kind: 'BET' | 'WIN', from: string, to: string) => `
    v_post := ledger_post(v_scope, p_tx, p_request_hash,
      jsonb_build_array(jsonb_build_object('from', ${from}::text, 'to', ${to}::text, 'amount', p_amount::text, 'kind', '${kind}',
        'reference', p_reference)), false);
    if v_post->>'outcome' <> 'APPLIED' then
      raise exception 'idempotency record %/% exists without its provider transaction', v_scope, p_tx;
    end if;
    v_from_after := (v_post->'answer'->'transfers'->0->>'fromBalanceAfter')::bigint;
    v_to_after := (v_post->'answer'->'transfers'->0->>'toBalanceAfter')::bigint;`;

const DECLARE = `
    v_scope text := 'provider:' || p_vendor;
    v_claim bigint;
    v_round game_round%rowtype;
    v_wallet_balance bigint;
    v_wallet_allow boolean;
    v_from_after bigint;
    v_to_after bigint;
    v_post jsonb;
    v_answer jsonb;`;

const refused = (code: string, message: string) => `
      delete from provider_transaction where id = v_claim;
      return jsonb_build_object('outcome', 'REFUSED', 'code', '${code}', 'message', '${message}');`;

/** Exported for 20261126T1200_bonus_money's down, which puts these versions back. */
export const PROVIDER_FUNCTIONS = [
  `create or replace function play_provider_bet(
    p_vendor text, p_tx text, p_round text, p_member integer, p_session bigint, p_node text, p_game text, p_game_type text,
    p_currency text, p_amount bigint, p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb
  ) returns jsonb language plpgsql as $$
  declare ${DECLARE}
  begin
    insert into provider_transaction (vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash, created_at)
      values (p_vendor, p_tx, 'BET', p_member, p_round, p_amount, p_request_hash, p_now)
      on conflict (vendor_code, transaction_id) do nothing
      returning id into v_claim;
    if v_claim is null then
      return jsonb_build_object('outcome', 'REPLAY');
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
    -- Both accounts locked in id order (as ledger_post does), then the funds check on the locked balance.
    perform 1 from ledger_account where id in (p_wallet, p_house) order by id for update;
    select balance, allow_negative into v_wallet_balance, v_wallet_allow from ledger_account where id = p_wallet;
    if v_wallet_balance is null then
      raise exception 'ledger account % does not exist', p_wallet;
    end if;
    if v_wallet_balance < p_amount and not v_wallet_allow then
      -- Remembered: a resend of this transactionId gets the same refusal, even after a deposit.
      insert into idempotency_record (scope, key, request_hash, response)
        values (v_scope, p_tx, p_request_hash, jsonb_build_object('outcome', 'REFUSED', 'code', 'INSUFFICIENT_FUNDS',
          'value', jsonb_build_object('accountId', p_wallet::text, 'balance', v_wallet_balance::text)));
      v_answer := jsonb_build_object('status', 'INSUFFICIENT_FUNDS', 'message', 'balance too low',
        'balance', v_wallet_balance::text, 'currency', p_currency);
      update provider_transaction set http_status = 402, answer = v_answer, applied = false where id = v_claim;
      return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 402, 'body', v_answer);
    end if;
    ${POSTING('BET', 'p_wallet', 'p_house')}
    update game_round set bet_total = bet_total + p_amount, bet_count = bet_count + 1, updated_at = p_now where id = v_round.id;
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_from_after::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    update provider_transaction set http_status = 200, answer = v_answer, applied = true where id = v_claim;
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_from_after::text);
  end $$`,

  `create or replace function play_provider_win(
    p_vendor text, p_tx text, p_round text, p_member integer, p_game text, p_currency text, p_amount bigint, p_close boolean,
    p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb,
    p_brand integer, p_customer_name text, p_winner_min bigint
  ) returns jsonb language plpgsql as $$
  declare ${DECLARE}
    v_balance bigint;
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
      ${POSTING('WIN', 'p_house', 'p_wallet')}
      v_balance := v_to_after;
    else
      select balance into v_balance from ledger_account where id = p_wallet;
    end if;
    update game_round
      set win_total = win_total + p_amount, updated_at = p_now,
          status = case when p_close then 'settled' else status end,
          settled_at = case when p_close then p_now else settled_at end
      where id = v_round.id;
    if p_amount >= p_winner_min then
      insert into winner_board_entry (brand_id, member_id, customer_name, node_id, game_type, win_amount, won_at)
        values (p_brand, p_member, p_customer_name, v_round.node_id, v_round.game_type, p_amount, p_now);
    end if;
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    update provider_transaction set http_status = 200, answer = v_answer, applied = p_amount > 0 where id = v_claim;
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_balance::text);
  end $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(LEDGER_POST).execute(db);
  for (const statement of PROVIDER_FUNCTIONS) await sql.raw(statement).execute(db);
  // A consumer's position is a (transaction id, event id) pair: events are read in that order, and only from
  // transactions older than every running one, so an event committed late is never passed over.
  await sql`alter table outbox_consumer add column position_tx xid8 not null default '0'::xid8`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_consumer drop column position_tx`.execute(db);
  await sql`drop function ledger_post(text, text, text, jsonb, boolean)`.execute(db);
}
