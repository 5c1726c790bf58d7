import type { ErrorCode } from '@playfront/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JsonObject, LedgerTransferKind } from '../ledger/ledger.table.ts';

/**
 * The one way a reward (rebate, cashback, mission, red envelope, wheel, egg, raffle) is paid: one statement,
 * `reward_pay` (migration 20261127T1000), idempotent by `key`. Cash moves from the brand's BONUS budget to the
 * member's wallet as `kind`; bonus money (`bonusPromotionId` given) is issued as a grant of that promotion, with its
 * wagering, through `bonus_issue`. Call it inside the transaction that records the reward, so both land or neither.
 */
export type RewardPayment = {
  memberId: number;
  currency: string;
  /** Minor units, > 0. */
  amount: bigint;
  /** The ledger movement of a cash payment. */
  kind: Extract<
    LedgerTransferKind,
    'REBATE' | 'CASHBACK' | 'MISSION_REWARD' | 'RED_ENVELOPE' | 'WHEEL_PRIZE' | 'EGG_PRIZE' | 'RAFFLE_PRIZE' | 'REFERRAL_REWARD'
  >;
  /** Unique per payment across all rewards, e.g. `rebate:<member>:<period>`; a repeat pays nothing again. */
  key: string;
  reference?: JsonObject;
  /** Pay as bonus money of this promotion (its wagering, budget and validity) instead of cash. */
  bonusPromotionId?: number | null;
  now: Date;
};

export type RewardOutcome =
  | { outcome: 'PAID' | 'REPLAY'; as: 'CASH'; transferId: string }
  | { outcome: 'PAID' | 'REPLAY'; as: 'BONUS'; grantId: string }
  /** Only for bonus payments; the participation stays claimable. */
  | { outcome: 'REFUSED'; code: ErrorCode };

export async function payReward(db: Db, p: RewardPayment): Promise<RewardOutcome> {
  const { rows } = await sql<{ r: RewardOutcome }>`
    select reward_pay(${p.memberId}, ${p.currency}, ${p.amount}, ${p.kind}, ${p.key}, ${JSON.stringify(p.reference ?? {})}::jsonb,
      ${p.bonusPromotionId ?? null}::integer, ${p.now}) as r`.execute(db);
  return rows[0]!.r;
}
