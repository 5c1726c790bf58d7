import type { Db } from '../db/database.ts';

/** ৳ in minor units (poisha). */
const tk = (taka: number) => BigInt(taka) * 100n;

/**
 * The demo brand's red envelope rains (issue 12). A visitor of the demo should meet a rain without waiting long, so
 * one rains for 2 minutes every 10 minutes (on the clock: :00, :10, :20…) for everyone; a bigger one for VIP Silver and
 * up rains daily at 20:00 UTC (2 a.m. in Dhaka is not prime time, but it shows a daily schedule in the countdown).
 * Small amounts, so the demo's BONUS budget is not spent by one afternoon of clicking.
 */
const DEMO_RAINS = [
  {
    name: 'Ten-minute rain',
    starts_at: new Date('2026-11-01T00:00:00Z'),
    duration_seconds: 120,
    repeat_minutes: 10,
    budget: tk(2_000),
    envelope_count: 200,
    min_amount: tk(2),
    max_amount: tk(50),
    min_vip_level: 0,
  },
  {
    name: 'Daily VIP rain',
    starts_at: new Date('2026-11-01T20:00:00Z'),
    duration_seconds: 300,
    repeat_minutes: 1_440,
    budget: tk(10_000),
    envelope_count: 500,
    min_amount: tk(5),
    max_amount: tk(100),
    min_vip_level: 1,
  },
];

/** Inserts the demo rains that are missing (by name); an operator's edits are kept. */
export async function seedDemoEnvelopes(db: Db, brandId: number): Promise<void> {
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
  for (const rain of DEMO_RAINS) {
    const existing = await db
      .selectFrom('envelope_rain')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('name', '=', rain.name)
      .executeTakeFirst();
    if (existing) continue;
    await db
      .insertInto('envelope_rain')
      .values({ ...rain, brand_id: brandId, currency: brand.currency, bonus_promotion_id: null, active: true })
      .execute();
  }
}
