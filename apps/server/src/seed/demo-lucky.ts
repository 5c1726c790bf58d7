import type { LuckyGame } from '@playfront/contract/lucky-paths';
import type { Db } from '../db/database.ts';
import { hashServerSeed, newServerSeed } from '../features/lucky/lucky-fair.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';

/** ৳ in minor units (poisha). */
const tk = (taka: number) => BigInt(taka) * 100n;

type DemoPrize = { en: string; bn: string; taka: number; weight: number; stock: number | null };
const cash = (taka: number, weight: number, stock: number | null = null): DemoPrize => ({
  en: `৳${taka}`,
  bn: `৳${taka.toLocaleString('bn-BD')}`,
  taka,
  weight,
  stock,
});
const nothing = (weight: number): DemoPrize => ({ en: 'Try again', bn: 'আবার চেষ্টা', taka: 0, weight, stock: null });

/** Eight segments, alternating small wins and "try again"; the big prize is rare and its stock small. */
const WHEEL: DemoPrize[] = [
  cash(5, 30),
  nothing(25),
  cash(10, 20),
  cash(20, 10),
  nothing(25),
  cash(50, 5),
  cash(100, 3, 50),
  cash(500, 1, 5),
];
const EGGS: DemoPrize[] = [cash(5, 35), cash(10, 20), cash(30, 8), cash(200, 2, 10), nothing(35)];

async function seedGame(db: Db, brandId: number, game: LuckyGame, prizes: DemoPrize[], eggCount: number) {
  const inserted = await db
    .insertInto('lucky_config')
    .values({
      brand_id: brandId,
      game,
      enabled: true,
      // One ticket per ৳100 deposited or ৳200 validly bet; new members find 3 to try the game with.
      deposit_per_ticket: tk(100),
      valid_bet_per_ticket: tk(200),
      egg_count: eggCount,
      budget_left: tk(100_000),
      welcome_tickets: 3,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['brand_id', 'game']).doNothing())
    .returning('game')
    .executeTakeFirst();
  if (!inserted) return;
  await db
    .insertInto('lucky_prize')
    .values(
      prizes.map((p, position) => ({
        brand_id: brandId,
        game,
        position,
        label_en: p.en,
        label_bn: p.bn,
        kind: p.taka > 0 ? ('CASH' as const) : ('NONE' as const),
        amount: tk(p.taka),
        promotion_id: null,
        weight: p.weight,
        stock_left: p.stock,
        budget_left: p.taka > 0 ? tk(p.taka) * 1_000n : null,
      })),
    )
    .execute();
}

/** An open weekly raffle whenever the brand has none open (the previous one was drawn): one entry per ৳500 or ৳1,000. */
async function seedRaffle(db: Db, brandId: number) {
  const open = await db
    .selectFrom('lucky_raffle')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  if (open) return;
  const now = Date.now();
  const seed = newServerSeed();
  const raffle = await db
    .insertInto('lucky_raffle')
    .values({
      brand_id: brandId,
      title_en: 'Weekly lucky raffle',
      title_bn: 'সাপ্তাহিক লাকি র‍্যাফেল',
      starts_at: new Date(now - 3_600_000),
      ends_at: new Date(now + 7 * 86_400_000),
      deposit_per_entry: tk(500),
      valid_bet_per_entry: tk(1_000),
      server_seed: seed,
      server_seed_hash: hashServerSeed(seed),
      created_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const amounts = [5_000, 2_000, 1_000, 500, 500];
  await db
    .insertInto('lucky_raffle_prize')
    .values(amounts.map((taka, i) => ({ raffle_id: raffle.id, rank: i + 1, kind: 'CASH' as const, amount: tk(taka), promotion_id: null })))
    .execute();
}

/** The demo brand's prize wheel, golden eggs (9) and an open raffle; the demo accounts get tickets to try them. */
export async function seedDemoLucky(db: Db, brandId: number): Promise<void> {
  await seedGame(db, brandId, 'wheel', WHEEL, 0);
  await seedGame(db, brandId, 'eggs', EGGS, 9);
  await seedRaffle(db, brandId);
  const members = await db
    .selectFrom('member')
    .select('id')
    .where('brand_id', '=', brandId)
    .where(
      'username',
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .execute();
  for (const m of members) {
    for (const game of ['wheel', 'eggs'] as const) {
      await db
        .insertInto('lucky_ticket')
        .values({ member_id: m.id, game, balance: 10, earned: 10, updated_at: new Date() })
        .onConflict((oc) => oc.columns(['member_id', 'game']).doNothing())
        .execute();
    }
  }
}
