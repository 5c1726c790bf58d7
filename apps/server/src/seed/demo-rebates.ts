import type { Db } from '../db/database.ts';

/** ৳ in minor units (poisha). */
const tk = (taka: number) => BigInt(taka) * 100n;

/**
 * The demo brand's rebate and cashback terms (issue 12). Members without a VIP level earn the default rates (basis
 * points of the valid bet; VIP levels carry their own); a rebate of ৳1 or more can be claimed once an hour and is
 * paid automatically every UTC day; cashback is 5 % of the week's net loss, at most ৳5,000, from ৳10. Paid in cash.
 * Nothing is accrued by the seed: rebate comes from play (the payout job would otherwise pay a seeded accrual at
 * start).
 */
export const DEMO_REBATE_DEFAULT_BPS = { slots: 30, live: 20, sports: 20, fishing: 30, pvp: 20, lottery: 10 };

export async function seedDemoRebates(db: Db, brandId: number): Promise<void> {
  await db
    .insertInto('rebate_settings')
    .values({
      brand_id: brandId,
      enabled: true,
      default_bps: JSON.stringify(DEMO_REBATE_DEFAULT_BPS),
      minimum_payout: tk(1),
      manual_enabled: true,
      claim_interval_seconds: 3600,
      auto_enabled: true,
      auto_period: 'DAILY',
      cashback_enabled: true,
      cashback_share_bps: 500,
      cashback_cap: tk(5_000),
      cashback_minimum: tk(10),
      cashback_period: 'WEEKLY',
      bonus_promotion_id: null,
    })
    .onConflict((oc) => oc.column('brand_id').doNothing())
    .execute();
}
