import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The ledger's invariants (design notes, "Money"; decision 005), checked from
 * the tables alone. Used by the tests after every scenario and by operators
 * through `npm run ledger:audit`.
 */

export type AuditCheck =
  /** The balances of one currency do not add up to 0. */
  | 'SUM_NOT_ZERO'
  /** A member-owned or guarded account is below 0. */
  | 'NEGATIVE_BALANCE'
  /** An account's cached balance differs from the sum of its entries. */
  | 'BALANCE_NOT_SUM_OF_ENTRIES'
  /** An account's cached balance differs from its last entry's balance_after. */
  | 'LAST_BALANCE_AFTER_MISMATCH'
  /** An entry's balance_after is not the previous one plus its amount. */
  | 'ENTRY_CHAIN_BROKEN'
  /** A transfer does not have exactly its two entries (−amount on the debit side, +amount on the credit side). */
  | 'TRANSFER_ENTRIES'
  /** A transfer's currency differs from one of its accounts' currency. */
  | 'CURRENCY_MISMATCH'
  /** An idempotency key has transfers that its record does not list, or the other way round. */
  | 'IDEMPOTENCY'
  /**
   * Bonus money (decision 026): a grant whose BONUS transfer differs from its amount, a promotion whose
   * `granted_total` is not the sum of its grants, or an ended grant whose conversion and forfeit do not add up.
   */
  | 'BONUS';

export type AuditViolation = { check: AuditCheck; message: string };

export type LedgerAuditReport = {
  ok: boolean;
  counts: { accounts: number; transfers: number; entries: number; idempotencyRecords: number };
  /** Per currency: how many accounts and the sum of their balances (should be "0"), as decimal strings. */
  currencies: Array<{ currency: string; accounts: number; sum: string }>;
  violations: AuditViolation[];
  /** True when a check found more than VIOLATIONS_PER_CHECK problems and only the first were listed. */
  truncated: boolean;
};

export const VIOLATIONS_PER_CHECK = 1000;

const MEMBER_KINDS = ['MEMBER_WALLET', 'VENDOR_WALLET', 'WITHDRAWAL_HOLD', 'MEMBER_BONUS'];

/**
 * Reads one consistent snapshot (a repeatable-read, read-only transaction), so a
 * ledger that is being written to is never reported broken mid-transfer.
 */
export async function auditLedger(db: Db): Promise<LedgerAuditReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const violations: AuditViolation[] = [];
      let truncated = false;
      const collect = async <R>(check: AuditCheck, query: RawBuilder<R>, describe: (row: R) => string) => {
        const { rows } = await query.execute(trx);
        if (rows.length > VIOLATIONS_PER_CHECK) truncated = true;
        for (const row of rows.slice(0, VIOLATIONS_PER_CHECK)) violations.push({ check, message: describe(row) });
      };
      const limit = sql.lit(VIOLATIONS_PER_CHECK + 1);

      const counts = await sql<{ accounts: number; transfers: number; entries: number; records: number }>`
        select (select count(*) from ledger_account)::int as accounts,
               (select count(*) from ledger_transfer)::int as transfers,
               (select count(*) from ledger_entry)::int as entries,
               (select count(*) from idempotency_record)::int as records`.execute(trx);
      const currencies = await sql<{ currency: string; accounts: number; sum: bigint }>`
        select currency, count(*)::int as accounts, sum(balance)::int8 as sum
        from ledger_account group by currency order by currency`.execute(trx);
      for (const c of currencies.rows) {
        if (c.sum !== 0n) violations.push({ check: 'SUM_NOT_ZERO', message: `currency ${c.currency}: balances sum to ${c.sum}, not 0` });
      }

      await collect<{ id: bigint; kind: string; member_id: number | null; balance: bigint }>(
        'NEGATIVE_BALANCE',
        sql`select id, kind, member_id, balance from ledger_account
            where balance < 0 and (not allow_negative or kind in (${sql.join(MEMBER_KINDS)}))
            order by id limit ${limit}`,
        (r) => `account ${r.id} (${r.kind}${r.member_id === null ? '' : `, member ${r.member_id}`}) has balance ${r.balance}`,
      );

      await collect<{ id: bigint; balance: bigint; entries_sum: bigint; last_after: bigint | null }>(
        'BALANCE_NOT_SUM_OF_ENTRIES',
        sql`select a.id, a.balance, coalesce(s.total, 0)::int8 as entries_sum, s.last_after
            from ledger_account a
            left join (
              select account_id, sum(amount) as total,
                     (array_agg(balance_after order by id desc))[1] as last_after
              from ledger_entry group by account_id
            ) s on s.account_id = a.id
            where a.balance <> coalesce(s.total, 0)
            order by a.id limit ${limit}`,
        (r) => `account ${r.id}: balance ${r.balance} but its entries sum to ${r.entries_sum}`,
      );

      await collect<{ id: bigint; balance: bigint; last_after: bigint }>(
        'LAST_BALANCE_AFTER_MISMATCH',
        sql`select a.id, a.balance, e.balance_after as last_after
            from ledger_account a
            join lateral (
              select balance_after from ledger_entry where account_id = a.id order by id desc limit 1
            ) e on true
            where e.balance_after <> a.balance
            order by a.id limit ${limit}`,
        (r) => `account ${r.id}: balance ${r.balance} but its last entry says ${r.last_after}`,
      );

      await collect<{ id: bigint; account_id: bigint; amount: bigint; balance_after: bigint; previous: bigint }>(
        'ENTRY_CHAIN_BROKEN',
        sql`select id, account_id, amount, balance_after, previous from (
              select id, account_id, amount, balance_after,
                     coalesce(lag(balance_after) over (partition by account_id order by id), 0) as previous
              from ledger_entry
            ) chain
            where balance_after <> previous + amount
            order by id limit ${limit}`,
        (r) =>
          `entry ${r.id} (account ${r.account_id}): ${r.previous} + ${r.amount} should be ${r.previous + r.amount}, says ${r.balance_after}`,
      );

      await collect<{ id: bigint; entries: number; total: bigint | null; debit_ok: boolean; credit_ok: boolean }>(
        'TRANSFER_ENTRIES',
        sql`select t.id, count(e.id)::int as entries, sum(e.amount)::int8 as total,
                   coalesce(bool_or(e.account_id = t.debit_account_id and e.amount = -t.amount), false) as debit_ok,
                   coalesce(bool_or(e.account_id = t.credit_account_id and e.amount = t.amount), false) as credit_ok
            from ledger_transfer t
            left join ledger_entry e on e.transfer_id = t.id
            group by t.id
            having count(e.id) <> 2 or coalesce(sum(e.amount), 0) <> 0
                or not coalesce(bool_or(e.account_id = t.debit_account_id and e.amount = -t.amount), false)
                or not coalesce(bool_or(e.account_id = t.credit_account_id and e.amount = t.amount), false)
            order by t.id limit ${limit}`,
        (r) =>
          `transfer ${r.id}: ${r.entries} entries summing to ${r.total ?? 0}` +
          `${r.debit_ok ? '' : ', debit entry missing or wrong'}${r.credit_ok ? '' : ', credit entry missing or wrong'}`,
      );

      await collect<{ id: bigint; currency: string; debit_currency: string; credit_currency: string }>(
        'CURRENCY_MISMATCH',
        sql`select t.id, t.currency, d.currency as debit_currency, c.currency as credit_currency
            from ledger_transfer t
            join ledger_account d on d.id = t.debit_account_id
            join ledger_account c on c.id = t.credit_account_id
            where d.currency <> t.currency or c.currency <> t.currency
            order by t.id limit ${limit}`,
        (r) => `transfer ${r.id} in ${r.currency} moves between accounts in ${r.debit_currency} and ${r.credit_currency}`,
      );

      // One key, one effect: the transfers carrying a key are exactly those its record lists.
      await collect<{ scope: string; key: string; listed: number | null; actual: number; matched: number }>(
        'IDEMPOTENCY',
        sql`select coalesce(r.scope, t.scope) as scope, coalesce(r.key, t.key) as key,
                   cardinality(r.transfer_ids) as listed, coalesce(t.actual, 0)::int as actual,
                   coalesce((select count(*) from ledger_transfer x
                             where x.id = any(r.transfer_ids)
                               and x.idempotency_scope = r.scope and x.idempotency_key = r.key), 0)::int as matched
            from idempotency_record r
            full join (
              select idempotency_scope as scope, idempotency_key as key, count(*) as actual
              from ledger_transfer group by idempotency_scope, idempotency_key
            ) t on t.scope = r.scope and t.key = r.key
            where r.id is null
               or cardinality(r.transfer_ids) <> coalesce(t.actual, 0)
               or cardinality(r.transfer_ids) <> (select count(*) from ledger_transfer x
                                                  where x.id = any(r.transfer_ids)
                                                    and x.idempotency_scope = r.scope and x.idempotency_key = r.key)
            order by 1, 2 limit ${limit}`,
        (r) =>
          r.listed === null
            ? `key ${r.scope}/${r.key}: ${r.actual} transfers but no idempotency record`
            : `key ${r.scope}/${r.key}: record lists ${r.listed} transfers, ${r.actual} carry the key, ${r.matched} match`,
      );

      await collect<{ what: string; id: string; detail: string }>(
        'BONUS',
        sql`select 'grant' as what, g.id::text as id, 'amount ' || g.amount || ', issued ' || coalesce(t.amount, 0) as detail
            from bonus_grant g
            left join ledger_transfer t on t.idempotency_scope = 'bonus' and t.idempotency_key = 'issue:' || g.participation_id
              and t.kind = 'BONUS'
            where t.amount is distinct from g.amount
            union all
            select 'promotion', p.id::text, 'granted_total ' || p.granted_total || ', grants ' || coalesce(sum(g.amount), 0)
            from promotion p left join bonus_grant g on g.promotion_id = p.id
            group by p.id having p.granted_total <> coalesce(sum(g.amount), 0)
            union all
            select 'ended grant', g.id::text, 'converted ' || g.converted_amount || ' + forfeited ' || g.forfeited_amount
              || ', moved ' || coalesce(sum(t.amount), 0)
            from bonus_grant g
            left join ledger_transfer t on t.idempotency_scope = 'bonus' and t.idempotency_key = 'end:' || g.id
            where g.state <> 'active'
            group by g.id having g.converted_amount + g.forfeited_amount <> coalesce(sum(t.amount), 0)
            order by 1, 2 limit ${limit}`,
        (r) => `${r.what} ${r.id}: ${r.detail}`,
      );

      const c = counts.rows[0]!;
      return {
        ok: violations.length === 0,
        counts: { accounts: c.accounts, transfers: c.transfers, entries: c.entries, idempotencyRecords: c.records },
        currencies: currencies.rows.map((r) => ({ currency: r.currency, accounts: r.accounts, sum: String(r.sum) })),
        violations,
        truncated,
      };
    });
}
