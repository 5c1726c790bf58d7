import type { PointType } from '@playfront/contract/points-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PointsConfigRow, PointsRewardRow } from './points.table.ts';

/** Plain functions over the points tables, `db` first (a transaction is just another `db`). */

export type PointsPostAnswer =
  | { outcome: 'APPLIED'; entryId: string; amount: string; balance: string }
  | { outcome: 'REPLAY'; entryId: string; amount: string; balance: string }
  | { outcome: 'INSUFFICIENT'; balance: string };

export type PointsPosting = {
  memberId: number;
  type: PointType;
  /** Signed: positive earns, negative spends (redeem, convert). */
  amount: bigint;
  /** The source event, unique across the points ledger: a second posting of it is a REPLAY with no effect. */
  sourceKey: string;
  reference?: Record<string, string>;
  at: Date;
};

/** One call of the database's `points_post`: lock the member's row, check, write balance and entry. */
export async function postPoints(db: Db, p: PointsPosting): Promise<PointsPostAnswer> {
  const { rows } = await sql<{ r: PointsPostAnswer }>`
    select points_post(${p.memberId}, ${p.type}, ${p.amount}, ${p.sourceKey}, ${JSON.stringify(p.reference ?? {})}::jsonb, ${p.at}) as r`.execute(
    db,
  );
  return rows[0]!.r;
}

export async function pointsBalance(db: Db, memberId: number): Promise<bigint> {
  const row = await db.selectFrom('points_balance').select('balance').where('member_id', '=', memberId).executeTakeFirst();
  return row?.balance ?? 0n;
}

export async function findConfig(db: Db, brandId: number): Promise<PointsConfigRow | undefined> {
  return db.selectFrom('points_config').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
}

export async function findReward(db: Db, brandId: number, rewardId: number): Promise<PointsRewardRow | undefined> {
  return db
    .selectFrom('points_reward')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('id', '=', rewardId)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** Units of each reward the member holds or is waiting for (in process or approved). */
export async function redeemedCounts(db: Db, memberId: number, rewardIds?: number[]): Promise<Map<number, number>> {
  let q = db
    .selectFrom('points_redemption')
    .select(['reward_id', sql<string>`sum(quantity)::text`.as('n')])
    .where('member_id', '=', memberId)
    .where('status', 'in', ['in_process', 'approved'])
    .groupBy('reward_id');
  if (rewardIds) {
    if (rewardIds.length === 0) return new Map();
    q = q.where('reward_id', 'in', rewardIds);
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.reward_id, Number(r.n)]));
}
