import type { Db } from '../db/database.ts';

/** ৳ in minor units (poisha). */
const tk = (taka: number) => BigInt(taka) * 100n;
const rebate = (slots: number, live: number, sports: number, fishing: number, pvp: number, lottery: number) =>
  JSON.stringify({ slots, live, sports, fishing, pvp, lottery });

/**
 * The demo brand's VIP ladder (issue 12): Bronze to Diamond. A level is reached by valid bets AND deposits over 30
 * days; `keep` is the valid bet that keeps it at the monthly review. Rebates are basis points of the valid bet.
 */
export const DEMO_VIP_LEVELS = [
  {
    level: 0,
    name_en: 'Bronze',
    name_bn: 'ব্রোঞ্জ',
    icon: 'bronze',
    bet: 0,
    dep: 0,
    keep: 0,
    up: 0,
    monthly: 0,
    rebate: rebate(30, 20, 20, 30, 20, 10),
    limit: 50_000,
  },
  {
    level: 1,
    name_en: 'Silver',
    name_bn: 'রৌপ্য',
    icon: 'silver',
    bet: 10_000,
    dep: 2_000,
    keep: 5_000,
    up: 100,
    monthly: 50,
    rebate: rebate(40, 30, 30, 40, 30, 15),
    limit: 100_000,
  },
  {
    level: 2,
    name_en: 'Gold',
    name_bn: 'স্বর্ণ',
    icon: 'gold',
    bet: 50_000,
    dep: 10_000,
    keep: 25_000,
    up: 300,
    monthly: 150,
    rebate: rebate(50, 35, 35, 50, 35, 20),
    limit: 200_000,
  },
  {
    level: 3,
    name_en: 'Platinum',
    name_bn: 'প্লাটিনাম',
    icon: 'platinum',
    bet: 200_000,
    dep: 40_000,
    keep: 100_000,
    up: 1_000,
    monthly: 500,
    rebate: rebate(60, 40, 40, 60, 40, 25),
    limit: 500_000,
  },
  {
    level: 4,
    name_en: 'Emerald',
    name_bn: 'পান্না',
    icon: 'emerald',
    bet: 500_000,
    dep: 100_000,
    keep: 250_000,
    up: 2_500,
    monthly: 1_200,
    rebate: rebate(70, 50, 50, 70, 50, 30),
    limit: 1_000_000,
  },
  {
    level: 5,
    name_en: 'Sapphire',
    name_bn: 'নীলা',
    icon: 'sapphire',
    bet: 1_500_000,
    dep: 300_000,
    keep: 750_000,
    up: 6_000,
    monthly: 3_000,
    rebate: rebate(80, 60, 60, 80, 60, 35),
    limit: 2_000_000,
  },
  {
    level: 6,
    name_en: 'Ruby',
    name_bn: 'চুনি',
    icon: 'ruby',
    bet: 5_000_000,
    dep: 1_000_000,
    keep: 2_500_000,
    up: 18_000,
    monthly: 8_000,
    rebate: rebate(90, 70, 70, 90, 70, 40),
    limit: 5_000_000,
  },
  {
    level: 7,
    name_en: 'Diamond',
    name_bn: 'হীরা',
    icon: 'diamond',
    bet: 15_000_000,
    dep: 3_000_000,
    keep: 7_500_000,
    up: 50_000,
    monthly: 20_000,
    rebate: rebate(100, 80, 80, 100, 80, 50),
    limit: 10_000_000,
  },
] as const;

export async function seedDemoVip(db: Db, brandId: number): Promise<void> {
  await db
    .insertInto('vip_level')
    .values(
      DEMO_VIP_LEVELS.map((l) => ({
        brand_id: brandId,
        level: l.level,
        name_en: l.name_en,
        name_bn: l.name_bn,
        icon: l.icon,
        valid_bet_threshold: tk(l.bet),
        deposit_threshold: tk(l.dep),
        keep_valid_bet: tk(l.keep),
        level_up_bonus: tk(l.up),
        monthly_bonus: tk(l.monthly),
        rebate_bps: l.rebate,
        daily_withdrawal_limit: tk(l.limit),
      })),
    )
    .onConflict((oc) => oc.columns(['brand_id', 'level']).doNothing())
    .execute();
}
