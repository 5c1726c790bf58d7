import type { Db } from '../db/database.ts';

/** Demo deposit channels with BDT limits in poisha (1 BDT = 100). Inserts only missing codes. */
export const DEMO_DEPOSIT_CHANNELS = [
  { code: 'BKASH', name: 'bKash', name_bn: 'বিকাশ', min_amount: 10_000n, max_amount: 2_500_000n, sort: 1 },
  { code: 'NAGAD', name: 'Nagad', name_bn: 'নগদ', min_amount: 10_000n, max_amount: 2_500_000n, sort: 2 },
  { code: 'ROCKET', name: 'Rocket', name_bn: 'রকেট', min_amount: 10_000n, max_amount: 1_500_000n, sort: 3 },
  { code: 'BANK', name: 'Bank transfer', name_bn: 'ব্যাংক ট্রান্সফার', min_amount: 50_000n, max_amount: 50_000_000n, sort: 4 },
] as const;

export async function seedDemoFunds(db: Db, brandId: number): Promise<void> {
  await db
    .insertInto('deposit_channel')
    .values(DEMO_DEPOSIT_CHANNELS.map((c) => ({ ...c, brand_id: brandId, gateway: 'sandbox' })))
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .execute();
}
