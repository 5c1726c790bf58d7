import type { ErrorCode } from '@playfront/contract';
import type { BonusGrant } from '@playfront/contract/promotions';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { text } from '../promotions/promotion-rules.ts';
import type { BonusGrantRow, ParticipationState } from '../promotions/promotions.table.ts';

/**
 * Bonus money (issue 11, decision 026). Every grant, conversion and forfeit is one call of a database function
 * (migration 20261126T1200_bonus_money) that posts through ledger_post: one round trip, idempotent by its key.
 */

type IssueResult =
  | { outcome: 'APPLIED'; grantId: string; amount: string }
  | { outcome: 'REPLAY'; grantId: string }
  | { outcome: 'REFUSED'; code: ErrorCode };

export type IssueRequest = {
  participationId: bigint;
  amount: bigint;
  deposit: bigint;
  toState: Extract<ParticipationState, 'claimed' | 'issued'>;
  actor: 'member' | 'operator' | 'system';
  actorId: string | null;
  now: Date;
};

/** Issues the bonus of a participation (and the member's message); a repeat answers the first grant. Refusals are returned, not thrown. */
export async function issueBonus(db: Db, request: IssueRequest): Promise<IssueResult> {
  const { rows } = await sql<{ r: IssueResult }>`
    select bonus_issue(${request.participationId}, ${request.amount}, ${request.deposit}, ${request.toState},
      ${request.actor}, ${request.actorId}, ${request.now}) as r`.execute(db);
  return rows[0]!.r;
}

export function issueOrThrow(result: IssueResult): { grantId: string } {
  if (result.outcome === 'REFUSED') throw new AppError(result.code);
  return { grantId: result.grantId };
}

type EndResult =
  | { outcome: 'APPLIED'; state: string; converted: string; forfeited: string }
  | { outcome: 'ENDED'; state: string }
  | { outcome: 'REFUSED'; code: ErrorCode };

export type EndReason = NonNullable<BonusGrantRow['end_reason']>;

/** Ends an active grant: `converted` pays the rest (up to the cash-out cap) to the wallet; the others forfeit it. */
export async function endBonus(
  db: Db,
  grantId: bigint,
  state: 'converted' | 'forfeited' | 'expired',
  reason: EndReason,
  now: Date,
): Promise<EndResult> {
  // The message (converted or ended) is written by bonus_end itself: one statement.
  const { rows } = await sql<{ r: EndResult }>`select bonus_end(${grantId}, ${state}, ${reason}, ${now}) as r`.execute(db);
  return rows[0]!.r;
}

export async function activeGrantOf(db: Db, memberId: number): Promise<BonusGrantRow | undefined> {
  return db.selectFrom('bonus_grant').selectAll().where('member_id', '=', memberId).where('state', '=', 'active').executeTakeFirst();
}

/** The member cancels their active bonus: what is left goes back to the budget. */
export async function cancelBonus(db: Db, memberId: number, grantId: bigint, now: Date): Promise<bigint> {
  const grant = await db
    .selectFrom('bonus_grant')
    .select(['id', 'state'])
    .where('id', '=', grantId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!grant) throw new AppError('BONUS_NOT_FOUND');
  if (grant.state !== 'active') throw new AppError('PROMOTION_WRONG_STATE');
  const result = await endBonus(db, grantId, 'forfeited', 'cancelled', now);
  if (result.outcome !== 'APPLIED') throw new AppError('PROMOTION_WRONG_STATE');
  return BigInt(result.forfeited);
}

/** A withdrawal while a bonus is active forfeits it, once the member said so. */
export async function forfeitForWithdrawal(db: Db, memberId: number, accepted: boolean, now: Date): Promise<void> {
  const grant = await activeGrantOf(db, memberId);
  if (!grant) return;
  if (!accepted) throw new AppError('BONUS_FORFEIT_REQUIRED', { value: { grantId: String(grant.id) } });
  await endBonus(db, grant.id, 'forfeited', 'withdrawal', now);
}

export async function bonusDetails(
  db: Db,
  memberId: number,
  lang: 'en' | 'bn',
): Promise<{ active: BonusGrant | null; history: BonusGrant[] }> {
  const rows = await db
    .selectFrom('bonus_grant as g')
    .innerJoin('promotion as p', 'p.id', 'g.promotion_id')
    .selectAll('g')
    .select(['p.code', 'p.title'])
    .where('g.member_id', '=', memberId)
    .orderBy('g.id', 'desc')
    .limit(50)
    .execute();
  const bonusBalance = await db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', 'MEMBER_BONUS')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const grants = rows.map((row) =>
    toBonusGrant(row, row.code, text(row.title, lang), row.state === 'active' ? (bonusBalance?.balance ?? 0n) : 0n),
  );
  return { active: grants.find((g) => g.state === 'active') ?? null, history: grants.filter((g) => g.state !== 'active') };
}

export function toBonusGrant(row: BonusGrantRow, code: string, title: string, remaining: bigint): BonusGrant {
  return {
    id: String(row.id),
    promotionCode: code,
    title,
    currency: row.currency,
    amount: String(row.amount),
    remaining: String(remaining),
    depositAmount: String(row.deposit_amount),
    wageringRequired: String(row.wagering_required),
    wagered: String(row.wagered),
    contribution: row.contribution as unknown as Record<string, number>,
    maxBet: row.max_bet === null ? null : String(row.max_bet),
    maxCashout: row.max_cashout === null ? null : String(row.max_cashout),
    state: row.state,
    endReason: row.end_reason,
    convertedAmount: String(row.converted_amount),
    forfeitedAmount: String(row.forfeited_amount),
    issuedAt: row.issued_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}
