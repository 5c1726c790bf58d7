import type { WithdrawalDecision, WithdrawalQueueItem } from '@playfront/contract/console';
import type { WithdrawalStatus } from '@playfront/contract/funds';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { WithdrawalOrderRow } from '../funds/funds.table.ts';
import { decideWithdrawal, maskAccount } from '../funds/withdrawal.service.ts';
import { publishLive } from '../live/live-bus.ts';
import { openFlagCounts } from '../risk/risk-flags.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { iso, str } from './console-http.ts';
import { brandThresholds } from './thresholds.service.ts';

const ZERO_RISK = { deposits30d: '0', withdrawals30d: '0', bets30d: '0', wins30d: '0' };

/** Each member's money of the last 30 days from the hourly rollup (member_money_hourly), as the agent reports sum it. */
async function riskOf(db: Db, memberIds: number[], now: Date) {
  const map = new Map<number, typeof ZERO_RISK>();
  if (memberIds.length === 0) return map;
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await sql<{ member_id: number; deposits: string; withdrawals: string; bets: string; wins: string }>`
    select member_id,
      coalesce(sum(total) filter (where kind = 'DEPOSIT'), 0) as deposits,
      coalesce(-sum(total) filter (where kind in ('WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE')), 0) as withdrawals,
      coalesce(-sum(total) filter (where kind in ('BET', 'ROLLBACK')), 0) as bets,
      coalesce(sum(total) filter (where kind = 'WIN'), 0) as wins
    from member_money_hourly where member_id = any(${memberIds}::int[]) and hour >= ${since}
    group by member_id`.execute(db);
  for (const r of rows)
    map.set(Number(r.member_id), {
      deposits30d: str(r.deposits),
      withdrawals30d: str(r.withdrawals),
      bets30d: str(r.bets),
      wins30d: str(r.wins),
    });
  return map;
}

export async function withdrawalQueue(
  db: Db,
  brandId: number,
  query: { status: WithdrawalStatus; sort: 'createdAt' | 'amount'; order?: 'asc' | 'desc' | undefined; pageNo: number; pageSize: number },
  now: Date,
) {
  const order = query.order ?? (query.status === 'PENDING' ? 'asc' : 'desc');
  const base = db
    .selectFrom('withdrawal_order as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .where('m.brand_id', '=', brandId)
    .where('w.status', '=', query.status);
  const rows = await base
    .leftJoin('staff_withdrawal_approval as a', 'a.order_no', 'w.order_no')
    .leftJoin('staff as s', 's.id', 'a.staff_id')
    .selectAll('w')
    .select(['m.username as member_username', 's.username as first_approved_by'])
    .orderBy(query.sort === 'amount' ? 'w.amount' : 'w.id', order)
    .orderBy('w.id', order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const memberIds = [...new Set(rows.map((r) => r.member_id))];
  const risk = await riskOf(db, memberIds, now);
  const flags = await openFlagCounts(db, memberIds);
  const threshold = (await brandThresholds(db, brandId)).withdrawal;
  const list: WithdrawalQueueItem[] = rows.map((r) => ({
    orderNo: r.order_no,
    memberId: String(r.member_id),
    memberUsername: r.member_username,
    amount: str(r.amount),
    method: r.method,
    account: maskAccount(r.account_number),
    payeeName: r.account_name ?? null,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: iso(r.decided_at),
    rejectReason: r.reject_reason,
    needsSecondApproval: BigInt(r.amount) > threshold || r.first_approved_by !== null,
    firstApprovedBy: r.first_approved_by,
    risk: { ...(risk.get(r.member_id) ?? ZERO_RISK), openFlags: flags.get(r.member_id) ?? 0 },
  }));
  return { list, total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

async function brandOrder(db: Db, brandId: number, orderNo: string): Promise<WithdrawalOrderRow> {
  const order = await db
    .selectFrom('withdrawal_order as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .selectAll('w')
    .where('w.order_no', '=', orderNo)
    .where('m.brand_id', '=', brandId)
    .executeTakeFirst();
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

const orderView = (o: WithdrawalOrderRow) => ({ status: o.status, amount: str(o.amount), memberId: o.member_id });

function announce(app: FastifyInstance, order: WithdrawalOrderRow): void {
  const type = order.status === 'APPROVED' ? 'WITHDRAW_APPROVED' : 'WITHDRAW_REJECTED';
  publishLive(app, order.member_id, {
    type,
    amount: String(order.amount),
    currency: order.currency,
    orderNo: order.order_no,
    at: app.deps.now().toISOString(),
  });
}

/**
 * Approve through the withdrawal decision service (funds/withdrawal.service.ts), with the audit row in its
 * transaction. Above the threshold the first approval is only recorded (AWAITING_SECOND, audit row); the second
 * approval, by a different staff member (checked again inside the decision's transaction), pays out.
 */
export async function approveWithdrawal(
  app: FastifyInstance,
  actor: AuditActor & { username: string },
  orderNo: string,
): Promise<WithdrawalDecision> {
  const { db, now } = app.deps;
  const at = now();
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  const order = await brandOrder(db, actor.brandId, orderNo);
  if (order.status === 'APPROVED') return { orderNo, outcome: 'APPROVED' };
  if (order.status !== 'PENDING') throw new AppError('WITHDRAWAL_NOT_PENDING');
  // Above the brand's threshold, or once a first approval is recorded (the threshold may have been raised since):
  // two different staff members.
  const firstRecorded = await db
    .selectFrom('staff_withdrawal_approval')
    .select('staff_id')
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  const twoPerson = BigInt(order.amount) > (await brandThresholds(db, actor.brandId)).withdrawal || firstRecorded !== undefined;
  if (twoPerson) {
    const first = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('staff_withdrawal_approval')
        .values({ order_no: orderNo, staff_id: staffId, approved_at: at })
        .onConflict((oc) => oc.column('order_no').doNothing())
        .returning('staff_id')
        .executeTakeFirst();
      if (!inserted) return false;
      const still = await trx
        .selectFrom('withdrawal_order')
        .select('status')
        .where('order_no', '=', orderNo)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (still.status !== 'PENDING') throw new AppError('WITHDRAWAL_NOT_PENDING');
      await withAudit(
        trx,
        actor,
        'withdrawal.approve_first',
        { type: 'withdrawal', id: orderNo },
        orderView(order),
        { ...orderView(order), firstApproval: actor.username },
        at,
      );
      return true;
    });
    if (first) return { orderNo, outcome: 'AWAITING_SECOND' };
  }
  const decided = await decideWithdrawal(db, orderNo, { kind: 'approve' }, `staff:${actor.username}`, at, async (trx, decidedOrder) => {
    if (twoPerson) {
      const firstApproval = await trx
        .selectFrom('staff_withdrawal_approval')
        .select('staff_id')
        .where('order_no', '=', orderNo)
        .executeTakeFirst();
      if (!firstApproval) throw new AppError('WITHDRAWAL_NOT_PENDING');
      if (firstApproval.staff_id === staffId) throw new AppError('STAFF_SAME_APPROVER');
    }
    await withAudit(trx, actor, 'withdrawal.approve', { type: 'withdrawal', id: orderNo }, orderView(order), orderView(decidedOrder), at);
  });
  if (!decided.repeated) announce(app, decided.order);
  return { orderNo, outcome: 'APPROVED' };
}

export async function rejectWithdrawal(
  app: FastifyInstance,
  actor: AuditActor & { username: string },
  orderNo: string,
  reason: string,
): Promise<WithdrawalDecision> {
  const { db, now } = app.deps;
  const at = now();
  const order = await brandOrder(db, actor.brandId, orderNo);
  const decided = await decideWithdrawal(
    db,
    orderNo,
    { kind: 'reject', reason },
    `staff:${actor.username}`,
    at,
    async (trx, decidedOrder) => {
      await withAudit(
        trx,
        actor,
        'withdrawal.reject',
        { type: 'withdrawal', id: orderNo },
        orderView(order),
        { ...orderView(decidedOrder), reason },
        at,
      );
    },
  );
  if (!decided.repeated) announce(app, decided.order);
  return { orderNo, outcome: 'REJECTED' };
}
