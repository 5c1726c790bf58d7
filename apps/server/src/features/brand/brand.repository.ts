import { FEATURE_FLAGS, type FeatureFlag, WHITELABEL_FLAGS, type WhitelabelFlag } from '@playfront/contract';
import type { Db } from '../../db/database.ts';
import type { BrandRow } from './brand.table.ts';

/**
 * Brand configuration reads and operator writes. Plain functions taking `db`
 * first, so a transaction is just another `db`.
 */

/** The brand a request belongs to: the one named by the Merchant header, else the first configured brand. */
export async function findBrand(db: Db, merchantCode?: string): Promise<BrandRow | undefined> {
  if (merchantCode) {
    const named = await db.selectFrom('brand').selectAll().where('merchant_code', '=', merchantCode).executeTakeFirst();
    if (named) return named;
  }
  return db.selectFrom('brand').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export type BrandFlags = { flags: Record<WhitelabelFlag, boolean>; features: Record<FeatureFlag, boolean> };

/** Every whitelabel and feature flag of the brand; a flag with no row is off. */
export async function getBrandFlags(db: Db, brandId: number): Promise<BrandFlags> {
  const rows = await db.selectFrom('brand_flag').select(['code', 'enabled']).where('brand_id', '=', brandId).execute();
  const enabled = new Map(rows.map((r) => [r.code, r.enabled]));
  const pick = <K extends string>(codes: readonly K[]) =>
    Object.fromEntries(codes.map((c) => [c, enabled.get(c) ?? false])) as Record<K, boolean>;
  return { flags: pick(WHITELABEL_FLAGS), features: pick(FEATURE_FLAGS) };
}

export async function setBrandFlag(db: Db, brandId: number, code: WhitelabelFlag | FeatureFlag, enabled: boolean): Promise<void> {
  await db
    .insertInto('brand_flag')
    .values({ brand_id: brandId, code, enabled })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doUpdateSet({ enabled }))
    .execute();
}

export async function setMaintenance(db: Db, brandId: number, maintenance: boolean): Promise<void> {
  await db.updateTable('brand').set({ maintenance, updated_at: new Date() }).where('id', '=', brandId).execute();
}
