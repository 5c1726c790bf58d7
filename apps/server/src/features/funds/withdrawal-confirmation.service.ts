import type { Withdrawal } from '@playfront/contract/funds';
import type { WithdrawalOutcome } from '@playfront/contract/funds-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type JobOutcome, type PeriodicJob, runJobOnce } from '../../infra/jobs/job-runner.ts';

export type Confirmation = NonNullable<Withdrawal['confirmation']>;

/** The confirmations (with proof ids) of these withdrawals. */
export async function loadConfirmations(db: Db, withdrawalIds: bigint[]): Promise<Map<bigint, Confirmation>> {
  const out = new Map<bigint, Confirmation>();
  if (withdrawalIds.length === 0) return out;
  const rows = await db.selectFrom('withdrawal_confirmation').selectAll().where('withdrawal_id', 'in', withdrawalIds).execute();
  const proofs = await db
    .selectFrom('withdrawal_proof')
    .select(['id', 'withdrawal_id'])
    .where('withdrawal_id', 'in', withdrawalIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    out.set(r.withdrawal_id, {
      outcome: r.outcome,
      forced: r.forced,
      note: r.note,
      at: r.confirmed_at.toISOString(),
      proofIds: proofs.filter((p) => p.withdrawal_id === r.withdrawal_id).map((p) => String(p.id)),
    });
  }
  return out;
}

export type ProofFile = { mime: 'image/png' | 'image/jpeg'; bytes: Buffer };

/**
 * The member's answer about an approved withdrawal, once. The primary key on
 * the confirmation makes the member and the auto-receipt job race safely: the
 * first to insert wins, and a forced receipt is final.
 */
export async function confirmWithdrawal(
  db: Db,
  input: { memberId: number; orderNo: string; outcome: WithdrawalOutcome; note: string | null; files: ProofFile[]; now: Date },
): Promise<bigint> {
  if (input.outcome === 'NOT_RECEIVED' && input.files.length === 0) throw new AppError('PROOF_REQUIRED');
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('withdrawal_order')
      .select(['id', 'status'])
      .where('order_no', '=', input.orderNo)
      .where('member_id', '=', input.memberId)
      .executeTakeFirst();
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status !== 'APPROVED') throw new AppError('CONFIRMATION_CLOSED');
    const inserted = await trx
      .insertInto('withdrawal_confirmation')
      .values({ withdrawal_id: order.id, outcome: input.outcome, note: input.note, confirmed_at: input.now })
      .onConflict((oc) => oc.column('withdrawal_id').doNothing())
      .returning('withdrawal_id')
      .executeTakeFirst();
    if (!inserted) throw new AppError('CONFIRMATION_CLOSED');
    for (const f of input.files) {
      await trx
        .insertInto('withdrawal_proof')
        .values({ withdrawal_id: order.id, mime: f.mime, size: f.bytes.length, bytes: f.bytes })
        .execute();
    }
    return order.id;
  });
}

export const AUTO_RECEIPT_JOB = 'withdrawal-auto-receipt';

/** Counts approved withdrawals unanswered for `afterMs` as received (forced), once per period across all instances. */
export function autoReceiptJob(afterMs: number, periodMs = 60_000): PeriodicJob {
  return {
    name: AUTO_RECEIPT_JOB,
    periodMs,
    async run(trx, { now }) {
      const cutoff = new Date(now.getTime() - afterMs);
      const result = await sql`
        insert into withdrawal_confirmation (withdrawal_id, outcome, forced, confirmed_at)
        select o.id, 'RECEIVED', true, ${now} from withdrawal_order o
        where o.status = 'APPROVED' and o.decided_at <= ${cutoff}
          and not exists (select 1 from withdrawal_confirmation c where c.withdrawal_id = o.id)
        on conflict (withdrawal_id) do nothing`.execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}

/** One period of the auto-receipt job (what the runner does at each tick). */
export function runAutoReceipt(db: Db, now: Date, afterMs: number, periodMs = 60_000): Promise<JobOutcome> {
  return runJobOnce(db, autoReceiptJob(afterMs, periodMs), now);
}
