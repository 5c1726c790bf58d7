import { type Kysely, sql } from 'kysely';
import { leg, PROVIDER_BET, PROVIDER_WIN } from './20261126T1200_bonus_money.ts';

/**
 * Fewer writes per provider call and per balance move (issue 20, decision 069). Same signatures, same answers.
 *
 * - A bet or win wrote its provider_transaction row twice (a claim first, its answer last) and a bet opening a
 *   round wrote the round twice (inserted empty, then its totals; the second write moved it in every index, since
 *   `bet_count` is in an index's predicate). Now a call reads whether its transactionId was answered, checks the
 *   round and locks the accounts, and only then writes its row once, with its final answer (the id taken from the
 *   sequence in advance), ON CONFLICT DO NOTHING: a twin that got there first, committed, makes it REPLAY having
 *   written nothing. A new round is inserted with its totals. A refusal re-reads the transactionId before it
 *   answers, so a twin we waited for (on the round or the accounts) still gets its first answer, not a refusal
 *   computed from what the twin left. A refused bet no longer leaves an empty round behind.
 * - The ledger account guard (an account's identity never changes) ran a PL/pgSQL trigger on every balance move;
 *   the trigger's WHEN now holds the comparison, so the function runs only to refuse.
 * - The outbox, the provider transactions and the rounds no longer have foreign keys to `member`: each check
 *   locked the member's row (FOR KEY SHARE) on every insert, several times per call, and under load the member
 *   table's few pages became a point every money call waited on. A member row is never deleted (no code path does;
 *   `ledger_account`'s key to it refuses it for any member with an account), and every writer takes the member id
 *   from a session it has just checked.
 */

const replayed = `
      perform from provider_transaction where vendor_code = p_vendor and transaction_id = p_tx;
      if found then
        return jsonb_build_object('outcome', 'REPLAY');
      end if;`;

/** A refusal that is not remembered: nothing written, unless a twin we waited for answered this transactionId. */
const refused = (code: string, message: string) => `${replayed}
      return jsonb_build_object('outcome', 'REFUSED', 'code', '${code}', 'message', '${message}');`;

export const PROVIDER_BET_ONCE = `create or replace function play_provider_bet(
    p_vendor text, p_tx text, p_round text, p_member integer, p_session bigint, p_node text, p_game text, p_game_type text,
    p_currency text, p_amount bigint, p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb
  ) returns jsonb language plpgsql as $$
  declare
    v_scope text := 'provider:' || p_vendor;
    v_claim bigint;
    v_round game_round%rowtype;
    v_round_id bigint;
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
    -- A transactionId answered before (committed) is answered from its row.${replayed}
    -- The maximum bet while a bonus is wagered.
    select max_bet into v_max_bet from bonus_grant where member_id = p_member and state = 'active';
    if v_max_bet is not null and p_amount > v_max_bet then ${refused('BET_LIMIT', 'over the maximum bet while a bonus is wagered')}
    end if;
    -- An open round is locked and checked; a new one is written below, once, with this bet in it.
    select * into v_round from game_round where vendor_code = p_vendor and round_id = p_round for update;
    if found then
      if v_round.member_id <> p_member then ${refused('TRANSACTION_CONFLICT', 'round belongs to another player')}
      end if;
      if v_round.game_code <> p_game then ${refused('UNKNOWN_GAME', 'round is of another game')}
      end if;
      -- A win or a rollback closed the round to new stakes.
      if v_round.status <> 'open' or v_round.refund_total > 0 then ${refused('ROUND_CLOSED', 'round is closed')}
      end if;
      v_round_id := v_round.id;
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
    v_claim := nextval('provider_transaction_id_seq'::regclass);
    if v_wallet_balance + v_bonus_balance < p_amount and not v_wallet_allow then
      -- Remembered: a resend of this transactionId gets the same refusal, even after a deposit.
      v_answer := jsonb_build_object('status', 'INSUFFICIENT_FUNDS', 'message', 'balance too low',
        'balance', (v_wallet_balance + v_bonus_balance)::text, 'currency', p_currency);
      insert into provider_transaction (id, vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash,
          created_at, http_status, answer, applied)
        values (v_claim, p_vendor, p_tx, 'BET', p_member, p_round, p_amount, p_request_hash, p_now, 402, v_answer, false)
        on conflict (vendor_code, transaction_id) do nothing
        returning id into v_claim;
      if v_claim is null then
        return jsonb_build_object('outcome', 'REPLAY');
      end if;
      insert into idempotency_record (scope, key, request_hash, response)
        values (v_scope, p_tx, p_request_hash, jsonb_build_object('outcome', 'REFUSED', 'code', 'INSUFFICIENT_FUNDS',
          'value', jsonb_build_object('accountId', p_wallet::text, 'balance', (v_wallet_balance + v_bonus_balance)::text)));
      return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 402, 'body', v_answer);
    end if;
    v_cash_part := case when v_wallet_allow then p_amount else least(v_wallet_balance, p_amount) end;
    v_bonus_part := p_amount - v_cash_part;
    v_balance := (v_wallet_balance - v_cash_part) + (v_bonus_balance - v_bonus_part);
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    -- The call's one row, with its answer: a twin that committed first makes this REPLAY, nothing written.
    insert into provider_transaction (id, vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash,
        created_at, http_status, answer, applied, bonus_amount)
      values (v_claim, p_vendor, p_tx, 'BET', p_member, p_round, p_amount, p_request_hash, p_now, 200, v_answer, true, v_bonus_part)
      on conflict (vendor_code, transaction_id) do nothing
      returning id into v_claim;
    if v_claim is null then
      return jsonb_build_object('outcome', 'REPLAY');
    end if;
    if v_round_id is null then
      insert into game_round (vendor_code, round_id, member_id, launch_session_id, node_id, game_code, game_type, currency,
          bet_total, bonus_bet_total, bet_count, created_at, updated_at)
        values (p_vendor, p_round, p_member, p_session, p_node, p_game, p_game_type, p_currency,
          p_amount, v_bonus_part, 1, p_now, p_now)
        on conflict (vendor_code, round_id) do nothing
        returning id into v_round_id;
      if v_round_id is null then
        -- Another bet opened this round meanwhile (committed): checked as an open round is, our row taken back.
        select * into v_round from game_round where vendor_code = p_vendor and round_id = p_round for update;
        if v_round.member_id <> p_member or v_round.game_code <> p_game or v_round.status <> 'open' or v_round.refund_total > 0 then
          delete from provider_transaction where id = v_claim;
          return jsonb_build_object('outcome', 'REFUSED',
            'code', case when v_round.member_id <> p_member then 'TRANSACTION_CONFLICT'
              when v_round.game_code <> p_game then 'UNKNOWN_GAME' else 'ROUND_CLOSED' end,
            'message', case when v_round.member_id <> p_member then 'round belongs to another player'
              when v_round.game_code <> p_game then 'round is of another game' else 'round is closed' end);
        end if;
        v_round_id := v_round.id;
      end if;
    end if;
    if v_round.id is not null then
      update game_round set bet_total = bet_total + p_amount, bonus_bet_total = bonus_bet_total + v_bonus_part,
          bet_count = bet_count + 1, updated_at = p_now
        where id = v_round_id;
    end if;
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
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_balance::text);
  end $$`;

const PROVIDER_WIN_ONCE = `create or replace function play_provider_win(
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
    v_stakes bigint;
    v_bonus_share bigint := 0;
    v_destination bigint;
    v_bonus bigint;
    v_wallet_balance bigint;
    v_bonus_balance bigint := 0;
    v_wallet_after bigint;
    v_balance bigint;
    v_legs jsonb := '[]'::jsonb;
  begin
    -- A transactionId answered before (committed) is answered from its row.${replayed}
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
    end if;
    -- The accounts the win moves and the member's bonus account locked in id order (as ledger_post will lock them),
    -- so the answer's balance, known before anything is written, is the one the posting leaves.
    select id into v_bonus from ledger_account where kind = 'MEMBER_BONUS' and member_id = p_member and vendor_code is null
      and currency = p_currency;
    perform 1 from ledger_account where id in (p_wallet, p_house, v_bonus, v_destination) order by id for update;
    select balance into v_wallet_balance from ledger_account where id = p_wallet;
    if v_bonus is not null then
      select balance into v_bonus_balance from ledger_account where id = v_bonus;
    end if;
    v_wallet_after := v_wallet_balance + (p_amount - v_bonus_share)
      + case when v_bonus_share > 0 and v_destination = p_wallet then v_bonus_share else 0 end;
    v_balance := v_wallet_after + coalesce(v_bonus_balance, 0)
      + case when v_bonus_share > 0 and v_destination = v_bonus then v_bonus_share else 0 end;
    v_claim := nextval('provider_transaction_id_seq'::regclass);
    v_answer := jsonb_build_object('status', 'OK', 'balance', v_balance::text, 'currency', p_currency,
      'platformTransactionId', v_claim::text);
    -- The call's one row, with its answer: a twin that committed first makes this REPLAY, nothing written.
    insert into provider_transaction (id, vendor_code, transaction_id, kind, member_id, round_id, amount, request_hash,
        created_at, http_status, answer, applied)
      values (v_claim, p_vendor, p_tx, 'WIN', p_member, p_round, p_amount, p_request_hash, p_now, 200, v_answer, p_amount > 0)
      on conflict (vendor_code, transaction_id) do nothing
      returning id into v_claim;
    if v_claim is null then
      return jsonb_build_object('outcome', 'REPLAY');
    end if;
    if p_amount > 0 then
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
    return jsonb_build_object('outcome', 'ANSWER', 'httpStatus', 200, 'body', v_answer, 'balance', v_balance::text);
  end $$`;

const GUARD_ON_CHANGE = [
  'drop trigger ledger_account_identity_fixed on ledger_account',
  `create trigger ledger_account_identity_fixed before update on ledger_account for each row
    when (new.id <> old.id or new.kind <> old.kind or new.member_id is distinct from old.member_id
      or new.vendor_code is distinct from old.vendor_code or new.currency <> old.currency
      or new.allow_negative <> old.allow_negative)
    execute function ledger_account_guard()`,
];

const GUARD_EVERY_ROW = [
  'drop trigger ledger_account_identity_fixed on ledger_account',
  'create trigger ledger_account_identity_fixed before update on ledger_account for each row execute function ledger_account_guard()',
];

const MEMBER_KEYS = [
  ['money_event', 'money_event_member_id_fkey'],
  ['provider_transaction', 'provider_transaction_member_id_fkey'],
  ['game_round', 'game_round_member_id_fkey'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PROVIDER_BET_ONCE).execute(db);
  await sql.raw(PROVIDER_WIN_ONCE).execute(db);
  for (const statement of GUARD_ON_CHANGE) await sql.raw(statement).execute(db);
  for (const [table, key] of MEMBER_KEYS) await sql.raw(`alter table ${table} drop constraint ${key}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, key] of MEMBER_KEYS)
    await sql.raw(`alter table ${table} add constraint ${key} foreign key (member_id) references member (id)`).execute(db);
  for (const statement of GUARD_EVERY_ROW) await sql.raw(statement).execute(db);
  await sql.raw(PROVIDER_BET).execute(db);
  await sql.raw(PROVIDER_WIN).execute(db);
}
