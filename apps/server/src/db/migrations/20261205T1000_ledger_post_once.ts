import { type Kysely, sql } from 'kysely';
import { ISO, LEDGER_POST } from './20261125T1100_ledger_post.ts';

/**
 * A cheaper `ledger_post` (issue 20, decision 064): same signature, same answers, same rows; fewer statements.
 *
 * - The idempotency record is written once, with its final answer, instead of a PENDING claim first and an update
 *   at the end. A plain read answers a key already used. Otherwise the accounts are locked in id order and checked,
 *   the answer is built with transfer ids taken from the sequence in advance (`created_at` defaults to now(), the
 *   transaction's time, so createdAt is known too), and only then is the record inserted, ON CONFLICT DO NOTHING.
 *   A concurrent twin that inserted the key first makes that insert wait for it: committed, we answer REPLAY from
 *   its row having written nothing; rolled back, we go on. Nothing is written before the record, so a refusal that
 *   is not remembered writes nothing at all (before: a claim inserted, then deleted).
 * - A twin of the same key on the same accounts waits on the account locks instead of the key; once it has
 *   committed, a refusal re-reads the key, so the twin's answer is still the one given (not a refusal computed
 *   from the balance the twin left).
 * - The legs are read once with plain expressions (before: three jsonb_array_elements queries).
 * - Both balances of a two-account posting (every one-leg posting) move in one UPDATE: each statement on
 *   ledger_account re-reads all of its check constraints, the largest cost left in the function. The lock and the
 *   update name the two ids (`in (a, b)`), so PostgreSQL keeps one plan for them; `= any(array)` is planned anew
 *   on each call.
 *
 * The not-remembered refusal's postingId is a fresh id from the record's sequence, never stored (before: the id of
 * the claim it deleted); no caller reads it. An empty leg list raises LG001 (before: an internal error).
 */
const LEDGER_POST_ONCE = `
create or replace function ledger_post(p_scope text, p_key text, p_request_hash text, p_legs jsonb, p_remember_refusal boolean)
returns jsonb language plpgsql as $$
declare
  v_n integer;
  v_leg jsonb;
  v_from bigint[];
  v_to bigint[];
  v_amount bigint[];
  v_kind text[];
  v_ref jsonb[];
  v_ids bigint[];
  v_acc record;
  v_acc_ids bigint[] := '{}';
  v_start bigint[] := '{}';
  v_bal bigint[];
  v_allow boolean[] := '{}';
  v_cur text[] := '{}';
  v_acc_kind text[] := '{}';
  v_member integer[] := '{}';
  v_i integer;
  v_j integer;
  v_k integer;
  v_from_after bigint[];
  v_to_after bigint[];
  v_leg_cur text[];
  v_refusal jsonb;
  v_tid bigint[];
  v_created text;
  v_transfers jsonb := '[]'::jsonb;
  v_answer jsonb;
  v_idem bigint;
  v_existing record;
begin
  <<post>> begin
    -- A key already used (committed, or earlier in this transaction) is answered from its record.
    perform from idempotency_record where scope = p_scope and key = p_key;
    if found then
      exit post;
    end if;

    v_n := jsonb_array_length(p_legs);
    if v_n = 0 then
      raise exception 'a posting has no legs' using errcode = 'LG001';
    end if;
    for v_k in 1 .. v_n loop
      v_leg := p_legs->(v_k - 1);
      v_from[v_k] := (v_leg->>'from')::bigint;
      v_to[v_k] := (v_leg->>'to')::bigint;
      v_amount[v_k] := (v_leg->>'amount')::bigint;
      v_kind[v_k] := v_leg->>'kind';
      v_ref[v_k] := coalesce(v_leg->'reference', '{}'::jsonb);
    end loop;

    -- Every account of the posting, locked in ascending id order (A to B and B to A never deadlock).
    if v_n = 1 and v_from[1] <> v_to[1] then
      v_ids := array[least(v_from[1], v_to[1]), greatest(v_from[1], v_to[1])];
    else
      select array_agg(distinct x order by x) into v_ids from unnest(v_from || v_to) x;
    end if;
    if array_length(v_ids, 1) = 2 then
      for v_acc in
        select id, balance, allow_negative, currency, kind, member_id from ledger_account
          where id in (v_ids[1], v_ids[2]) order by id for update
      loop
        v_acc_ids := v_acc_ids || v_acc.id;
        v_start := v_start || v_acc.balance;
        v_allow := v_allow || v_acc.allow_negative;
        v_cur := v_cur || v_acc.currency;
        v_acc_kind := v_acc_kind || v_acc.kind;
        v_member := v_member || v_acc.member_id;
      end loop;
    else
      for v_acc in
        select id, balance, allow_negative, currency, kind, member_id from ledger_account where id = any(v_ids) order by id for update
      loop
        v_acc_ids := v_acc_ids || v_acc.id;
        v_start := v_start || v_acc.balance;
        v_allow := v_allow || v_acc.allow_negative;
        v_cur := v_cur || v_acc.currency;
        v_acc_kind := v_acc_kind || v_acc.kind;
        v_member := v_member || v_acc.member_id;
      end loop;
    end if;
    if coalesce(array_length(v_acc_ids, 1), 0) <> array_length(v_ids, 1) then
      raise exception 'ledger account % does not exist', (select min(x) from unnest(v_ids) x where not x = any(v_acc_ids))
        using errcode = 'LG001';
    end if;

    -- The whole movement checked leg by leg against the locked balances: no entry ever records a guarded account below zero.
    v_bal := v_start;
    for v_k in 1 .. v_n loop
      v_i := array_position(v_acc_ids, v_from[v_k]);
      v_j := array_position(v_acc_ids, v_to[v_k]);
      if v_cur[v_i] <> v_cur[v_j] then
        raise exception 'accounts % (%) and % (%) differ in currency', v_from[v_k], v_cur[v_i], v_to[v_k], v_cur[v_j] using errcode = 'LG001';
      end if;
      if v_bal[v_i] - v_amount[v_k] < 0 and not v_allow[v_i] then
        v_refusal := jsonb_build_object('accountId', v_from[v_k]::text, 'balance', v_start[v_i]::text);
        if p_remember_refusal then
          insert into idempotency_record (scope, key, request_hash, response)
            values (p_scope, p_key, p_request_hash, jsonb_build_object('outcome', 'REFUSED', 'code', 'INSUFFICIENT_FUNDS', 'value', v_refusal))
            on conflict (scope, key) do nothing
            returning id into v_idem;
          if v_idem is null then
            exit post;
          end if;
        else
          -- A twin that committed while we waited for the accounts gave this key its answer.
          perform from idempotency_record where scope = p_scope and key = p_key;
          if found then
            exit post;
          end if;
          v_idem := nextval('idempotency_record_id_seq'::regclass);
        end if;
        return jsonb_build_object('outcome', 'REFUSED', 'kept', p_remember_refusal, 'postingId', v_idem::text, 'value', v_refusal);
      end if;
      v_bal[v_i] := v_bal[v_i] - v_amount[v_k];
      v_bal[v_j] := v_bal[v_j] + v_amount[v_k];
      v_from_after[v_k] := v_bal[v_i];
      v_to_after[v_k] := v_bal[v_j];
      v_leg_cur[v_k] := v_cur[v_i];
    end loop;

    -- The answer before any write: ids from the transfers' own sequence, createdAt their created_at default (now()).
    v_created := to_char(now() at time zone 'UTC', ${ISO});
    for v_k in 1 .. v_n loop
      v_tid[v_k] := nextval('ledger_transfer_id_seq'::regclass);
      v_transfers := v_transfers || jsonb_build_array(jsonb_build_object(
        'id', v_tid[v_k]::text, 'kind', v_kind[v_k], 'from', v_from[v_k]::text, 'to', v_to[v_k]::text, 'amount', v_amount[v_k]::text,
        'currency', v_leg_cur[v_k], 'fromBalanceAfter', v_from_after[v_k]::text, 'toBalanceAfter', v_to_after[v_k]::text,
        'createdAt', v_created));
    end loop;
    v_answer := jsonb_build_object('outcome', 'APPLIED', 'transfers', v_transfers);
    insert into idempotency_record (scope, key, request_hash, response, transfer_ids)
      values (p_scope, p_key, p_request_hash, v_answer, v_tid)
      on conflict (scope, key) do nothing
      returning id into v_idem;
    if v_idem is null then
      exit post;
    end if;

    if array_length(v_acc_ids, 1) = 2 then
      update ledger_account set balance = case id when v_acc_ids[1] then v_bal[1] else v_bal[2] end
        where id in (v_acc_ids[1], v_acc_ids[2]) and balance <> case id when v_acc_ids[1] then v_bal[1] else v_bal[2] end;
    else
      update ledger_account set balance = v_bal[array_position(v_acc_ids, id)]
        where id = any(v_acc_ids) and balance <> v_bal[array_position(v_acc_ids, id)];
    end if;
    for v_k in 1 .. v_n loop
      insert into ledger_transfer (id, kind, debit_account_id, credit_account_id, amount, currency, idempotency_scope, idempotency_key, leg, reference)
        values (v_tid[v_k], v_kind[v_k], v_from[v_k], v_to[v_k], v_amount[v_k], v_leg_cur[v_k], p_scope, p_key, (v_k - 1)::smallint, v_ref[v_k]);
      insert into ledger_entry (transfer_id, account_id, amount, balance_after)
        values (v_tid[v_k], v_from[v_k], -v_amount[v_k], v_from_after[v_k]), (v_tid[v_k], v_to[v_k], v_amount[v_k], v_to_after[v_k]);
      -- The outbox: one row per member wallet moved, in this transaction.
      v_i := array_position(v_acc_ids, v_from[v_k]);
      v_j := array_position(v_acc_ids, v_to[v_k]);
      if v_acc_kind[v_i] = 'MEMBER_WALLET' then
        insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
          values (v_member[v_i], v_kind[v_k], -v_amount[v_k], v_from_after[v_k], v_leg_cur[v_k], p_scope,
            v_ref[v_k] || jsonb_build_object('transferId', v_tid[v_k]::text));
      end if;
      if v_acc_kind[v_j] = 'MEMBER_WALLET' then
        insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
          values (v_member[v_j], v_kind[v_k], v_amount[v_k], v_to_after[v_k], v_leg_cur[v_k], p_scope,
            v_ref[v_k] || jsonb_build_object('transferId', v_tid[v_k]::text));
      end if;
    end loop;
    return jsonb_build_object('outcome', 'APPLIED', 'postingId', v_idem::text, 'answer', v_answer);
  end;

  -- REPLAY: the key's record, committed (by an earlier call or the twin we waited for) or ours from earlier in this transaction.
  select id, request_hash, response into v_existing from idempotency_record where scope = p_scope and key = p_key;
  if not found then
    raise exception 'idempotency record %/% conflicted but cannot be read', p_scope, p_key;
  end if;
  return jsonb_build_object('outcome', 'REPLAY', 'postingId', v_existing.id::text,
    'requestHash', v_existing.request_hash, 'response', v_existing.response);
end $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The function takes ids from these sequences by name, and the answer's createdAt stands for the column default.
  const { rows } = await sql<{ transfer: string | null; record: string | null; created: string | null }>`
    select pg_get_serial_sequence('ledger_transfer', 'id') as transfer, pg_get_serial_sequence('idempotency_record', 'id') as record,
      (select pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
        where d.adrelid = 'ledger_transfer'::regclass and a.attname = 'created_at') as created`.execute(db);
  const found = rows[0];
  if (
    found?.transfer !== 'public.ledger_transfer_id_seq' ||
    found.record !== 'public.idempotency_record_id_seq' ||
    found.created !== 'now()'
  ) {
    throw new Error(`ledger_post assumes the ledger's column defaults, found ${JSON.stringify(found)}`);
  }
  await sql.raw(LEDGER_POST_ONCE).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post(text, text, text, jsonb, boolean)`.execute(db);
  await sql.raw(LEDGER_POST).execute(db);
}
