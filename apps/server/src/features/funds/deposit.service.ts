import { randomBytes } from 'node:crypto';
import type { DepositOrder } from '@playfront/contract/funds';
import { depositReturnPath, FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { ensureAccount, postTransfers, withTransactionRetry } from '../ledger/ledger.service.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { assertDepositAllowed } from '../protection/protection.service.ts';
import type { DepositOrderRow } from './funds.table.ts';
import type { PaymentEvent, PaymentGateway } from './payment-gateway.ts';

/** Order numbers: 'D' + 20 characters of Crockford base32, unguessable and safe in a URL. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newOrderNo(): string {
  const bytes = randomBytes(20);
  let out = 'D';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}

export function toDepositOrder(row: DepositOrderRow): DepositOrder {
  return {
    orderNo: row.order_no,
    channelCode: row.channel_code,
    amount: String(row.amount),
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
  };
}

export type CreateDepositInput = {
  brandId: number;
  memberId: number;
  channelCode: string;
  amount: bigint;
  lang: 'en' | 'bn';
  now: Date;
  orderMs: number;
  /** A deposit promotion the member picked (checked by the promotions service). */
  promotionId?: number | null;
};

export async function createDepositOrder(
  db: Db,
  gateways: ReadonlyMap<string, PaymentGateway>,
  input: CreateDepositInput,
): Promise<{ order: DepositOrderRow; payUrl: string }> {
  const channel = await db
    .selectFrom('deposit_channel')
    .selectAll()
    .where('brand_id', '=', input.brandId)
    .where('code', '=', input.channelCode)
    .where('active', '=', true)
    .executeTakeFirst();
  const gateway = channel ? gateways.get(channel.gateway) : undefined;
  if (!channel || !gateway) throw new AppError('DEPOSIT_CHANNEL_UNAVAILABLE');
  if (input.amount < channel.min_amount || input.amount > channel.max_amount) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { value: { min: String(channel.min_amount), max: String(channel.max_amount) } });
  }
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', input.brandId).executeTakeFirstOrThrow();
  const orderNo = newOrderNo();
  const expiresAt = new Date(input.now.getTime() + input.orderMs);
  // The member's own deposit limits and any cool-off or self-exclusion (issue 18), checked under the member's
  // protection row lock in the transaction that records the order, so two orders cannot both fit in one limit.
  const order = await db.transaction().execute(async (trx) => {
    await assertDepositAllowed(trx, input.memberId, input.amount, input.now);
    return trx
      .insertInto('deposit_order')
      .values({
        order_no: orderNo,
        brand_id: input.brandId,
        member_id: input.memberId,
        channel_code: channel.code,
        gateway: gateway.code,
        amount: input.amount,
        currency: brand.currency,
        created_at: input.now,
        updated_at: input.now,
        expires_at: expiresAt,
        promotion_id: input.promotionId ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const payment = await gateway.createPayment(db, {
    orderNo,
    amount: input.amount,
    currency: brand.currency,
    lang: input.lang,
    returnPath: depositReturnPath(orderNo),
    notifyPath: FUNDS_PATHS.sandboxWebhook,
    expiresAt,
  });
  const updated = await db
    .updateTable('deposit_order')
    .set({ gateway_payment_id: payment.paymentId })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { order: updated, payUrl: payment.payUrl };
}

/** Turns the member's pending orders past their time into EXPIRED (a late payment still lands: see applyPaymentEvent). */
/** Pending deposit orders past their expiry become EXPIRED, once per period (members also see it happen on read). */
export function depositExpiryJob(periodMs: number): PeriodicJob {
  return { name: 'deposit-expiry', periodMs, run: (trx, { now }) => expireDepositOrders(trx, now) };
}

export async function expireDepositOrders(db: Db, now: Date, memberId?: number): Promise<number> {
  let q = db
    .updateTable('deposit_order')
    .set({ status: 'EXPIRED', updated_at: now })
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now);
  if (memberId !== undefined) q = q.where('member_id', '=', memberId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type PaymentEventOutcome = {
  duplicate: boolean;
  /** What changed, for live push after commit. */
  effect: { kind: 'paid' | 'failed'; memberId: number; orderNo: string; amount: bigint; currency: string; balance?: bigint } | null;
};

/**
 * Applies a verified gateway report, exactly once:
 * - the event id is recorded first (a redelivery finds it and does nothing; a
 *   concurrent twin waits on the unique index and then does nothing);
 * - the order row is locked, so two different reports of one payment serialise;
 * - the credit's idempotency key is the gateway's transaction id, so even a
 *   bug elsewhere could not credit one transaction twice.
 * A paid report for an EXPIRED or FAILED-by-timeout order still credits: the payer's money did arrive.
 */
export async function applyPaymentEvent(db: Db, gateway: string, event: PaymentEvent, now: Date): Promise<PaymentEventOutcome> {
  return withTransactionRetry(() =>
    db.transaction().execute(async (trx): Promise<PaymentEventOutcome> => {
      const fresh = await trx
        .insertInto('payment_webhook_event')
        .values({ gateway, event_id: event.eventId })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if ((fresh.numInsertedOrUpdatedRows ?? 0n) === 0n) return { duplicate: true, effect: null };

      const order = await trx
        .selectFrom('deposit_order')
        .selectAll()
        .where('order_no', '=', event.orderNo)
        .where('gateway', '=', gateway)
        .forUpdate()
        .executeTakeFirst();
      if (!order) throw new AppError('NOT_FOUND');
      if (
        order.amount !== event.amount ||
        order.currency !== event.currency ||
        (order.gateway_payment_id ?? event.paymentId) !== event.paymentId
      ) {
        throw new AppError('VALIDATION');
      }
      if (order.status === 'PAID') return { duplicate: true, effect: null };

      if (event.status === 'FAILED') {
        if (order.status === 'FAILED') return { duplicate: true, effect: null };
        await trx
          .updateTable('deposit_order')
          .set({ status: 'FAILED', failure_reason: event.reason, updated_at: now })
          .where('id', '=', order.id)
          .execute();
        await insertMessage(trx, {
          memberId: order.member_id,
          type: 'DEPOSIT_FAILED',
          amount: order.amount,
          currency: order.currency,
          params: { orderNo: order.order_no },
          dedupeKey: `deposit-failed:${order.order_no}`,
        });
        return {
          duplicate: false,
          effect: { kind: 'failed', memberId: order.member_id, orderNo: order.order_no, amount: order.amount, currency: order.currency },
        };
      }

      const txn = event.transactionId as string;
      await trx
        .updateTable('deposit_order')
        .set({ status: 'PAID', gateway_txn_id: txn, paid_at: now, failure_reason: null, updated_at: now })
        .where('id', '=', order.id)
        .execute();
      const clearing = await ensureAccount(trx, { kind: 'PAYMENT_CLEARING', currency: order.currency, vendorCode: gateway });
      const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: order.member_id, currency: order.currency });
      const posting = await postTransfers(trx, {
        scope: `deposit:${gateway}`,
        idempotencyKey: txn,
        legs: [{ from: clearing.id, to: wallet.id, amount: order.amount, kind: 'DEPOSIT', reference: { orderNo: order.order_no } }],
      });
      await insertMessage(trx, {
        memberId: order.member_id,
        type: 'DEPOSIT_ARRIVAL',
        amount: order.amount,
        currency: order.currency,
        params: { orderNo: order.order_no },
        dedupeKey: `deposit-paid:${order.order_no}`,
      });
      return {
        duplicate: false,
        effect: {
          kind: 'paid',
          memberId: order.member_id,
          orderNo: order.order_no,
          amount: order.amount,
          currency: order.currency,
          balance: posting.transfers[0]?.toBalanceAfter,
        },
      };
    }),
  );
}

/** For tests and the audit of orders: PAID orders whose credit is missing or doubled (must be none). */
export async function unreconciledDeposits(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from deposit_order o
    where (o.status = 'PAID') <> exists (
      select 1 from ledger_transfer t
      where t.idempotency_scope = 'deposit:' || o.gateway and t.idempotency_key = o.gateway_txn_id and t.amount = o.amount)`.execute(db);
  return rows[0]?.n ?? 0;
}
