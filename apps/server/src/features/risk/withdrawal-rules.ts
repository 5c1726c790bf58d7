import { createHash } from 'node:crypto';
import type { WithdrawalMethod } from '@playfront/contract/funds-paths';
import { RISK_BONUS_WINDOW_DAYS } from '@playfront/contract/kyc-paths';
import { samePayeeName } from '@playfront/contract/security-paths';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { approvedKycOf } from '../kyc/kyc.repository.ts';
import { raiseFlag } from './risk-flags.ts';
import { type BrandRiskRules, rulesOf } from './risk-rules.ts';
import { type TurnoverState, turnoverNow } from './turnover-consumer.ts';

export type WithdrawalAsk = { brandId: number; memberId: number; amount: bigint; accountName: string };
export type WithdrawalRuleFacts = { rules: BrandRiskRules; turnover: TurnoverState };

/**
 * The brand's withdrawal rules (issue 18), checked before anything is written, so a refusal changes nothing:
 * - a verified member is paid only to an account in the verified name (KYC_NAME_MISMATCH);
 * - without an approved KYC: refused above the brand's threshold, or when it is the member's first withdrawal and
 *   the brand asks for KYC before the first (KYC_REQUIRED, with which rule and the threshold);
 * - the deposits' turnover must be played (TURNOVER_NOT_MET with what is left).
 */
export async function checkWithdrawalRules(db: Db, ask: WithdrawalAsk): Promise<WithdrawalRuleFacts> {
  const rules = await rulesOf(db, ask.brandId);
  const kyc = await approvedKycOf(db, ask.memberId);
  if (kyc && !samePayeeName(kyc.full_name, ask.accountName)) {
    throw new AppError('KYC_NAME_MISMATCH', { fields: { accountName: { key: 'errors.kycNameMismatch' } } });
  }
  if (!kyc) {
    if (rules.kycWithdrawalAbove !== null && ask.amount > rules.kycWithdrawalAbove) {
      throw new AppError('KYC_REQUIRED', { value: { rule: 'ABOVE', above: String(rules.kycWithdrawalAbove) } });
    }
    if (rules.kycFirstWithdrawal) {
      const earlier = await db
        .selectFrom('withdrawal_order')
        .select('id')
        .where('member_id', '=', ask.memberId)
        .where('status', '<>', 'REJECTED')
        .limit(1)
        .executeTakeFirst();
      if (!earlier) throw new AppError('KYC_REQUIRED', { value: { rule: 'FIRST', above: null } });
    }
  }
  const turnover = await turnoverNow(db, ask.memberId, rules.turnoverBps);
  if (rules.turnoverBps > 0 && turnover.remaining > 0n) {
    throw new AppError('TURNOVER_NOT_MET', { value: { left: String(turnover.remaining) } });
  }
  return { rules, turnover };
}

export type PlacedWithdrawal = {
  brandId: number;
  memberId: number;
  orderNo: string;
  amount: bigint;
  method: WithdrawalMethod;
  accountNumber: string;
  at: Date;
};

/**
 * The withdrawal's risk flags, in the transaction that creates the order (a refused or failed withdrawal raises none):
 * one payment account used by several members, a withdrawal after little play since the last deposit, and a bonus
 * claimed within 7 days and hardly played before withdrawing.
 */
export async function raiseWithdrawalFlags(trx: Db, w: PlacedWithdrawal, facts: WithdrawalRuleFacts): Promise<void> {
  const others = await trx
    .selectFrom('withdrawal_order as o')
    .innerJoin('member as m', 'm.id', 'o.member_id')
    .select('m.username')
    .distinct()
    .where('o.method', '=', w.method)
    .where('o.account_number', '=', w.accountNumber)
    .where('o.member_id', '<>', w.memberId)
    .where('m.brand_id', '=', w.brandId)
    .limit(20)
    .execute();
  if (others.length > 0) {
    const account = createHash('sha256').update(`${w.method}\n${w.accountNumber}`).digest('hex').slice(0, 24);
    await raiseFlag(trx, {
      brandId: w.brandId,
      memberId: w.memberId,
      kind: 'SHARED_PAYMENT_ACCOUNT',
      dedupeKey: `shared-account:${w.memberId}:${account}`,
      details: { method: w.method, accountLast4: w.accountNumber.slice(-4), members: others.map((o) => o.username), orderNo: w.orderNo },
      at: w.at,
    });
  }
  const { turnover, rules } = facts;
  if (turnover.lastDeposit > 0n && turnover.playedSinceDeposit * 10_000n < turnover.lastDeposit * BigInt(rules.littlePlayBps)) {
    await raiseFlag(trx, {
      brandId: w.brandId,
      memberId: w.memberId,
      kind: 'LITTLE_PLAY_WITHDRAWAL',
      dedupeKey: `little-play:${w.orderNo}`,
      details: {
        orderNo: w.orderNo,
        amount: String(w.amount),
        lastDeposit: String(turnover.lastDeposit),
        playedSinceDeposit: String(turnover.playedSinceDeposit),
      },
      at: w.at,
    });
  }
  const since = new Date(w.at.getTime() - RISK_BONUS_WINDOW_DAYS * 86_400_000);
  const grant = await trx
    .selectFrom('bonus_grant')
    .select(['id', 'amount', 'wagered', 'wagering_required', 'issued_at'])
    .where('member_id', '=', w.memberId)
    .where('issued_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (grant && BigInt(grant.wagered) * 10_000n < BigInt(grant.wagering_required) * BigInt(rules.littlePlayBps)) {
    await raiseFlag(trx, {
      brandId: w.brandId,
      memberId: w.memberId,
      kind: 'BONUS_HUNTING',
      // One flag per hunted bonus: the withdrawals that follow it are the same pattern, not a new one (decision 051).
      dedupeKey: `bonus-hunting:${grant.id}`,
      details: {
        orderNo: w.orderNo,
        grantId: String(grant.id),
        bonus: String(grant.amount),
        wagered: String(grant.wagered),
        wageringRequired: String(grant.wagering_required),
      },
      at: w.at,
    });
  }
}
