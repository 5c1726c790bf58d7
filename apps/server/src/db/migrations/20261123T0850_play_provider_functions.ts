import { type Kysely, sql } from 'kysely';

/**
 * The provider wallet's bet and win, each one database function (decision 009):
 * one round trip and one short transaction per call, so the hot rows (the
 * vendor's HOUSE account, which every bet and win of that vendor touches) are
 * locked for the length of one statement rather than across a dozen round trips
 * between the app and the database. They do exactly what the TypeScript ledger
 * does for a one-leg posting (same rows, same idempotency record and answer
 * shapes, locks in the same order: provider transaction, round, accounts by id),
 * so the ledger audit and the replays read them alike.
 *
 * Each returns jsonb: `{outcome: 'REPLAY'}` (the transactionId was claimed
 * before: the caller replays the stored answer), `{outcome: 'REFUSED', code,
 * message}` (nothing kept: the claim is deleted, as a rollback would), or
 * `{outcome: 'ANSWER', httpStatus, body}` (kept: an applied posting, or a
 * remembered INSUFFICIENT_FUNDS).
 */

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const POSTING = (kind: 'BET' | 'WIN', from: string, to: string) => `
    insert into idempotency_record (scope, key, request_hash, response)
      values (v_scope, p_tx, p_request_hash, '{"outcome":"PENDING"}'::jsonb)
      on conflict (scope, key) do nothing
      returning id into v_idem;
    if v_idem is null then
      raise exception 'idempotency record %/% exists without its provider transaction', v_scope, p_tx;
    end if;
    update ledger_account set balance = balance - p_amount where id = ${from} returning balance, currency into v_from_after, v_from_currency;
    update ledger_account set balance = balance + p_amount where id = ${to} returning balance, currency into v_to_after, v_to_currency;
    if v_from_currency is distinct from v_to_currency then
      raise exception 'accounts % and % differ in currency', ${from}, ${to};
    end if;
    insert into ledger_transfer (kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope, idempotency_key, leg, reference)
      values ('${kind}', ${from}, ${to}, p_amount, v_from_currency, v_scope, p_tx, 0, p_reference)
      returning id, created_at into v_transfer, v_created;
    insert into ledger_entry (transfer_id, account_id, amount, balance_after)
      values (v_transfer, ${from}, -p_amount, v_from_after), (v_transfer, ${to}, p_amount, v_to_after);
    update idempotency_record
      set response = jsonb_build_object('outcome', 'APPLIED', 'transfers', jsonb_build_array(jsonb_build_object(
            'id', v_transfer::text, 'kind', '${kind}', 'from', ${from}::text, 'to', ${to}::text, 'amount', p_amount::text,
            'currency', v_from_currency, 'fromBalanceAfter', v_from_after::text, 'toBalanceAfter', v_to_after::text,
            'createdAt', to_char(v_created at time zone 'UTC', ${ISO})))),
          transfer_ids = array[v_transfer]
      where id = v_idem;`;

const DECLARE = `
    v_scope text := 'provider:' || p_vendor;
    v_claim bigint;
    v_round game_round%rowtype;
    v_idem bigint;
    v_wallet_balance bigint;
    v_wallet_allow boolean;
    v_from_after bigint;
    v_to_after bigint;
    v_from_currency text;
    v_to_currency text;
    v_transfer bigint;
    v_created timestamptz;
    v_answer jsonb;`;

const refused = (code: string, message: string) => `
      delete from provider_transaction where id = v_claim;
      return jsonb_build_object('outcome', 'REFUSED', 'code', '${code}', 'message', '${message}');`;

const UP = [
  `create function play_provider_bet(
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
    -- Both accounts locked in id order (as the ledger does), then the funds check on the locked balance.
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

  `create function play_provider_win(
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
      perform 1 from ledger_account where id in (p_wallet, p_house) order by id for update;
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
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function play_provider_win(text, text, text, integer, text, text, bigint, boolean, text, bigint, bigint, timestamptz, jsonb, integer, text, bigint)`.execute(
    db,
  );
  await sql`drop function play_provider_bet(text, text, text, integer, bigint, text, text, text, text, bigint, text, bigint, bigint, timestamptz, jsonb)`.execute(
    db,
  );
}
