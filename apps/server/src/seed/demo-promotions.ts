import type { OpsPromotionBody } from '@playfront/contract/promotions';
import type { Db } from '../db/database.ts';
import { promotionColumns } from '../features/promotions/promotions-ops.ts';

const DAY = 86_400_000;
/** Amounts in minor units (paisa): ৳1 = 100. */
const taka = (n: number) => String(n * 100);
const SLOTS_FIRST = { RNG: 100, FISH: 100, LIVE: 10, PVP: 50, SPORTS: 50, ESPORTS: 50, LOTT: 0, ELOTT: 0 };

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

/** The demo brand's six promotions (issue 11), in EN and BN. Dates are relative to the seeding day. */
export function demoPromotions(now: Date): OpsPromotionBody[] {
  const start = new Date(now.getTime() - 30 * DAY).toISOString();
  const common = {
    audienceVipLevel: 0,
    audienceAgentId: null,
    newMemberDays: 30,
    weekdays: null,
    rewardAmount: '0',
    rewardBps: 0,
    rewardCap: null,
    maxBet: null,
    maxCashout: null,
    limitPeriod: 'NONE' as const,
    currency: 'BDT',
    minDeposit: '0',
  };
  return [
    {
      ...common,
      code: 'welcome-bonus',
      category: 'WELCOME',
      sort: 1,
      bannerTheme: 'gold',
      title: { en: '100% Welcome Bonus up to ৳10,000', bn: '১০০% স্বাগতম বোনাস, ৳১০,০০০ পর্যন্ত' },
      summary: {
        en: 'Double your first deposit. Pick the offer on the deposit page.',
        bn: 'প্রথম ডিপোজিট দ্বিগুণ করুন। ডিপোজিট পাতায় অফারটি বেছে নিন।',
      },
      rulesHtml: {
        en: `<p>Your first deposit of ৳500 or more is matched 100%, up to a ৳10,000 bonus.</p>${list([
          'Join the offer here or pick it on the deposit page, then make your first deposit.',
          'Wager the bonus 20 times within 30 days; slots and fishing count 100%, live casino 10%, sports and card games 50%, lottery 0%.',
          'While the bonus is being wagered, one bet can be at most ৳500.',
          'Withdrawing or cancelling before the wagering is met forfeits what is left of the bonus.',
        ])}`,
        bn: `<p>৳৫০০ বা তার বেশি প্রথম ডিপোজিটে ১০০% বোনাস, সর্বোচ্চ ৳১০,০০০।</p>${list([
          'এখানে অফারে যোগ দিন অথবা ডিপোজিট পাতায় বেছে নিন, তারপর প্রথম ডিপোজিট করুন।',
          '৩০ দিনের মধ্যে বোনাসের ২০ গুণ বাজি ধরুন; স্লট ও ফিশিং ১০০%, লাইভ ক্যাসিনো ১০%, স্পোর্টস ও কার্ড গেম ৫০%, লটারি ০% গণনা হয়।',
          'বোনাস বাজি পূরণ চলাকালীন এক বাজিতে সর্বোচ্চ ৳৫০০।',
          'বাজি পূরণের আগে উত্তোলন বা বাতিল করলে বোনাসের বাকি অংশ বাতিল হয়।',
        ])}`,
      },
      startsAt: start,
      endsAt: null,
      audience: 'FIRST_DEPOSIT',
      entry: 'JOIN',
      trigger: 'DEPOSIT',
      minDeposit: taka(500),
      rewardKind: 'PERCENT',
      rewardBps: 10_000,
      rewardCap: taka(10_000),
      wageringBase: 'BONUS',
      wageringMultiplier: '20',
      contribution: SLOTS_FIRST,
      maxBet: taka(500),
      bonusValidDays: 30,
      limitPerMember: 1,
      budget: taka(5_000_000),
    },
    {
      ...common,
      code: 'weekend-reload',
      category: 'RELOAD',
      sort: 2,
      bannerTheme: 'ruby',
      title: { en: 'Weekend Reload 20%', bn: 'সপ্তাহান্তে ২০% রিলোড' },
      summary: {
        en: 'Deposit on Friday or Saturday and claim 20% extra, up to ৳2,000.',
        bn: 'শুক্র বা শনিবার ডিপোজিট করে ২০% বাড়তি নিন, সর্বোচ্চ ৳২,০০০।',
      },
      rulesHtml: {
        en: `<p>Once a week, a deposit of ৳300 or more made on Friday or Saturday earns a 20% bonus, up to ৳2,000.</p>${list([
          'Pick the offer on the deposit page; claim the bonus here once the deposit is credited.',
          'Wager the bonus 10 times within 7 days.',
        ])}`,
        bn: `<p>সপ্তাহে একবার, শুক্র বা শনিবার ৳৩০০ বা তার বেশি ডিপোজিটে ২০% বোনাস, সর্বোচ্চ ৳২,০০০।</p>${list([
          'ডিপোজিট পাতায় অফারটি বেছে নিন; ডিপোজিট জমা হলে এখানে বোনাস নিন।',
          '৭ দিনের মধ্যে বোনাসের ১০ গুণ বাজি ধরুন।',
        ])}`,
      },
      startsAt: start,
      endsAt: null,
      audience: 'ALL',
      weekdays: [5, 6],
      entry: 'CLAIM',
      trigger: 'DEPOSIT',
      minDeposit: taka(300),
      rewardKind: 'PERCENT',
      rewardBps: 2_000,
      rewardCap: taka(2_000),
      wageringBase: 'BONUS',
      wageringMultiplier: '10',
      contribution: SLOTS_FIRST,
      maxBet: taka(300),
      bonusValidDays: 7,
      limitPerMember: 52,
      limitPeriod: 'WEEK',
      budget: taka(2_000_000),
    },
    {
      ...common,
      code: 'daily-cashback',
      category: 'CASHBACK',
      sort: 3,
      bannerTheme: 'emerald',
      title: { en: 'Daily Cashback 5%', bn: 'দৈনিক ৫% ক্যাশব্যাক' },
      summary: {
        en: 'Lost yesterday? Claim 5% of your net loss back, up to ৳5,000.',
        bn: 'গতকাল হেরেছেন? নিট ক্ষতির ৫% ফেরত নিন, সর্বোচ্চ ৳৫,০০০।',
      },
      rulesHtml: {
        en: `<p>Every day you can claim 5% of yesterday's net loss (stakes minus wins, UTC day) when it was ৳200 or more, up to ৳5,000.</p>${list(
          ['Claim it here before the day ends; an unclaimed cashback is not carried over.', 'The cashback is wagered once within 3 days.'],
        )}`,
        bn: `<p>প্রতিদিন গতকালের নিট ক্ষতির (বাজি বাদ জয়, UTC দিন) ৫% ফেরত নিতে পারেন, যদি তা ৳২০০ বা বেশি হয়; সর্বোচ্চ ৳৫,০০০।</p>${list([
          'দিন শেষ হওয়ার আগে এখানে নিন; না নেওয়া ক্যাশব্যাক পরের দিনে যায় না।',
          '৩ দিনের মধ্যে ক্যাশব্যাক একবার বাজি ধরতে হয়।',
        ])}`,
      },
      startsAt: start,
      endsAt: null,
      audience: 'ALL',
      entry: 'CLAIM',
      trigger: 'NET_LOSS',
      minDeposit: taka(200),
      rewardKind: 'PERCENT',
      rewardBps: 500,
      rewardCap: taka(5_000),
      wageringBase: 'BONUS',
      wageringMultiplier: '1',
      contribution: SLOTS_FIRST,
      bonusValidDays: 3,
      limitPerMember: 1000,
      limitPeriod: 'DAY',
      budget: taka(3_000_000),
    },
    {
      ...common,
      code: 'vip-monthly-gift',
      category: 'VIP',
      sort: 4,
      bannerTheme: 'violet',
      title: { en: 'VIP Monthly Gift ৳1,000', bn: 'ভিআইপি মাসিক উপহার ৳১,০০০' },
      summary: {
        en: 'For VIP level 3 and above: join each month for a ৳1,000 bonus.',
        bn: 'ভিআইপি লেভেল ৩ ও তার ওপরে: প্রতি মাসে যোগ দিয়ে ৳১,০০০ বোনাস নিন।',
      },
      rulesHtml: {
        en: `<p>Members at VIP level 3 or higher receive ৳1,000 each calendar month when they join.</p>${list(['Wager the gift 5 times within 14 days.'])}`,
        bn: `<p>ভিআইপি লেভেল ৩ বা তার ওপরের সদস্যরা প্রতি মাসে যোগ দিলে ৳১,০০০ পান।</p>${list(['১৪ দিনের মধ্যে উপহারের ৫ গুণ বাজি ধরুন।'])}`,
      },
      startsAt: start,
      endsAt: null,
      audience: 'VIP',
      audienceVipLevel: 3,
      entry: 'JOIN',
      trigger: 'NONE',
      rewardKind: 'FIXED',
      rewardAmount: taka(1_000),
      wageringBase: 'BONUS',
      wageringMultiplier: '5',
      contribution: SLOTS_FIRST,
      bonusValidDays: 14,
      limitPerMember: 120,
      limitPeriod: 'MONTH',
      budget: taka(1_000_000),
    },
    {
      ...common,
      code: 'big-win-share',
      category: 'EVENT',
      sort: 5,
      bannerTheme: 'sapphire',
      title: { en: 'Share Your Big Win: ৳500', bn: 'বড় জয় শেয়ার করুন: ৳৫০০' },
      summary: {
        en: 'Post a screenshot of a big win with a comment, apply, and get ৳500 once approved.',
        bn: 'বড় জয়ের স্ক্রিনশট ও মন্তব্য দিয়ে আবেদন করুন; অনুমোদনে ৳৫০০ পান।',
      },
      rulesHtml: {
        en: `<p>Win 50 times your stake or more on any slot, post the screenshot in the comment box below and apply.</p>${list([
          'Our team checks each application within 24 hours.',
          'One reward per member per month; wager it 3 times within 7 days.',
        ])}`,
        bn: `<p>যেকোনো স্লটে বাজির ৫০ গুণ বা বেশি জিতে নিচের মন্তব্য বাক্সে স্ক্রিনশট দিন এবং আবেদন করুন।</p>${list([
          'আমাদের দল ২৪ ঘণ্টার মধ্যে প্রতিটি আবেদন যাচাই করে।',
          'প্রতি মাসে একজনের একটি পুরস্কার; ৭ দিনের মধ্যে ৩ গুণ বাজি ধরুন।',
        ])}`,
      },
      startsAt: start,
      endsAt: new Date(now.getTime() + 60 * DAY).toISOString(),
      audience: 'ALL',
      entry: 'APPLY',
      trigger: 'NONE',
      rewardKind: 'FIXED',
      rewardAmount: taka(500),
      wageringBase: 'BONUS',
      wageringMultiplier: '3',
      contribution: SLOTS_FIRST,
      bonusValidDays: 7,
      limitPerMember: 12,
      limitPeriod: 'MONTH',
      budget: taka(500_000),
    },
    {
      ...common,
      code: 'prize-wheel',
      category: 'EVENT',
      sort: 6,
      bannerTheme: 'slate',
      title: { en: 'Daily Prize Wheel', bn: 'দৈনিক পুরস্কার চাকা' },
      summary: {
        en: 'Spin every day for cash, points and free spins. Coming soon.',
        bn: 'প্রতিদিন ঘুরিয়ে জিতুন নগদ, পয়েন্ট ও ফ্রি স্পিন। শীঘ্রই আসছে।',
      },
      rulesHtml: {
        en: '<p>Log in each day to spin the prize wheel. Prizes include cash, points and free spins on selected slots.</p>',
        bn: '<p>প্রতিদিন লগ ইন করে পুরস্কার চাকা ঘোরান। পুরস্কারে আছে নগদ, পয়েন্ট ও নির্বাচিত স্লটে ফ্রি স্পিন।</p>',
      },
      startsAt: new Date(now.getTime() + 7 * DAY).toISOString(),
      endsAt: null,
      audience: 'ALL',
      entry: 'CLAIM',
      trigger: 'NONE',
      rewardKind: 'FIXED',
      rewardAmount: taka(20),
      wageringBase: 'BONUS',
      wageringMultiplier: '1',
      contribution: SLOTS_FIRST,
      bonusValidDays: 3,
      limitPerMember: 1000,
      limitPeriod: 'DAY',
      budget: taka(200_000),
    },
  ];
}

/** Inserts the demo promotions that are missing; an operator's edits are never overwritten. */
export async function seedDemoPromotions(db: Db, brandId: number, now = new Date()): Promise<void> {
  for (const promotion of demoPromotions(now)) {
    await db
      .insertInto('promotion')
      .values(promotionColumns(brandId, promotion, now))
      .onConflict((oc) => oc.constraint('promotion_code').doNothing())
      .execute();
  }
}
