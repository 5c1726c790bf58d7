import type { Db } from '../db/database.ts';

/** ৳ in minor units (poisha). */
const tk = (taka: number) => BigInt(taka) * 100n;

/**
 * The demo brand's missions (issue 12): three daily and three weekly, one of each goal at least, cash rewards from the
 * brand's BONUS budget and mission points for the leaderboard. Targets are in reach of a demo session (the house slot
 * plays ৳1 to ৳100 a spin), so the page shows every state.
 */
export const DEMO_MISSIONS = [
  {
    code: 'daily-slots-500',
    period: 'daily',
    goal: 'wager',
    category: 'slots',
    min_win: 0n,
    target: tk(500),
    reward: tk(20),
    points: 10,
    title_en: 'Wager ৳500 on slots',
    title_bn: 'স্লটে ৳৫০০ বাজি ধরুন',
  },
  {
    code: 'daily-deposit-1000',
    period: 'daily',
    goal: 'deposit',
    category: null,
    min_win: 0n,
    target: tk(1_000),
    reward: tk(30),
    points: 15,
    title_en: 'Deposit ৳1,000 today',
    title_bn: 'আজ ৳১,০০০ জমা দিন',
  },
  {
    code: 'daily-three-games',
    period: 'daily',
    goal: 'distinctGames',
    category: null,
    min_win: 0n,
    target: 3n,
    reward: tk(10),
    points: 5,
    title_en: 'Play 3 different games',
    title_bn: '৩টি ভিন্ন গেম খেলুন',
  },
  {
    code: 'weekly-wager-10000',
    period: 'weekly',
    goal: 'wager',
    category: null,
    min_win: 0n,
    target: tk(10_000),
    reward: tk(200),
    points: 60,
    title_en: 'Wager ৳10,000 on any game this week',
    title_bn: 'এই সপ্তাহে যেকোনো গেমে ৳১০,০০০ বাজি ধরুন',
  },
  {
    code: 'weekly-big-win',
    period: 'weekly',
    goal: 'bigWin',
    category: null,
    min_win: tk(1_000),
    target: 1n,
    reward: tk(100),
    points: 40,
    title_en: 'Win ৳1,000 or more in one round',
    title_bn: 'এক রাউন্ডে ৳১,০০০ বা তার বেশি জিতুন',
  },
  {
    code: 'weekly-ten-games',
    period: 'weekly',
    goal: 'distinctGames',
    category: null,
    min_win: 0n,
    target: 10n,
    reward: tk(80),
    points: 30,
    title_en: 'Play 10 different games this week',
    title_bn: 'এই সপ্তাহে ১০টি ভিন্ন গেম খেলুন',
  },
] as const;

export async function seedDemoMissions(db: Db, brandId: number): Promise<void> {
  await db
    .insertInto('mission')
    .values(
      DEMO_MISSIONS.map((m, i) => ({
        brand_id: brandId,
        code: m.code,
        period: m.period,
        goal: m.goal,
        category: m.category,
        min_win: m.min_win,
        target: m.target,
        reward_amount: m.reward,
        points: m.points,
        title_en: m.title_en,
        title_bn: m.title_bn,
        sort: i * 10,
      })),
    )
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .execute();
}
