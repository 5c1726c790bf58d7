import { DEFAULT_THRESHOLDS_MINOR, type Thresholds, type ThresholdsView } from '@playfront/contract/console-backoffice';
import type { Db } from '../../db/database.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { str } from './console-http.ts';

export type BrandThresholds = { adjustment: bigint; withdrawal: bigint; manualDeposit: bigint };

/**
 * The brand's two-person thresholds (minor units): above them a second, different staff member must approve.
 * No row: the contract's defaults (DEFAULT_THRESHOLDS_MINOR). Read inside the deciding transaction, so a change
 * applies to every decision that commits after it.
 */
export async function brandThresholds(db: Db, brandId: number): Promise<BrandThresholds & { custom: boolean; updatedAt: Date | null }> {
  const row = await db.selectFrom('brand_console_setting').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
  if (!row) return { ...DEFAULT_THRESHOLDS_MINOR, custom: false, updatedAt: null };
  return {
    adjustment: BigInt(row.adjustment_second_above),
    withdrawal: BigInt(row.withdrawal_second_above),
    manualDeposit: BigInt(row.manual_deposit_second_above),
    custom: true,
    updatedAt: new Date(row.updated_at),
  };
}

export async function thresholdsView(db: Db, brandId: number): Promise<ThresholdsView> {
  const t = await brandThresholds(db, brandId);
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
  return {
    adjustment: str(t.adjustment),
    withdrawal: str(t.withdrawal),
    manualDeposit: str(t.manualDeposit),
    currency: brand.currency,
    custom: t.custom,
    updatedAt: t.updatedAt ? t.updatedAt.toISOString() : null,
  };
}

/** Owner/admin sets the thresholds; the change and its audit row (before, after) commit together. */
export async function setThresholds(db: Db, actor: AuditActor, input: Thresholds, now: Date): Promise<ThresholdsView> {
  await db.transaction().execute(async (trx) => {
    // Serialise concurrent edits of one brand's row, so each audit row's "before" is what it replaced.
    await trx.selectFrom('brand').select('id').where('id', '=', actor.brandId).forUpdate().executeTakeFirstOrThrow();
    const before = await brandThresholds(trx, actor.brandId);
    const values = {
      adjustment_second_above: input.adjustment,
      withdrawal_second_above: input.withdrawal,
      manual_deposit_second_above: input.manualDeposit,
      updated_by: actor.staffId,
      updated_at: now,
    };
    await trx
      .insertInto('brand_console_setting')
      .values({ brand_id: actor.brandId, ...values })
      .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
      .execute();
    await withAudit(
      trx,
      actor,
      'settings.thresholds',
      { type: 'brand', id: actor.brandId },
      { adjustment: before.adjustment, withdrawal: before.withdrawal, manualDeposit: before.manualDeposit },
      input,
      now,
    );
  });
  return thresholdsView(db, actor.brandId);
}
