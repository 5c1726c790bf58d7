import { createHash } from 'node:crypto';
import { MANUAL_DEPOSIT_GATEWAY, type ManualDeposit, type ManualDepositFields } from '@playfront/contract/console-backoffice';
import { SYSTEM_ACCOUNT_TYPE } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { newOrderNo } from '../funds/deposit.service.ts';
import { ensureAccount, postTransfers } from '../ledger/ledger.service.ts';
import { publishLive } from '../live/live-bus.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import type { ManualDepositRow } from './backoffice.table.ts';
import { iso, str } from './console-http.ts';
import { brandThresholds } from './thresholds.service.ts';

export type ProofImage = { mime: 'image/png' | 'image/jpeg'; bytes: Buffer };

type Joined = Omit<ManualDepositRow, 'proof'> & { member_username: string; requested_by_name: string; decided_by_name: string | null };

const toManualDeposit = (d: Joined): ManualDeposit => ({
  id: str(d.id),
  memberId: String(d.member_id),
  memberUsername: d.member_username,
  amount: str(d.amount),
  currency: d.currency,
  reference: d.reference,
  reason: d.reason,
  status: d.status,
  needsSecondApproval: d.needs_second_approval,
  requestedBy: d.requested_by_name,
  requestedAt: new Date(d.requested_at).toISOString(),
  decidedBy: d.decided_by_name,
  decidedAt: iso(d.decided_at),
  decisionReason: d.decision_reason,
  orderNo: d.order_no,
});

function manualDepositsQuery(db: Db, brandId: number) {
  return db
    .selectFrom('manual_deposit as d')
    .innerJoin('member as m', 'm.id', 'd.member_id')
    .innerJoin('staff as r', 'r.id', 'd.requested_by')
    .leftJoin('staff as s', 's.id', 'd.decided_by')
    .select([
      'd.id',
      'd.brand_id',
      'd.member_id',
      'd.amount',
      'd.currency',
      'd.reference',
      'd.reason',
      'd.proof_mime',
      'd.proof_sha256',
      'd.status',
      'd.needs_second_approval',
      'd.idempotency_key',
      'd.requested_by',
      'd.requested_at',
      'd.decided_by',
      'd.decided_at',
      'd.decision_reason',
      'd.order_no',
      'm.username as member_username',
      'r.username as requested_by_name',
      's.username as decided_by_name',
    ])
    .where('d.brand_id', '=', brandId);
}

export async function listManualDeposits(
  db: Db,
  brandId: number,
  query: { status?: ManualDeposit['status'] | undefined; pageNo: number; pageSize: number },
) {
  let q = manualDepositsQuery(db, brandId);
  if (query.status) q = q.where('d.status', '=', query.status);
  const rows = await q
    .orderBy('d.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  let c = db.selectFrom('manual_deposit').select(sql<string>`count(*)`.as('n')).where('brand_id', '=', brandId);
  if (query.status) c = c.where('status', '=', query.status);
  const { n } = await c.executeTakeFirstOrThrow();
  return { list: rows.map(toManualDeposit), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

async function loadManualDeposit(db: Db, brandId: number, id: bigint | string): Promise<ManualDeposit> {
  return toManualDeposit(await manualDepositsQuery(db, brandId).where('d.id', '=', BigInt(id)).executeTakeFirstOrThrow());
}

export async function manualDepositProof(db: Db, brandId: number, id: string) {
  const row = await db
    .selectFrom('manual_deposit')
    .select(['proof_mime', 'proof'])
    .where('id', '=', BigInt(id))
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export type ManualCredit = { memberId: number; orderNo: string; amount: bigint; currency: string };

/**
 * The credit of an approved manual deposit, inside the caller's transaction: a PAID deposit order of gateway MANUAL
 * (so it is listed, reported and reconciled like any deposit: unreconciledDeposits finds its transfer under scope
 * `deposit:MANUAL`, key = the order's txn id) and one ledger transfer PAYMENT_CLEARING(MANUAL) → member wallet of
 * kind DEPOSIT through the one posting path, whose idempotency key is the manual deposit's id: it posts once.
 */
async function applyManualDeposit(trx: Db, d: ManualDepositRow, now: Date): Promise<ManualCredit> {
  const orderNo = newOrderNo();
  const txn = `manual-${str(d.id)}`;
  await trx
    .insertInto('deposit_order')
    .values({
      order_no: orderNo,
      brand_id: d.brand_id,
      member_id: d.member_id,
      channel_code: MANUAL_DEPOSIT_GATEWAY,
      gateway: MANUAL_DEPOSIT_GATEWAY,
      amount: BigInt(d.amount),
      currency: d.currency,
      status: 'PAID',
      gateway_payment_id: d.reference,
      gateway_txn_id: txn,
      created_at: now,
      expires_at: now,
      paid_at: now,
      updated_at: now,
    })
    .execute();
  const clearing = await ensureAccount(trx, { kind: 'PAYMENT_CLEARING', currency: d.currency, vendorCode: MANUAL_DEPOSIT_GATEWAY });
  const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: d.member_id, currency: d.currency });
  await postTransfers(trx, {
    scope: `deposit:${MANUAL_DEPOSIT_GATEWAY}`,
    idempotencyKey: txn,
    legs: [
      {
        from: clearing.id,
        to: wallet.id,
        amount: BigInt(d.amount),
        kind: 'DEPOSIT',
        reference: { orderNo, manualDepositId: str(d.id) },
      },
    ],
  });
  await insertMessage(trx, {
    memberId: d.member_id,
    type: 'DEPOSIT_ARRIVAL',
    amount: BigInt(d.amount),
    currency: d.currency,
    params: { orderNo },
    dedupeKey: `deposit-paid:${orderNo}`,
  });
  return { memberId: d.member_id, orderNo, amount: BigInt(d.amount), currency: d.currency };
}

function announce(app: FastifyInstance, credit: ManualCredit | null) {
  if (!credit) return;
  // The new balance reaches the member from the money outbox (live-balance-consumer.ts), as for gateway deposits.
  publishLive(app, credit.memberId, {
    type: 'DEPOSIT_ARRIVAL',
    amount: String(credit.amount),
    currency: credit.currency,
    orderNo: credit.orderNo,
    at: app.deps.now().toISOString(),
  });
}

/**
 * A manual deposit with its proof: at or under the brand's threshold it is credited at once; above it, it waits
 * PENDING for a different staff member. The same staff member repeating the same idempotency key gets the first
 * answer and nothing moves twice; the same key with other content (or another proof) is IDEMPOTENCY_CONFLICT.
 */
export async function requestManualDeposit(
  app: FastifyInstance,
  actor: AuditActor,
  input: ManualDepositFields,
  proof: ProofImage,
): Promise<ManualDeposit> {
  const { db, now } = app.deps;
  const at = now();
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  const amount = BigInt(input.amount);
  const sha = createHash('sha256').update(proof.bytes).digest('hex');
  const result = await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('member')
      .select(['id'])
      .where('id', '=', Number(input.memberId))
      .where('brand_id', '=', actor.brandId)
      .where('type', '!=', SYSTEM_ACCOUNT_TYPE)
      .executeTakeFirst();
    if (!member) throw new AppError('NOT_FOUND');
    const brand = await trx.selectFrom('brand').select('currency').where('id', '=', actor.brandId).executeTakeFirstOrThrow();
    const needs = amount > (await brandThresholds(trx, actor.brandId)).manualDeposit;
    const inserted = await trx
      .insertInto('manual_deposit')
      .values({
        brand_id: actor.brandId,
        member_id: member.id,
        amount,
        currency: brand.currency,
        reference: input.reference,
        reason: input.reason,
        proof_mime: proof.mime,
        proof_sha256: sha,
        proof: proof.bytes,
        status: 'PENDING',
        needs_second_approval: needs,
        idempotency_key: input.idempotencyKey,
        requested_by: staffId,
        requested_at: at,
      })
      .onConflict((oc) => oc.columns(['requested_by', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('manual_deposit')
        .selectAll()
        .where('requested_by', '=', staffId)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      const same =
        existing.member_id === member.id &&
        BigInt(existing.amount) === amount &&
        existing.reference === input.reference &&
        existing.reason === input.reason &&
        existing.proof_sha256 === sha;
      if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { id: existing.id, credit: null };
    }
    let credit: ManualCredit | null = null;
    let row = inserted;
    if (!needs) {
      credit = await applyManualDeposit(trx, inserted, at);
      row = await trx
        .updateTable('manual_deposit')
        .set({ status: 'APPLIED', decided_by: staffId, decided_at: at, order_no: credit.orderNo })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await withAudit(
      trx,
      actor,
      'manual_deposit.request',
      { type: 'manual_deposit', id: str(row.id) },
      null,
      {
        memberId: member.id,
        amount: str(row.amount),
        reference: row.reference,
        reason: row.reason,
        proofSha256: sha,
        status: row.status,
        orderNo: row.order_no,
      },
      at,
    );
    return { id: row.id, credit };
  });
  announce(app, result.credit);
  return loadManualDeposit(db, actor.brandId, result.id);
}

/** The second approval (a different staff member than the requester: checked here and by a CHECK) or a rejection. */
export async function decideManualDeposit(
  app: FastifyInstance,
  actor: AuditActor,
  id: string,
  decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
): Promise<ManualDeposit> {
  const { db, now } = app.deps;
  const at = now();
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  const credit = await db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('manual_deposit')
      .selectAll()
      .where('id', '=', BigInt(id))
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) throw new AppError('NOT_FOUND');
    if (d.status !== 'PENDING') throw new AppError('MANUAL_DEPOSIT_NOT_PENDING');
    if (decision.kind === 'approve' && d.requested_by === staffId) throw new AppError('STAFF_SAME_APPROVER');
    const credit = decision.kind === 'approve' ? await applyManualDeposit(trx, d, at) : null;
    await trx
      .updateTable('manual_deposit')
      .set({
        status: decision.kind === 'approve' ? 'APPLIED' : 'REJECTED',
        decided_by: staffId,
        decided_at: at,
        decision_reason: decision.kind === 'reject' ? decision.reason : null,
        order_no: credit?.orderNo ?? null,
      })
      .where('id', '=', d.id)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    await withAudit(
      trx,
      actor,
      decision.kind === 'approve' ? 'manual_deposit.approve' : 'manual_deposit.reject',
      { type: 'manual_deposit', id },
      { status: d.status },
      {
        status: decision.kind === 'approve' ? 'APPLIED' : 'REJECTED',
        orderNo: credit?.orderNo ?? null,
        ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
      },
      at,
    );
    return credit;
  });
  announce(app, credit);
  return loadManualDeposit(db, actor.brandId, id);
}
