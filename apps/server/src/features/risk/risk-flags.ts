import type { RiskFlagKind } from '@playfront/contract/kyc-paths';
import type { Db } from '../../db/database.ts';
import { auditJson } from '../staff/audit.ts';

export type NewFlag = {
  brandId: number;
  memberId: number;
  kind: RiskFlagKind;
  /** The same pattern raises one flag: a repeat (another instance, a replayed outbox batch) inserts nothing. */
  dedupeKey: string;
  details: Record<string, unknown>;
  at: Date;
};

/** Records a risk flag once (unique dedupe_key); true when this call raised it. In the caller's transaction. */
export async function raiseFlag(db: Db, flag: NewFlag): Promise<boolean> {
  const inserted = await db
    .insertInto('risk_flag')
    .values({
      brand_id: flag.brandId,
      member_id: flag.memberId,
      kind: flag.kind,
      dedupe_key: flag.dedupeKey,
      details: auditJson(flag.details) as unknown as Record<string, unknown>,
      raised_at: flag.at,
      reviewed_by: null,
      reviewed_at: null,
      review_note: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Open flags per member (the withdrawal queue and the KYC review show them). */
export async function openFlagCounts(db: Db, memberIds: number[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (memberIds.length === 0) return map;
  const rows = await db
    .selectFrom('risk_flag')
    .select(['member_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('member_id', 'in', memberIds)
    .where('status', '=', 'OPEN')
    .groupBy('member_id')
    .execute();
  for (const r of rows) map.set(Number(r.member_id), Number(r.n));
  return map;
}
