import type { Db } from '../db/database.ts';

/**
 * The demo brand's points mall: earning rates, the conversion ratio and eight rewards. Rates are points per ৳100 of
 * valid bet (per category) or of deposit; the ratio is 100 points = ৳1.00. Inserts only what is missing, so an
 * operator's changes stay.
 */
export const DEMO_POINTS_CONFIG = {
  rate_live: 80,
  rate_lottery: 100,
  rate_pvp: 60,
  rate_slots: 100,
  rate_sports: 100,
  rate_deposit: 50,
  convert_points: 100,
  convert_amount: 100n,
  min_convert_points: 500,
  convert_enabled: true,
} as const;

export const DEMO_REWARDS = [
  {
    code: 'cash-10',
    kind: 'CASH',
    picture: 'cash-10',
    name_en: '৳10 cash to your wallet',
    name_bn: 'ওয়ালেটে ৳১০ ক্যাশ',
    description_en: 'Credited to your main wallet as soon as the redemption is approved. Play it or withdraw it.',
    description_bn: 'রিডেম্পশন অনুমোদিত হলেই আপনার মূল ওয়ালেটে জমা হবে। খেলুন বা উত্তোলন করুন।',
    price: 500n,
    stock: 1000,
    per_member_limit: 10,
    cash_amount: 1_000n,
    sort: 1,
  },
  {
    code: 'cash-50',
    kind: 'CASH',
    picture: 'cash-50',
    name_en: '৳50 cash to your wallet',
    name_bn: 'ওয়ালেটে ৳৫০ ক্যাশ',
    description_en: 'A bigger cash reward, credited to your main wallet once approved.',
    description_bn: 'বড় ক্যাশ পুরস্কার, অনুমোদনের পর আপনার মূল ওয়ালেটে জমা হবে।',
    price: 2_400n,
    stock: 500,
    per_member_limit: 5,
    cash_amount: 5_000n,
    sort: 2,
  },
  {
    code: 'spins-20',
    kind: 'VOUCHER',
    picture: 'spins-20',
    name_en: '20 free spins on PG Soft slots',
    name_bn: 'পিজি সফট স্লটে ২০টি ফ্রি স্পিন',
    description_en: 'A free-spin voucher code for PG Soft slots, issued when the redemption is approved.',
    description_bn: 'পিজি সফট স্লটের জন্য ফ্রি স্পিন ভাউচার কোড, রিডেম্পশন অনুমোদিত হলে দেওয়া হয়।',
    price: 800n,
    stock: null,
    per_member_limit: 3,
    voucher_spins: 20,
    voucher_game: 'PG',
    sort: 3,
  },
  {
    code: 'spins-50',
    kind: 'VOUCHER',
    picture: 'spins-50',
    name_en: '50 VIP free spins',
    name_bn: '৫০টি ভিআইপি ফ্রি স্পিন',
    description_en: 'For VIP level 1 and above: fifty free spins on any house slot.',
    description_bn: 'ভিআইপি লেভেল ১ ও তার উপরের জন্য: যেকোনো হাউস স্লটে পঞ্চাশটি ফ্রি স্পিন।',
    price: 1_800n,
    stock: 200,
    per_member_limit: 2,
    voucher_spins: 50,
    voucher_game: 'PG',
    min_vip_level: 1,
    sort: 4,
  },
  {
    code: 'cricket-jersey',
    kind: 'GOODS',
    picture: 'jersey-10',
    name_en: 'Bangladesh cricket fan jersey',
    name_bn: 'বাংলাদেশ ক্রিকেট ফ্যান জার্সি',
    description_en: 'Official-style fan jersey, sizes S to XXL (write your size with the address). Delivered in 5 to 7 days.',
    description_bn: 'অফিসিয়াল ধাঁচের ফ্যান জার্সি, S থেকে XXL সাইজ (ঠিকানার সঙ্গে সাইজ লিখুন)। ৫ থেকে ৭ দিনে পৌঁছে যাবে।',
    price: 6_000n,
    stock: 120,
    per_member_limit: 2,
    needs_verified_mobile: true,
    sort: 5,
  },
  {
    code: 'power-bank',
    kind: 'GOODS',
    picture: 'powerbank',
    name_en: '10,000 mAh power bank',
    name_bn: '১০,০০০ এমএএইচ পাওয়ার ব্যাংক',
    description_en: 'Fast-charging power bank with two USB ports. Back in stock soon.',
    description_bn: 'দুটি ইউএসবি পোর্টসহ দ্রুত চার্জিং পাওয়ার ব্যাংক। শীঘ্রই আবার স্টকে আসবে।',
    price: 4_500n,
    stock: 0,
    per_member_limit: 1,
    needs_verified_mobile: true,
    sort: 6,
  },
  {
    code: 'wireless-earbuds',
    kind: 'GOODS',
    picture: 'earbuds',
    name_en: 'Wireless earbuds',
    name_bn: 'ওয়্যারলেস ইয়ারবাড',
    description_en: 'Bluetooth 5.3 earbuds with charging case, up to 24 hours of play.',
    description_bn: 'চার্জিং কেসসহ ব্লুটুথ ৫.৩ ইয়ারবাড, ২৪ ঘণ্টা পর্যন্ত চলে।',
    price: 15_000n,
    stock: 25,
    per_member_limit: 1,
    needs_verified_mobile: true,
    sort: 7,
  },
  {
    code: 'smartphone',
    kind: 'GOODS',
    picture: 'phone',
    name_en: 'Android smartphone 128 GB',
    name_bn: 'অ্যান্ড্রয়েড স্মার্টফোন ১২৮ জিবি',
    description_en: 'A 6.5-inch Android phone with 128 GB storage. Only three to win this month.',
    description_bn: '১২৮ জিবি স্টোরেজসহ ৬.৫ ইঞ্চি অ্যান্ড্রয়েড ফোন। এই মাসে মাত্র তিনটি।',
    price: 90_000n,
    stock: 3,
    per_member_limit: 1,
    needs_verified_mobile: true,
    sort: 8,
  },
] as const;

export async function seedDemoPoints(db: Db, brandId: number): Promise<void> {
  await db
    .insertInto('points_config')
    .values({ brand_id: brandId, ...DEMO_POINTS_CONFIG })
    .onConflict((oc) => oc.column('brand_id').doNothing())
    .execute();
  await db
    .insertInto('points_reward')
    .values(
      DEMO_REWARDS.map((r) => ({
        cash_amount: null,
        voucher_spins: null,
        voucher_game: null,
        ...r,
        brand_id: brandId,
      })),
    )
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .execute();
}
