import { createHash, randomBytes } from 'node:crypto';
import type { CreateWithdrawalBody, Withdrawal } from '@playfront/contract/funds';
import { samePayeeName } from '@playfront/contract/security-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { activeGrantOf, endBonus } from '../bonus/bonus.service.ts';
import { ensureAccount, postTransfers, withTransactionRetry } from '../ledger/ledger.service.ts';
import { vipPerks } from '../loyalty/vip.service.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { checkWithdrawalRules, raiseWithdrawalFlags } from '../risk/withdrawal-rules.ts';
import type { Limit } from '../session/abuse-limits.ts';
import type { WithdrawalOrderRow } from './funds.table.ts';
import { forMember } from './member-facing-error.ts';
import { checkPaymentPassword } from './payment-password.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function newWithdrawalNo(): string {
  let out = 'W';
  for (const b of randomBytes(20)) out += ALPHABET[b & 31];
  return out;
}

/** The account number as the member sees it afterwards: only the last 4 characters. */
export const maskAccount = (n: string) => (n.length <= 4 ? n : `${'*'.repeat(n.length - 4)}${n.slice(-4)}`);

export function toWithdrawal(row: WithdrawalOrderRow, confirmation: Withdrawal['confirmation'] = null): Withdrawal {
  return {
    orderNo: row.order_no,
    amount: String(row.amount),
    currency: row.currency,
    method: row.method,
    accountName: row.account_name,
    accountNumber: maskAccount(row.account_number),
    bankName: row.bank_name,
    status: row.status,
    rejectReason: row.reject_reason,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    confirmation,
  };
}

/** Payout leg target: the payment clearing account used for withdrawals. */
export const PAYOUT_CLEARING_CODE = 'payout';

export type RequestWithdrawalInput = {
  brandId: number;
  memberId: number;
  body: CreateWithdrawalBody;
  limits: { min: bigint; max: bigint };
  now: Date;
  /** Counts wrong payment passwords (the app's abuse limit, shared by every PIN check). */
  paymentPasswordFailures: Limit;
};

/**
 * Creates the order and holds the money (MEMBER_WALLET → WITHDRAWAL_HOLD) in one
 * transaction: either both exist or neither. The client's requestId makes a
 * resend return the first order; a resend with other content is refused.
 * INSUFFICIENT_FUNDS leaves nothing behind, so the member can retry after a deposit.
 */
export async function requestWithdrawal(db: Db, input: RequestWithdrawalInput): Promise<{ order: WithdrawalOrderRow; replayed: boolean }> {
  const { body, memberId } = input;
  const amount = BigInt(body.amount);
  // The password is not part of the fingerprint: it is checked, never stored.
  const requestHash = createHash('sha256')
    .update(JSON.stringify([body.amount, body.method, body.accountName, body.accountNumber, body.bankName ?? null]))
    .digest('hex');
  const existing = await db
    .selectFrom('withdrawal_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('request_id', '=', body.requestId)
    .executeTakeFirst();
  if (existing) {
    if (existing.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { order: existing, replayed: true };
  }
  // Paid only to the member's own account: its name must be the payee name set in the security centre (issue 15).
  const payee = await db.selectFrom('member').select('full_name').where('id', '=', memberId).executeTakeFirst();
  if (payee?.full_name && !samePayeeName(payee.full_name, body.accountName))
    throw new AppError('PAYEE_NAME_MISMATCH', { fields: { accountName: { key: 'errors.payeeNameMismatch' } } });
  await checkPaymentPassword(db, input.paymentPasswordFailures, memberId, body.paymentPassword);
  if (amount < input.limits.min || amount > input.limits.max) {
    throw new AppError('AMOUNT_OUT_OF_RANGE', { value: { min: String(input.limits.min), max: String(input.limits.max) } });
  }
  // Withdrawing forfeits an active bonus (decision 026): the member must have said yes to that.
  const bonus = await activeGrantOf(db, memberId);
  if (bonus && body.forfeitBonus !== true) throw new AppError('BONUS_FORFEIT_REQUIRED', { value: { grantId: String(bonus.id) } });
  // The brand's KYC and turnover rules (issue 18, decision 044): refused before anything is written.
  const ruleFacts = await checkWithdrawalRules(db, { brandId: input.brandId, memberId, amount, accountName: body.accountName });
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', input.brandId).executeTakeFirstOrThrow();
  return withTransactionRetry(() =>
    db.transaction().execute(async (trx) => {
      await checkDailyLimit(trx, memberId, amount, input.now);
      const inserted = await trx
        .insertInto('withdrawal_order')
        .values({
          order_no: newWithdrawalNo(),
          brand_id: input.brandId,
          member_id: memberId,
          request_id: body.requestId,
          request_hash: requestHash,
          amount,
          currency: brand.currency,
          method: body.method,
          account_name: body.accountName,
          account_number: body.accountNumber,
          bank_name: body.bankName ?? null,
          created_at: input.now,
          // Never paid to this account before: the operator sees the flag and checks the payee (a stolen PIN
          // would send money to an account of the thief's).
          new_payee: sql<boolean>`not exists (
            select 1 from withdrawal_order paid where paid.member_id = ${memberId} and paid.method = ${body.method}
              and paid.account_number = ${body.accountNumber} and paid.status = 'APPROVED')`,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        // A concurrent twin committed first (we waited on the unique index): answer with its order.
        const twin = await trx
          .selectFrom('withdrawal_order')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('request_id', '=', body.requestId)
          .executeTakeFirstOrThrow();
        if (twin.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
        return { order: twin, replayed: true };
      }
      const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId, currency: brand.currency });
      const hold = await ensureAccount(trx, { kind: 'WITHDRAWAL_HOLD', memberId, currency: brand.currency });
      // Throws INSUFFICIENT_FUNDS out of the transaction: the order row goes with it.
      await postTransfers(trx, {
        scope: 'withdrawal-hold',
        idempotencyKey: inserted.order_no,
        legs: [{ from: wallet.id, to: hold.id, amount, kind: 'WITHDRAWAL_HOLD', reference: { orderNo: inserted.order_no } }],
      });
      // In the same transaction as the hold: the withdrawal and the forfeit happen together or not at all.
      if (bonus) await endBonus(trx, bonus.id, 'forfeited', 'withdrawal', input.now);
      // Risk flags of this withdrawal (shared payment account, little play, bonus hunting), with the order or not at all.
      await raiseWithdrawalFlags(
        trx,
        {
          brandId: input.brandId,
          memberId,
          orderNo: inserted.order_no,
          amount,
          method: body.method,
          accountNumber: body.accountNumber,
          at: input.now,
        },
        ruleFacts,
      );
      return { order: inserted, replayed: false };
    }),
  ).catch(forMember);
}

/** The member's VIP level's daily withdrawal limit and what is left of it today (UTC); null when the brand runs no VIP. */
export async function dailyWithdrawalRoom(db: Db, memberId: number, now: Date): Promise<{ limit: bigint; left: bigint } | null> {
  const perks = await vipPerks(db, memberId);
  if (!perks) return null;
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { used } = await db
    .selectFrom('withdrawal_order')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('used'))
    .where('member_id', '=', memberId)
    .where('status', '<>', 'REJECTED')
    .where('created_at', '>=', dayStart)
    .executeTakeFirstOrThrow();
  const left = perks.dailyWithdrawalLimit - BigInt(used);
  return { limit: perks.dailyWithdrawalLimit, left: left > 0n ? left : 0n };
}

/**
 * Today's orders that were not rejected plus this one stay within the daily limit (decision 028). The member row is
 * locked first, so two requests of one member racing past the check cannot both pass.
 */
async function checkDailyLimit(trx: Db, memberId: number, amount: bigint, now: Date): Promise<void> {
  await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
  const room = await dailyWithdrawalRoom(trx, memberId, now);
  if (room && amount > room.left) {
    throw new AppError('WITHDRAW_DAILY_LIMIT', { value: { limit: String(room.limit), left: String(room.left) } });
  }
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/**
 * An operator's decision, exactly once: the conditional UPDATE lets one of two
 * racing operators win (the other gets WITHDRAWAL_NOT_PENDING), and both
 * decisions post under the same ledger key, so even without the row check an
 * approve and a reject could never both move the money. The same decision sent
 * again (an operator's retry after a lost answer) is answered with the order as
 * it stands, `repeated`, and changes nothing.
 */
export async function decideWithdrawal(
  db: Db,
  orderNo: string,
  decision: Decision,
  operator: string,
  now: Date,
  /** Runs inside the decision's transaction once the decision is made (not on a repeat): the console's audit row and two-person check; a throw undoes the decision. */
  inTransaction?: (trx: Db, order: WithdrawalOrderRow) => Promise<void>,
): Promise<{ order: WithdrawalOrderRow; balance: bigint | null; repeated: boolean }> {
  return withTransactionRetry(() =>
    db.transaction().execute(async (trx) => {
      const order = await trx
        .updateTable('withdrawal_order')
        .set({
          status: decision.kind === 'approve' ? 'APPROVED' : 'REJECTED',
          reject_reason: decision.kind === 'reject' ? decision.reason : null,
          decided_by: operator,
          decided_at: now,
        })
        .where('order_no', '=', orderNo)
        .where('status', '=', 'PENDING')
        .returningAll()
        .executeTakeFirst();
      if (!order) {
        const existing = await trx.selectFrom('withdrawal_order').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
        if (!existing) throw new AppError('NOT_FOUND');
        if (existing.status === (decision.kind === 'approve' ? 'APPROVED' : 'REJECTED')) {
          return { order: existing, balance: null, repeated: true };
        }
        throw new AppError('WITHDRAWAL_NOT_PENDING');
      }
      const hold = await ensureAccount(trx, { kind: 'WITHDRAWAL_HOLD', memberId: order.member_id, currency: order.currency });
      const to =
        decision.kind === 'approve'
          ? await ensureAccount(trx, { kind: 'PAYMENT_CLEARING', currency: order.currency, vendorCode: PAYOUT_CLEARING_CODE })
          : await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: order.member_id, currency: order.currency });
      const posting = await postTransfers(trx, {
        scope: 'withdrawal-decision',
        idempotencyKey: order.order_no,
        legs: [
          {
            from: hold.id,
            to: to.id,
            amount: order.amount,
            kind: decision.kind === 'approve' ? 'WITHDRAWAL_PAYOUT' : 'WITHDRAWAL_RELEASE',
            reference: { orderNo: order.order_no },
          },
        ],
      });
      await insertMessage(trx, {
        memberId: order.member_id,
        type: decision.kind === 'approve' ? 'WITHDRAW_APPROVED' : 'WITHDRAW_REJECTED',
        amount: order.amount,
        currency: order.currency,
        params: decision.kind === 'reject' ? { orderNo: order.order_no, reason: decision.reason } : { orderNo: order.order_no },
        dedupeKey: `withdrawal-decided:${order.order_no}`,
      });
      await inTransaction?.(trx, order);
      const walletBalance = decision.kind === 'reject' ? (posting.transfers[0]?.toBalanceAfter ?? null) : null;
      return { order, balance: walletBalance, repeated: false };
    }),
  );
}
