import type { BannerGroup, LanguageCode, PopupExecution } from '@playfront/contract';
import type { Db } from '../db/database.ts';
import type { Localised, NoticeTable } from '../features/content/content.table.ts';
import { ARTWORK, type ArtworkKind, artworkPath } from './artwork.ts';

/**
 * Lobby content of the demo brand: banners, notices, popups and announcements,
 * in English and Bengali. Deterministic (fixed dates, fixed order) and
 * idempotent: a table that already has rows for the brand is left alone, so an
 * operator's edits survive restarts.
 */

type Both = Record<LanguageCode, string>;

function artwork(kind: ArtworkKind, key: string) {
  const spec = ARTWORK.find((a) => a.kind === kind && a.key === key);
  if (!spec) throw new Error(`no artwork ${kind}/${key}`);
  return { title: spec.headline, image_url: { EN: artworkPath(kind, key, 'EN'), BN: artworkPath(kind, key, 'BN') } };
}

export const DEMO_BANNERS: readonly { group: BannerGroup; key: string; linkage: 'NONE' | 'URL' | 'GAME' | 'PROMOTION'; target: string }[] =
  [
    { group: 'w_home', key: 'home-welcome', linkage: 'PROMOTION', target: 'welcome-bonus' },
    { group: 'w_home', key: 'home-cricket', linkage: 'URL', target: '/sports' },
    { group: 'w_home', key: 'home-live-casino', linkage: 'URL', target: '/live' },
    { group: 'w_home', key: 'home-cashback', linkage: 'PROMOTION', target: 'daily-cashback' },
    { group: 'w_login', key: 'login-welcome-back', linkage: 'NONE', target: '' },
    { group: 'w_login', key: 'login-prize-wheel', linkage: 'PROMOTION', target: 'prize-wheel' },
    { group: 'w_login', key: 'login-red-envelope', linkage: 'URL', target: '/promotions' },
    { group: 'w_register', key: 'register-quick', linkage: 'NONE', target: '' },
    { group: 'w_register', key: 'register-bonus', linkage: 'PROMOTION', target: 'welcome-bonus' },
    { group: 'w_register', key: 'register-referral', linkage: 'URL', target: '/member?page=referral' },
    { group: 'w_leftmenu', key: 'side-vip', linkage: 'URL', target: '/promotions' },
    { group: 'w_leftmenu', key: 'side-app', linkage: 'URL', target: '/download' },
    { group: 'w_leftmenu', key: 'side-points', linkage: 'URL', target: '/pointMall' },
  ];

/** Notices are plain text (the marquee shows them on one line). */
export const DEMO_NOTICES: readonly { type: NoticeTable['type']; title: Both; content: Both }[] = [
  {
    type: 'B',
    title: { EN: 'Scheduled maintenance', BN: 'নির্ধারিত রক্ষণাবেক্ষণ' },
    content: {
      EN: 'PG Soft slots will be under maintenance on Tuesday from 02:00 to 04:00 (Bangladesh time). Other games are not affected.',
      BN: 'মঙ্গলবার রাত ২টা থেকে ৪টা (বাংলাদেশ সময়) পর্যন্ত পিজি সফট স্লট রক্ষণাবেক্ষণে থাকবে। অন্যান্য গেম স্বাভাবিক থাকবে।',
    },
  },
  {
    type: 'B',
    title: { EN: 'Faster deposits', BN: 'আরও দ্রুত ডিপোজিট' },
    content: {
      EN: 'bKash and Nagad deposits are now credited within about one minute.',
      BN: 'বিকাশ ও নগদের ডিপোজিট এখন প্রায় এক মিনিটের মধ্যেই জমা হচ্ছে।',
    },
  },
  {
    type: 'PL',
    title: { EN: 'Set your limits', BN: 'নিজের সীমা ঠিক করুন' },
    content: {
      EN: 'Play responsibly: set daily deposit limits or take a break from My Account → Security Center.',
      BN: 'দায়িত্ব নিয়ে খেলুন: মাই অ্যাকাউন্ট → সিকিউরিটি সেন্টার থেকে দৈনিক জমার সীমা দিন বা বিরতি নিন।',
    },
  },
  {
    type: 'PU',
    title: { EN: 'Beware of fake agents', BN: 'ভুয়া এজেন্ট থেকে সাবধান' },
    content: {
      EN: 'Our staff will never ask for your password, payment password or OTP. Only use the deposit numbers shown on the deposit page.',
      BN: 'আমাদের কর্মীরা কখনো আপনার পাসওয়ার্ড, পেমেন্ট পাসওয়ার্ড বা ওটিপি চাইবে না। শুধু ডিপোজিট পাতায় দেখানো নম্বরেই টাকা পাঠান।',
    },
  },
  {
    type: 'PR',
    title: { EN: 'Cricket special', BN: 'ক্রিকেট স্পেশাল' },
    content: {
      EN: 'Bet ৳500 or more on any cricket match this week and get a 10% insurance back on losing bets.',
      BN: 'এই সপ্তাহে যেকোনো ক্রিকেট ম্যাচে ৳৫০০ বা তার বেশি বাজি ধরুন, হারলে পাবেন ১০% ইনস্যুরেন্স ফেরত।',
    },
  },
  {
    type: 'H',
    title: { EN: 'Support during the holidays', BN: 'ছুটির দিনেও সেবা' },
    content: {
      EN: 'Customer service stays open 24/7 through the Eid holidays. Withdrawals may take a little longer while banks are closed.',
      BN: 'ঈদের ছুটিতেও গ্রাহক সেবা ২৪/৭ খোলা থাকবে। ব্যাংক বন্ধ থাকায় উত্তোলনে কিছুটা বেশি সময় লাগতে পারে।',
    },
  },
];

/** Popup content is server-authored HTML, like the help centre. */
export const DEMO_POPUPS: readonly { execution: PopupExecution; art: string | null; title: Both; content: Both }[] = [
  {
    execution: 'A',
    art: 'popup-weekend-reload',
    title: { EN: 'Weekend reload bonus', BN: 'সপ্তাহান্তের রিলোড বোনাস' },
    content: {
      EN: '<p>Deposit on Friday or Saturday and get <strong>20% extra</strong>, up to ৳2,000.</p><p>Wagering 8× the bonus. One claim per weekend.</p>',
      BN: '<p>শুক্র বা শনিবার ডিপোজিট করুন, পান <strong>২০% বাড়তি</strong>, সর্বোচ্চ ৳২,০০০ পর্যন্ত।</p><p>বোনাসের ৮ গুণ টার্নওভার প্রযোজ্য। প্রতি সপ্তাহান্তে একবার নেওয়া যাবে।</p>',
    },
  },
  {
    execution: 'A',
    art: null,
    title: { EN: 'Keep your account safe', BN: 'আপনার অ্যাকাউন্ট নিরাপদ রাখুন' },
    content: {
      EN: '<p>Add your mobile number and e-mail in the Security Center so you can always reset your password.</p>',
      BN: '<p>সিকিউরিটি সেন্টারে মোবাইল নম্বর ও ই-মেইল যোগ করুন, যাতে যেকোনো সময় পাসওয়ার্ড রিসেট করতে পারেন।</p>',
    },
  },
  {
    execution: 'B',
    art: 'popup-welcome',
    title: { EN: 'Welcome to Playfront', BN: 'প্লেফ্রন্টে স্বাগতম' },
    content: {
      EN: '<p>Try thousands of slots, live casino and cricket betting. Free demos need no account.</p><p>Sign up in 30 seconds and get a <strong>100% welcome bonus</strong> on your first deposit.</p>',
      BN: '<p>হাজারো স্লট, লাইভ ক্যাসিনো আর ক্রিকেট বেটিং উপভোগ করুন। ফ্রি ডেমোর জন্য অ্যাকাউন্ট লাগে না।</p><p>৩০ সেকেন্ডে নিবন্ধন করুন আর প্রথম ডিপোজিটে পান <strong>১০০% স্বাগতম বোনাস</strong>।</p>',
    },
  },
  {
    execution: 'F',
    art: 'popup-first-deposit',
    title: { EN: 'Your welcome bonus is waiting', BN: 'আপনার স্বাগতম বোনাস অপেক্ষা করছে' },
    content: {
      EN: '<p>Make your first deposit within 7 days and we match it <strong>100%</strong>, up to ৳10,000.</p><p>Wagering 15× the deposit and bonus. Slots count in full.</p>',
      BN: '<p>৭ দিনের মধ্যে প্রথম ডিপোজিট করুন, আমরা দেব তার <strong>১০০%</strong>, সর্বোচ্চ ৳১০,০০০ পর্যন্ত।</p><p>ডিপোজিট ও বোনাসের ১৫ গুণ টার্নওভার প্রযোজ্য। স্লটের বাজি পুরোটাই গণ্য হবে।</p>',
    },
  },
];

/** Announcements, newest first; content is server-authored HTML. */
export const DEMO_ANNOUNCEMENTS: readonly { promotion: string; title: Both; content: Both }[] = [
  {
    promotion: 'DEPOSIT',
    title: { EN: '100% welcome bonus', BN: '১০০% স্বাগতম বোনাস' },
    content: {
      EN: '<p>New members get a 100% match on the first deposit, up to ৳10,000. Claim it in the Reward Center within 7 days of signing up.</p>',
      BN: '<p>নতুন সদস্যরা প্রথম ডিপোজিটে পাবেন ১০০% বোনাস, সর্বোচ্চ ৳১০,০০০। নিবন্ধনের ৭ দিনের মধ্যে রিওয়ার্ড সেন্টার থেকে নিয়ে নিন।</p>',
    },
  },
  {
    promotion: 'REBATE',
    title: { EN: 'Daily cashback up to 1.2%', BN: 'প্রতিদিন ১.২% পর্যন্ত ক্যাশব্যাক' },
    content: {
      EN: '<p>Rebates on slots, live casino and fishing games are paid every morning at 10:00. No upper limit and no wagering.</p>',
      BN: '<p>স্লট, লাইভ ক্যাসিনো ও ফিশিং গেমের রিবেট প্রতিদিন সকাল ১০টায় দেওয়া হয়। কোনো ঊর্ধ্বসীমা নেই, টার্নওভারও লাগে না।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'New: Nagad instant deposit', BN: 'নতুন: নগদে তাৎক্ষণিক ডিপোজিট' },
    content: {
      EN: '<p>Nagad deposits are now confirmed automatically. Enter your TrxID and the balance updates within a minute.</p>',
      BN: '<p>নগদের ডিপোজিট এখন স্বয়ংক্রিয়ভাবে নিশ্চিত হয়। TrxID দিলেই এক মিনিটের মধ্যে ব্যালান্স হালনাগাদ হবে।</p>',
    },
  },
  {
    promotion: 'EVENT',
    title: { EN: 'Cricket league: free bet every match day', BN: 'ক্রিকেট লিগ: প্রতি ম্যাচের দিনে ফ্রি বেট' },
    content: {
      EN: '<p>Place three bets of ৳200 or more on a match day and get a ৳100 free bet for the next match.</p>',
      BN: '<p>ম্যাচের দিনে ৳২০০ বা তার বেশি অঙ্কের তিনটি বাজি ধরুন, পরের ম্যাচের জন্য পান ৳১০০ ফ্রি বেট।</p>',
    },
  },
  {
    promotion: 'EVENT',
    title: { EN: 'Prize wheel: a free spin every day', BN: 'পুরস্কারের চাকা: প্রতিদিন একটি ফ্রি স্পিন' },
    content: {
      EN: '<p>Log in each day to spin the prize wheel. Prizes include cash, points and free spins on selected slots.</p>',
      BN: '<p>প্রতিদিন লগইন করে পুরস্কারের চাকা ঘোরান। পুরস্কারে আছে নগদ টাকা, পয়েন্ট এবং বাছাই করা স্লটে ফ্রি স্পিন।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Security tip: turn on login alerts', BN: 'নিরাপত্তা টিপস: লগইন অ্যালার্ট চালু করুন' },
    content: {
      EN: '<p>Verify your mobile number to get a message whenever your account is used from a new device.</p>',
      BN: '<p>মোবাইল নম্বর যাচাই করুন; নতুন কোনো ডিভাইস থেকে অ্যাকাউন্টে ঢুকলেই আপনি বার্তা পাবেন।</p>',
    },
  },
  {
    promotion: 'DEPOSIT',
    title: { EN: 'Weekend reload 20%', BN: 'সপ্তাহান্তে ২০% রিলোড' },
    content: {
      EN: '<p>Every Friday and Saturday, deposits earn a 20% bonus up to ৳2,000. Wagering 8× the bonus.</p>',
      BN: '<p>প্রতি শুক্র ও শনিবার ডিপোজিটে ২০% বোনাস, সর্বোচ্চ ৳২,০০০। বোনাসের ৮ গুণ টার্নওভার প্রযোজ্য।</p>',
    },
  },
  {
    promotion: 'EVENT',
    title: { EN: 'Red envelope rain at 20:00', BN: 'রাত ৮টায় লাল খামের বৃষ্টি' },
    content: {
      EN: '<p>Every evening at 20:00, red envelopes fall for five minutes. Open as many as you can catch.</p>',
      BN: '<p>প্রতিদিন রাত ৮টায় পাঁচ মিনিট ধরে লাল খাম পড়বে। যত খাম ধরতে পারবেন, সবই খুলতে পারবেন।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'App update 2.4 is out', BN: 'অ্যাপের ২.৪ সংস্করণ এসেছে' },
    content: {
      EN: '<p>The new app starts faster, remembers your favourite games and supports fingerprint login on Android.</p>',
      BN: '<p>নতুন অ্যাপ দ্রুত চালু হয়, আপনার প্রিয় গেম মনে রাখে এবং অ্যান্ড্রয়েডে আঙুলের ছাপ দিয়ে লগইন সমর্থন করে।</p>',
    },
  },
  {
    promotion: 'VIP',
    title: { EN: 'VIP club: monthly gifts', BN: 'ভিআইপি ক্লাব: মাসিক উপহার' },
    content: {
      EN: '<p>VIP members receive a gift on the first of every month, and higher levels get a personal account manager.</p>',
      BN: '<p>ভিআইপি সদস্যরা প্রতি মাসের ১ তারিখে উপহার পান; উঁচু লেভেলের সদস্যরা পান নিজস্ব অ্যাকাউন্ট ম্যানেজার।</p>',
    },
  },
  {
    promotion: 'REFERRAL',
    title: { EN: 'Invite friends, earn for life', BN: 'বন্ধুদের আমন্ত্রণ জানান, আজীবন আয় করুন' },
    content: {
      EN: '<p>Share your referral link. You earn a commission on your friends\u2019 valid bets for as long as they play.</p>',
      BN: '<p>আপনার রেফারেল লিংক শেয়ার করুন। বন্ধুরা যতদিন খেলবেন, তাদের বৈধ বাজির ওপর আপনি কমিশন পাবেন।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Live casino: new Bengali-speaking tables', BN: 'লাইভ ক্যাসিনো: বাংলাভাষী ডিলারের নতুন টেবিল' },
    content: {
      EN: '<p>Baccarat and Andar Bahar tables with Bengali-speaking dealers are now open every evening.</p>',
      BN: '<p>বাংলাভাষী ডিলারদের সঙ্গে ব্যাকারাট ও আন্দার বাহার টেবিল এখন প্রতি সন্ধ্যায় খোলা।</p>',
    },
  },
  {
    promotion: 'EVENT',
    title: { EN: 'Slot tournament: ৳500,000 prize pool', BN: 'স্লট টুর্নামেন্ট: ৳৫,০০,০০০ পুরস্কার' },
    content: {
      EN: '<p>Climb the leaderboard with your biggest win multiplier on selected slots. Top 100 players share the prize pool.</p>',
      BN: '<p>বাছাই করা স্লটে সবচেয়ে বড় জয়ের গুণফল দিয়ে লিডারবোর্ডে উঠুন। সেরা ১০০ জন খেলোয়াড় পুরস্কার ভাগ করে নেবেন।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Withdrawal confirmation is here', BN: 'এখন উত্তোলন নিশ্চিত করা যাবে' },
    content: {
      EN: '<p>After a withdrawal is paid, tell us whether you received it. If not, upload a screenshot and we trace it for you.</p>',
      BN: '<p>উত্তোলনের টাকা পাঠানোর পর জানান আপনি তা পেয়েছেন কি না। না পেলে একটি স্ক্রিনশট আপলোড করুন, আমরা খুঁজে দেখব।</p>',
    },
  },
  {
    promotion: 'POINTS',
    title: { EN: 'Double points on live games', BN: 'লাইভ গেমে দ্বিগুণ পয়েন্ট' },
    content: {
      EN: '<p>This month every valid bet on live casino earns double points. Points never expire.</p>',
      BN: '<p>এই মাসে লাইভ ক্যাসিনোর প্রতিটি বৈধ বাজিতে দ্বিগুণ পয়েন্ট। পয়েন্টের কোনো মেয়াদ নেই।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Responsible gaming tools', BN: 'দায়িত্বশীল গেমিংয়ের সুবিধা' },
    content: {
      EN: '<p>Deposit limits, time-outs and self-exclusion are available in the Security Center. Play for fun, within your means.</p>',
      BN: '<p>সিকিউরিটি সেন্টারে জমার সীমা, বিরতি ও স্ব-বর্জনের সুবিধা আছে। সামর্থ্যের মধ্যে, আনন্দের জন্য খেলুন।</p>',
    },
  },
  {
    promotion: 'EVENT',
    title: { EN: 'Fishing frenzy weekend', BN: 'ফিশিং উন্মাদনার সপ্তাহান্ত' },
    content: {
      EN: '<p>Catch the golden dragon in any fishing game this weekend for a bonus of up to ৳5,000.</p>',
      BN: '<p>এই সপ্তাহান্তে যেকোনো ফিশিং গেমে সোনালি ড্রাগন ধরুন, পান সর্বোচ্চ ৳৫,০০০ বোনাস।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Bank transfer hours', BN: 'ব্যাংক ট্রান্সফারের সময়সূচি' },
    content: {
      EN: '<p>Bank transfer withdrawals are processed from 10:00 to 22:00. Mobile wallet withdrawals run around the clock.</p>',
      BN: '<p>ব্যাংক ট্রান্সফারে উত্তোলন সকাল ১০টা থেকে রাত ১০টা পর্যন্ত প্রক্রিয়া হয়। মোবাইল ওয়ালেটে উত্তোলন চলে দিনরাত।</p>',
    },
  },
  {
    promotion: 'REBATE',
    title: { EN: 'Sports loss rebate 5%', BN: 'স্পোর্টসে হারের ওপর ৫% রিবেট' },
    content: {
      EN: '<p>Net losses on sports betting from Monday to Sunday are refunded 5% every Monday, up to ৳20,000.</p>',
      BN: '<p>সোমবার থেকে রবিবার পর্যন্ত স্পোর্টস বেটিংয়ে নিট লোকসানের ৫% প্রতি সোমবার ফেরত দেওয়া হয়, সর্বোচ্চ ৳২০,০০০।</p>',
    },
  },
  {
    promotion: '',
    title: { EN: 'Welcome to Playfront', BN: 'প্লেফ্রন্টে স্বাগতম' },
    content: {
      EN: '<p>Thank you for joining us. Questions? Our live chat is open 24/7.</p>',
      BN: '<p>আমাদের সঙ্গে যুক্ত হওয়ার জন্য ধন্যবাদ। কোনো প্রশ্ন থাকলে আমাদের লাইভ চ্যাট ২৪/৭ খোলা।</p>',
    },
  },
];

/** Announcements are dated one a day back from this fixed moment, so the seed is the same on every machine. */
const ANNOUNCEMENTS_FROM = Date.UTC(2026, 10, 20, 4, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

async function hasRows(db: Db, table: 'banner' | 'notice' | 'popup' | 'announcement', brandId: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('brand_id', '=', brandId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function seedDemoContent(db: Db, brandId: number): Promise<void> {
  if (!(await hasRows(db, 'banner', brandId))) {
    await db
      .insertInto('banner')
      .values(
        DEMO_BANNERS.map((b, i) => ({
          brand_id: brandId,
          group_name: b.group,
          linkage_type: b.linkage,
          link_target: b.target,
          sort: i + 1,
          ...artwork('banner', b.key),
        })),
      )
      .execute();
  }
  if (!(await hasRows(db, 'notice', brandId))) {
    await db
      .insertInto('notice')
      .values(
        DEMO_NOTICES.map((n, i) => ({ brand_id: brandId, type: n.type, title: n.title, content: n.content, platform: 'W', sort: i + 1 })),
      )
      .execute();
  }
  if (!(await hasRows(db, 'popup', brandId))) {
    await db
      .insertInto('popup')
      .values(
        DEMO_POPUPS.map((p, i) => ({
          brand_id: brandId,
          execution: p.execution,
          title: p.title,
          content: p.content,
          image_url: p.art ? (artwork('popup', p.art).image_url satisfies Localised) : null,
          sort: i + 1,
        })),
      )
      .execute();
  }
  if (!(await hasRows(db, 'announcement', brandId))) {
    await db
      .insertInto('announcement')
      .values(
        DEMO_ANNOUNCEMENTS.map((a, i) => ({
          brand_id: brandId,
          title: a.title,
          content: a.content,
          promotion_type: a.promotion,
          published_at: new Date(ANNOUNCEMENTS_FROM - i * DAY_MS),
        })),
      )
      .execute();
  }
}
