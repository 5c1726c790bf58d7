import type { OpsPromotionBody } from '@playfront/contract/promotions';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PromotionRow, PromotionTable } from './promotions.table.ts';

/** A promotion as the operator writes it: the body's fields to columns (amounts to bigint, texts to jsonb). */
export function promotionColumns(brandId: number, body: OpsPromotionBody, now: Date): Insertable<PromotionTable> {
  return {
    brand_id: brandId,
    code: body.code,
    category: body.category,
    title: JSON.stringify(body.title),
    summary: JSON.stringify(body.summary),
    rules_html: JSON.stringify(body.rulesHtml),
    banner_theme: body.bannerTheme,
    starts_at: new Date(body.startsAt),
    ends_at: body.endsAt ? new Date(body.endsAt) : null,
    audience: body.audience,
    audience_vip_level: body.audienceVipLevel,
    audience_agent_id: body.audienceAgentId,
    new_member_days: body.newMemberDays,
    weekdays: body.weekdays,
    entry: body.entry,
    trigger: body.trigger,
    min_deposit: BigInt(body.minDeposit),
    reward_kind: body.rewardKind,
    reward_amount: BigInt(body.rewardAmount),
    reward_bps: body.rewardBps,
    reward_cap: body.rewardCap === null ? null : BigInt(body.rewardCap),
    wagering_base: body.wageringBase,
    wagering_multiplier: body.wageringMultiplier,
    contribution: JSON.stringify(body.contribution),
    max_bet: body.maxBet === null ? null : BigInt(body.maxBet),
    max_cashout: body.maxCashout === null ? null : BigInt(body.maxCashout),
    bonus_valid_days: body.bonusValidDays,
    limit_per_member: body.limitPerMember,
    limit_period: body.limitPeriod,
    budget: BigInt(body.budget),
    currency: body.currency,
    sort: body.sort,
    updated_at: now,
  };
}

export function toOpsPromotion(row: PromotionRow) {
  return {
    id: row.id,
    code: row.code,
    category: row.category,
    title: row.title as unknown as { en: string; bn: string },
    status: row.status,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    entry: row.entry,
    budget: String(row.budget),
    grantedTotal: String(row.granted_total),
    grantsCount: row.grants_count,
  };
}

export async function listOpsPromotions(db: Db, brandId: number) {
  const rows = await db.selectFrom('promotion').selectAll().where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute();
  return rows.map(toOpsPromotion);
}

export async function createPromotion(db: Db, brandId: number, body: OpsPromotionBody, now: Date): Promise<PromotionRow> {
  const row = await db
    .insertInto('promotion')
    .values(promotionColumns(brandId, body, now))
    .onConflict((oc) => oc.constraint('promotion_code').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('VALIDATION', { fields: { code: { key: 'errors.promotionCodeTaken' } } });
  return row;
}

export async function updatePromotion(db: Db, brandId: number, id: number, body: OpsPromotionBody, now: Date): Promise<PromotionRow> {
  const current = await db
    .selectFrom('promotion')
    .select(['granted_total', 'code'])
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!current) throw new AppError('PROMOTION_NOT_FOUND');
  // The code names the promotion in links and grants; the budget cannot go under what was already granted.
  if (body.code !== current.code) throw new AppError('VALIDATION', { fields: { code: { key: 'errors.promotionCodeFixed' } } });
  if (BigInt(body.budget) < current.granted_total) {
    throw new AppError('VALIDATION', { fields: { budget: { key: 'errors.promotionBudgetBelowGranted' } } });
  }
  const { brand_id: _b, code: _c, ...columns } = promotionColumns(brandId, body, now);
  return db
    .updateTable('promotion')
    .set(columns)
    .where('id', '=', id)
    .where('brand_id', '=', brandId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPromotionStatus(
  db: Db,
  brandId: number,
  id: number,
  status: 'ACTIVE' | 'PAUSED' | 'ENDED',
  now: Date,
): Promise<PromotionRow> {
  const current = await db.selectFrom('promotion').select('status').where('id', '=', id).where('brand_id', '=', brandId).executeTakeFirst();
  if (!current) throw new AppError('PROMOTION_NOT_FOUND');
  // An ended promotion stays ended: its grants and history are final.
  if (current.status === 'ENDED' && status !== 'ENDED') throw new AppError('PROMOTION_WRONG_STATE');
  return db.updateTable('promotion').set({ status, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
