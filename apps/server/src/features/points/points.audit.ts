import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The points ledger's invariants (decision 027), checked from the tables alone, like ledger.audit.ts for money:
 * run by the tests after every scenario.
 */
export type PointsAuditCheck =
  /** A member's points are below 0. */
  | 'NEGATIVE_BALANCE'
  /** A member's balance differs from the sum of their entries (or entries exist without a balance row). */
  | 'BALANCE_NOT_SUM_OF_ENTRIES'
  /** An entry's balance_after is not the previous one plus its amount. */
  | 'ENTRY_CHAIN_BROKEN'
  /** A redemption without exactly its spending entry, or a rejected one without its refund (or the other way round). */
  | 'REDEMPTION_ENTRIES'
  /** A conversion without its points entry or its ledger transfer of the same amount. */
  | 'CONVERSION_LEGS';

export type PointsAuditReport = {
  ok: boolean;
  counts: { members: number; entries: number; redemptions: number; conversions: number };
  violations: { check: PointsAuditCheck; message: string }[];
};

const LIMIT = 1000;

/** One consistent snapshot (repeatable read, read only), so a ledger being written to is never reported broken. */
export async function auditPoints(db: Db): Promise<PointsAuditReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const violations: PointsAuditReport['violations'] = [];
      const collect = async <R>(check: PointsAuditCheck, query: RawBuilder<R>, describe: (row: R) => string) => {
        const { rows } = await query.execute(trx);
        for (const row of rows) violations.push({ check, message: describe(row) });
      };

      const counts = await sql<{ members: number; entries: number; redemptions: number; conversions: number }>`
        select (select count(*) from points_balance)::int as members,
               (select count(*) from points_entry)::int as entries,
               (select count(*) from points_redemption)::int as redemptions,
               (select count(*) from points_conversion)::int as conversions`.execute(trx);

      await collect<{ member_id: number; balance: bigint }>(
        'NEGATIVE_BALANCE',
        sql`select member_id, balance from points_balance where balance < 0 order by member_id limit ${LIMIT}`,
        (r) => `member ${r.member_id} has ${r.balance} points`,
      );

      await collect<{ member_id: number; balance: bigint | null; total: bigint }>(
        'BALANCE_NOT_SUM_OF_ENTRIES',
        sql`select coalesce(b.member_id, s.member_id) as member_id, b.balance, coalesce(s.total, 0)::int8 as total
            from points_balance b
            full join (select member_id, sum(amount) as total from points_entry group by member_id) s on s.member_id = b.member_id
            where b.member_id is null or b.balance <> coalesce(s.total, 0)
            order by 1 limit ${LIMIT}`,
        (r) => `member ${r.member_id}: balance ${r.balance ?? 'missing'} but entries sum to ${r.total}`,
      );

      await collect<{ id: bigint; member_id: number; amount: bigint; balance_after: bigint; previous: bigint }>(
        'ENTRY_CHAIN_BROKEN',
        sql`select id, member_id, amount, balance_after, previous from (
              select id, member_id, amount, balance_after,
                     coalesce(lag(balance_after) over (partition by member_id order by id), 0) as previous
              from points_entry
            ) chain
            where balance_after <> previous + amount
            order by id limit ${LIMIT}`,
        (r) =>
          `entry ${r.id} (member ${r.member_id}): ${r.previous} + ${r.amount} should be ${r.previous + r.amount}, says ${r.balance_after}`,
      );

      await collect<{ order_no: string; status: string; spent: bigint | null; refunded: bigint | null; points: bigint }>(
        'REDEMPTION_ENTRIES',
        sql`select r.order_no, r.status, r.points, s.amount as spent, f.amount as refunded
            from points_redemption r
            left join points_entry s on s.source_key = 'redeem:' || r.order_no
            left join points_entry f on f.source_key = 'refund:' || r.order_no
            where s.amount is distinct from -r.points or s.member_id <> r.member_id
               or (r.status = 'rejected' and f.amount is distinct from r.points)
               or (r.status <> 'rejected' and f.id is not null)
            order by r.id limit ${LIMIT}`,
        (r) =>
          `redemption ${r.order_no} (${r.status}, ${r.points} points): spent ${r.spent ?? 'nothing'}, refunded ${r.refunded ?? 'nothing'}`,
      );

      await collect<{ id: bigint; points: bigint; entry: bigint | null; transfer: bigint | null; amount: bigint }>(
        'CONVERSION_LEGS',
        sql`select c.id, c.points, c.amount, e.amount as entry, t.amount as transfer
            from points_conversion c
            left join points_entry e on e.source_key = 'convert:' || c.member_id || ':' || c.request_id
            left join ledger_transfer t on t.idempotency_scope = 'points-convert' and t.idempotency_key = c.member_id || ':' || c.request_id
            where e.amount is distinct from -c.points or t.amount is distinct from c.amount
            order by c.id limit ${LIMIT}`,
        (r) =>
          `conversion ${r.id}: ${r.points} points for ${r.amount}, but entry ${r.entry ?? 'missing'} and transfer ${r.transfer ?? 'missing'}`,
      );

      return { ok: violations.length === 0, counts: counts.rows[0]!, violations };
    });
}
