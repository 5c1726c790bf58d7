import { TRACKING_KEYS } from '@playfront/contract/constants';
import type { GameClassify, GameType, MenuCode, WalletMode } from '@playfront/contract/games-paths';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Localised } from '../features/content/content.table.ts';
import type { NewGame } from '../features/games/games.table.ts';
import { seededRandom, teamArtPath, teamSlug } from './game-art.ts';

/**
 * The demo catalogue: 10,000 games over the footer vendors and the rest, made
 * by a seeded PRNG (never Math.random), so every machine gets the same games
 * with the same node ids. Names come from word lists with a Bengali twin for
 * every word. Slots spread over the sub-categories, minimum bets and lines so
 * the lobby's filters (≥ 1 taka, ≥ 25 lines) split the list in useful parts.
 * Artwork is generated from each game's identity (seed/game-art.ts).
 */
export const DEMO_GAME_TOTAL = 10_000;
/** Seeded games get node ids 100001…110000; imported ones come from a sequence starting at 1000001. */
const FIRST_NODE_ID = 100_001;

type Kind = 'slot' | 'live' | 'fish' | 'pvp' | 'lobby' | 'lottery' | 'elottery' | 'instant';

export type DemoVendor = {
  code: string;
  name: string;
  gameType: GameType;
  kind: Kind;
  walletMode: WalletMode;
  isVendorType: boolean;
  /** Fixed size for non-slot vendors; a weight for slot vendors, which share what is left of DEMO_GAME_TOTAL. */
  count: number;
};

const v = (
  code: string,
  name: string,
  gameType: GameType,
  kind: Kind,
  count: number,
  walletMode: WalletMode = 'seamless',
  isVendorType = false,
) => ({
  code,
  name,
  gameType,
  kind,
  count,
  walletMode,
  isVendorType,
});

/** In display order within each category; the footer vendors (PG, EG2, PT, JDB, CQ9, FC, JL, BGS) lead the slots. */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  v('PG', 'PG Soft', 'RNG', 'slot', 8),
  v('EG2', 'EG2 Gaming', 'RNG', 'slot', 5),
  v('PT', 'Playtech', 'RNG', 'slot', 8),
  v('JDB', 'JDB', 'RNG', 'slot', 6),
  v('CQ9', 'CQ9', 'RNG', 'slot', 7),
  v('FC', 'Fa Chai', 'RNG', 'slot', 5),
  v('JL', 'JILI', 'RNG', 'slot', 7),
  v('BGS', 'BGS', 'RNG', 'slot', 4),
  v('PP', 'Pragmatic Play', 'RNG', 'slot', 10),
  v('HABA', 'Habanero', 'RNG', 'slot', 6),
  v('RT', 'Red Tiger', 'RNG', 'slot', 6),
  v('SG', 'Spadegaming', 'RNG', 'slot', 5),
  v('KA', 'KA Gaming', 'RNG', 'slot', 8),
  v('MG', 'Microgaming', 'RNG', 'slot', 9),
  v('NLC', 'Nolimit City', 'RNG', 'slot', 3),
  v('YGR', 'YGR', 'RNG', 'slot', 3),
  v('EVO', 'Evolution', 'LIVE', 'live', 120),
  v('SEXY', 'Sexy Baccarat', 'LIVE', 'live', 40),
  v('PP-LIVE', 'Pragmatic Live', 'LIVE', 'live', 60),
  v('DG', 'Dream Gaming', 'LIVE', 'live', 30),
  v('SBO', 'SBOBET', 'SPORTS', 'lobby', 1, 'transfer'),
  v('SABA', 'SABA Sports', 'SPORTS', 'lobby', 1, 'transfer'),
  v('IMES', 'IM Esports', 'ESPORTS', 'lobby', 1, 'transfer'),
  v('TF', 'TF Gaming', 'ESPORTS', 'lobby', 1, 'transfer'),
  v('IA', 'IA Esports', 'ESPORTS', 'lobby', 1, 'transfer'),
  v('SV3', 'SV388', 'COCKFIGHT', 'lobby', 1, 'transfer'),
  v('JDB-FISH', 'JDB Fishing', 'FISH', 'fish', 20),
  v('FC-FISH', 'Fa Chai Fishing', 'FISH', 'fish', 15),
  v('JL-FISH', 'JILI Fishing', 'FISH', 'fish', 15),
  v('KM', 'Kingmaker', 'PVP', 'pvp', 60, 'transfer', true),
  v('V8', 'V8 Poker', 'PVP', 'pvp', 50, 'transfer', true),
  // The four lottery vendors are seamless: the built-in lottery provider (apps/lottery) plays them for real money.
  v('TCG_LOTTO_VN', 'TCG Vietnam Lotto', 'LOTT', 'lottery', 12),
  v('TCG_SEA', 'TCG SEA Lottery', 'LOTT', 'lottery', 10),
  v('LOTT', 'Playfront Lottery', 'LOTT', 'lottery', 8),
  v('ELOTT', 'E-Lottery', 'ELOTT', 'elottery', 12),
  v('SPB', 'Spribe', 'SPB', 'instant', 40),
  v('SS', 'SmartSoft', 'SPB', 'instant', 30),
];

// ---- words (EN → BN) ----------------------------------------------------------------

type Word = readonly [en: string, bn: string];

const ADJECTIVES: readonly Word[] = [
  ['Golden', 'সোনালি'],
  ['Lucky', 'ভাগ্যবান'],
  ['Mighty', 'শক্তিশালী'],
  ['Wild', 'বুনো'],
  ['Royal', 'রাজকীয়'],
  ['Mystic', 'রহস্যময়'],
  ['Sweet', 'মিষ্টি'],
  ['Magic', 'জাদুর'],
  ['Fire', 'আগুনের'],
  ['Ice', 'বরফের'],
  ['Thunder', 'বজ্রের'],
  ['Crystal', 'স্ফটিকের'],
  ['Diamond', 'হীরার'],
  ['Silver', 'রুপালি'],
  ['Jade', 'জেড'],
  ['Emerald', 'পান্নার'],
  ['Ruby', 'চুনির'],
  ['Sapphire', 'নীলকান্তমণির'],
  ['Crazy', 'পাগলাটে'],
  ['Happy', 'খুশির'],
  ['Great', 'মহান'],
  ['Super', 'সুপার'],
  ['Mega', 'মেগা'],
  ['Ancient', 'প্রাচীন'],
  ['Hidden', 'লুকানো'],
  ['Secret', 'গোপন'],
  ['Eternal', 'চিরন্তন'],
  ['Fortune', 'ভাগ্যের'],
  ['Jungle', 'জঙ্গলের'],
  ['Ocean', 'সাগরের'],
  ['Desert', 'মরুভূমির'],
  ['Mountain', 'পাহাড়ের'],
  ['Midnight', 'মধ্যরাতের'],
  ['Sunset', 'গোধূলির'],
  ['Moonlight', 'জোছনার'],
  ['Starry', 'তারাভরা'],
  ['Cosmic', 'মহাজাগতিক'],
  ['Lightning', 'বিদ্যুতের'],
  ['Blazing', 'জ্বলন্ত'],
  ['Frozen', 'হিমশীতল'],
  ['Spicy', 'ঝাল'],
  ['Juicy', 'রসালো'],
  ['Shining', 'ঝলমলে'],
  ['Hot', 'গরম'],
  ['Rich', 'ধনী'],
  ['Neon', 'নিয়ন'],
  ['Pirate', 'জলদস্যুর'],
  ['Samurai', 'সামুরাই'],
  ['Viking', 'ভাইকিং'],
  ['Aztec', 'অ্যাজটেক'],
  ['Mayan', 'মায়ান'],
  ['Egyptian', 'মিশরীয়'],
  ['Oriental', 'প্রাচ্যের'],
  ['Bengal', 'বাংলার'],
  ['Monsoon', 'বর্ষার'],
  ['Festival', 'উৎসবের'],
  ['Sacred', 'পবিত্র'],
  ['Savage', 'হিংস্র'],
  ['Shadow', 'ছায়ার'],
  ['Emperor’s', 'সম্রাটের'],
];

const NOUNS: readonly Word[] = [
  ['Tiger', 'বাঘ'],
  ['Dragon', 'ড্রাগন'],
  ['Phoenix', 'ফিনিক্স'],
  ['Treasure', 'গুপ্তধন'],
  ['Gems', 'রত্ন'],
  ['Fruits', 'ফল'],
  ['Pharaoh', 'ফারাও'],
  ['Panda', 'পান্ডা'],
  ['Koi', 'কই'],
  ['Temple', 'মন্দির'],
  ['Riches', 'ঐশ্বর্য'],
  ['Gold', 'সোনা'],
  ['Coins', 'মুদ্রা'],
  ['Empire', 'সাম্রাজ্য'],
  ['Kingdom', 'রাজ্য'],
  ['Queen', 'রানি'],
  ['King', 'রাজা'],
  ['Princess', 'রাজকন্যা'],
  ['Warrior', 'যোদ্ধা'],
  ['Legends', 'কিংবদন্তি'],
  ['Quest', 'অভিযান'],
  ['Island', 'দ্বীপ'],
  ['Safari', 'সাফারি'],
  ['Buffalo', 'মহিষ'],
  ['Wolf', 'নেকড়ে'],
  ['Eagle', 'ঈগল'],
  ['Lion', 'সিংহ'],
  ['Elephant', 'হাতি'],
  ['Peacock', 'ময়ূর'],
  ['Lotus', 'পদ্ম'],
  ['Moon', 'চাঁদ'],
  ['Sun', 'সূর্য'],
  ['Stars', 'তারা'],
  ['Bells', 'ঘণ্টা'],
  ['Sevens', 'সাত'],
  ['Cherries', 'চেরি'],
  ['Candy', 'ক্যান্ডি'],
  ['Carnival', 'কার্নিভাল'],
  ['Mine', 'খনি'],
  ['Vault', 'ভল্ট'],
  ['Ninja', 'নিনজা'],
  ['Monkey', 'বানর'],
  ['Rooster', 'মোরগ'],
  ['Ox', 'ষাঁড়'],
  ['Rabbit', 'খরগোশ'],
  ['Horse', 'ঘোড়া'],
  ['Goddess', 'দেবী'],
  ['Wizard', 'জাদুকর'],
  ['Fairy', 'পরী'],
  ['Genie', 'জিন'],
  ['Lamp', 'প্রদীপ'],
  ['Crown', 'মুকুট'],
  ['Fortress', 'দুর্গ'],
  ['River', 'নদী'],
  ['Garden', 'বাগান'],
  ['Palace', 'প্রাসাদ'],
  ['Bazaar', 'বাজার'],
  ['Cobra', 'গোখরা'],
  ['Tea Garden', 'চা-বাগান'],
  ['Nights', 'রাত'],
];

const SUFFIXES: readonly Word[] = [
  ['Deluxe', 'ডিলাক্স'],
  ['Megaways', 'মেগাওয়েজ'],
  ['Hold & Win', 'হোল্ড অ্যান্ড উইন'],
  ['2', '২'],
  ['3', '৩'],
  ['Rush', 'রাশ'],
  ['Link', 'লিংক'],
  ['Power', 'পাওয়ার'],
  ['Bonanza', 'বোনানজা'],
  ['Blitz', 'ব্লিৎজ'],
  ['Max', 'ম্যাক্স'],
  ['Extreme', 'এক্সট্রিম'],
  ['1000', '১০০০'],
];

const VIDEO_POKER: readonly Word[] = [
  ['Jacks or Better', 'জ্যাকস অর বেটার'],
  ['Deuces Wild', 'ডিউসেস ওয়াইল্ড'],
  ['Joker Poker', 'জোকার পোকার'],
  ['Double Bonus Poker', 'ডাবল বোনাস পোকার'],
  ['Aces and Faces', 'এসেস অ্যান্ড ফেসেস'],
  ['Tens or Better', 'টেনস অর বেটার'],
  ['Bonus Deuces', 'বোনাস ডিউসেস'],
  ['Triple Play Poker', 'ট্রিপল প্লে পোকার'],
];

const TABLE_GAMES: readonly Word[] = [
  ['Blackjack', 'ব্ল্যাকজ্যাক'],
  ['European Roulette', 'ইউরোপিয়ান রুলেট'],
  ['American Roulette', 'আমেরিকান রুলেট'],
  ['Baccarat', 'ব্যাকারাট'],
  ['Sic Bo', 'সিক বো'],
  ['Dragon Tiger', 'ড্রাগন টাইগার'],
  ['Andar Bahar', 'আন্দার বাহার'],
  ['Teen Patti', 'তিন পাত্তি'],
  ["Casino Hold'em", 'ক্যাসিনো হোল্ডেম'],
  ['Three Card Poker', 'থ্রি কার্ড পোকার'],
  ['Red Dog', 'রেড ডগ'],
  ['Craps', 'ক্র্যাপস'],
];

const TABLE_PREFIXES: readonly Word[] = [
  ['Classic', 'ক্লাসিক'],
  ['Premium', 'প্রিমিয়াম'],
  ['Mini', 'মিনি'],
  ['VIP', 'ভিআইপি'],
  ['Turbo', 'টার্বো'],
  ['Multi-Hand', 'মাল্টি-হ্যান্ড'],
  ['Gold', 'গোল্ড'],
  ['Royal', 'রয়্যাল'],
];

const ARCADE: readonly Word[] = [
  ['Plinko', 'প্লিংকো'],
  ['Mines', 'মাইনস'],
  ['Crash', 'ক্র্যাশ'],
  ['Dice', 'ডাইস'],
  ['Keno', 'কেনো'],
  ['Limbo', 'লিম্বো'],
  ['Hi-Lo', 'হাই-লো'],
  ['Tower', 'টাওয়ার'],
  ['Goal', 'গোল'],
  ['Wheel', 'চাকা'],
  ['Coin Flip', 'কয়েন ফ্লিপ'],
  ['Balloon', 'বেলুন'],
  ['Jet', 'জেট'],
];

const LIVE_TABLES: readonly Word[] = [
  ['Baccarat', 'ব্যাকারাট'],
  ['Speed Baccarat', 'স্পিড ব্যাকারাট'],
  ['No Commission Baccarat', 'নো কমিশন ব্যাকারাট'],
  ['Blackjack', 'ব্ল্যাকজ্যাক'],
  ['Roulette', 'রুলেট'],
  ['Auto Roulette', 'অটো রুলেট'],
  ['Dragon Tiger', 'ড্রাগন টাইগার'],
  ['Sic Bo', 'সিক বো'],
  ['Andar Bahar', 'আন্দার বাহার'],
  ['Teen Patti', 'তিন পাত্তি'],
  ['Fan Tan', 'ফ্যান ট্যান'],
  ['Money Wheel', 'মানি হুইল'],
];

const FISH_ADJ: readonly Word[] = [
  ['Ocean', 'সাগরের'],
  ['Golden', 'সোনালি'],
  ['Dragon', 'ড্রাগন'],
  ['Deep Sea', 'গভীর সমুদ্রের'],
  ['Mermaid', 'মৎস্যকন্যার'],
  ['Thunder', 'বজ্রের'],
  ['Royal', 'রাজকীয়'],
  ['Jackpot', 'জ্যাকপট'],
];
const FISH_NOUNS: readonly Word[] = [
  ['Fishing', 'মাছ শিকার'],
  ['Hunter', 'শিকারি'],
  ['Catch', 'শিকার'],
  ['Reef', 'প্রবালপ্রাচীর'],
  ['Shark', 'হাঙর'],
  ['Whale', 'তিমি'],
  ['Kraken', 'ক্র্যাকেন'],
];

const PVP_GAMES: readonly Word[] = [
  ['Teen Patti', 'তিন পাত্তি'],
  ['Call Break', 'কল ব্রেক'],
  ['Andar Bahar', 'আন্দার বাহার'],
  ['Dragon Tiger', 'ড্রাগন টাইগার'],
  ['Poker', 'পোকার'],
  ['Blackjack', 'ব্ল্যাকজ্যাক'],
  ['Baccarat', 'ব্যাকারাট'],
  ['Jhandi Munda', 'ঝান্ডি মুন্ডা'],
  ['Sic Bo', 'সিক বো'],
  ['Thai Hi-Lo', 'থাই হাই-লো'],
  ['Color Game', 'কালার গেম'],
  ['Seven Up Down', 'সেভেন আপ ডাউন'],
];
const PVP_PREFIXES: readonly Word[] = [
  ['', ''],
  ['Royal', 'রয়্যাল'],
  ['Speed', 'স্পিড'],
  ['Classic', 'ক্লাসিক'],
  ['Joker', 'জোকার'],
  ['Golden', 'গোল্ডেন'],
];

const LOTTERIES: Record<string, readonly Word[]> = {
  TCG_LOTTO_VN: [
    ['Northern Lottery', 'উত্তরাঞ্চল লটারি'],
    ['Southern Lottery', 'দক্ষিণাঞ্চল লটারি'],
    ['Central Lottery', 'মধ্যাঞ্চল লটারি'],
    ['Hanoi VIP', 'হ্যানয় ভিআইপি'],
    ['Saigon Express', 'সাইগন এক্সপ্রেস'],
    ['Mekong 5 Minutes', 'মেকং ৫ মিনিট'],
  ],
  TCG_SEA: [
    ['Thai Lottery', 'থাই লটারি'],
    ['Malaysia 4D', 'মালয়েশিয়া ৪ডি'],
    ['Singapore 4D', 'সিঙ্গাপুর ৪ডি'],
    ['Lao Lottery', 'লাও লটারি'],
    ['Sabah 88', 'সাবাহ ৮৮'],
  ],
  LOTT: [
    ['Lucky 3D', 'লাকি ৩ডি'],
    ['Lotto 5 Minutes', 'লটো ৫ মিনিট'],
    ['Daily Draw', 'দৈনিক ড্র'],
    ['Super Lotto', 'সুপার লটো'],
  ],
  ELOTT: [
    ['Fast 3', 'ফাস্ট ৩'],
    ['11 x 5', '১১ x ৫'],
    ['PK10 Racing', 'পিকে১০ রেসিং'],
    ['Quick Keno', 'কুইক কেনো'],
    ['Lucky 28', 'লাকি ২৮'],
    ['Happy 8', 'হ্যাপি ৮'],
  ],
};

const LOBBIES: Record<string, Word> = {
  SBO: ['SBOBET Sportsbook', 'এসবিওবেট স্পোর্টসবুক'],
  SABA: ['SABA Sports', 'সাবা স্পোর্টস'],
  IMES: ['IM Esports', 'আইএম ই-স্পোর্টস'],
  TF: ['TF Gaming Esports', 'টিএফ গেমিং ই-স্পোর্টস'],
  IA: ['IA Esports', 'আইএ ই-স্পোর্টস'],
  SV3: ['SV388 Cockfight', 'এসভি৩৮৮ মোরগ লড়াই'],
};

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
export const bnDigits = (text: string) => text.replace(/[0-9]/g, (d) => BN_DIGITS[Number(d)] as string);

// ---- generation --------------------------------------------------------------------

export type DemoGame = Omit<NewGame, 'node_id'> & { node_id: string; min_bet: bigint };

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** Picks by weight: `[[value, weight], …]`. */
function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let roll = random() * total;
  for (const [value, w] of options) {
    roll -= w;
    if (roll < 0) return value;
  }
  return (options[options.length - 1] as readonly [T, number])[0];
}

const SLOT_MIN_BETS = [
  [10, 10],
  [20, 20],
  [50, 20],
  [100, 25],
  [200, 15],
  [500, 7],
  [1000, 3],
] as const;
const SLOT_LINES = [
  [5, 8],
  [9, 10],
  [10, 12],
  [15, 8],
  [20, 12],
  [25, 14],
  [30, 10],
  [40, 8],
  [50, 8],
  [243, 6],
  [1024, 4],
] as const;
const CLASSIFIES = [
  [null, 62],
  ['SC', 6],
  ['VP', 6],
  ['JP', 10],
  ['TG', 8],
  ['AC', 8],
] as const satisfies readonly (readonly [GameClassify | null, number])[];

/** A fixed moment, so created_at (and "new") are the same on every machine. */
const CATALOGUE_EPOCH = Date.UTC(2026, 10, 20, 0, 0, 0);
const HOUR = 3_600_000;

function slotName(random: Random, classify: GameClassify | null): Word {
  switch (classify) {
    case 'SC': {
      const [a, b] = [pick(random, ADJECTIVES), pick(random, NOUNS)];
      return [`${a[0]} ${b[0]} Scratch`, `${a[1]} ${b[1]} স্ক্র্যাচ`];
    }
    case 'VP': {
      const [p, g] = [pick(random, TABLE_PREFIXES), pick(random, VIDEO_POKER)];
      return [`${p[0]} ${g[0]}`, `${p[1]} ${g[1]}`];
    }
    case 'TG': {
      const [p, g] = [pick(random, TABLE_PREFIXES), pick(random, TABLE_GAMES)];
      return [`${p[0]} ${g[0]}`, `${p[1]} ${g[1]}`];
    }
    case 'AC': {
      const [a, g] = [pick(random, ADJECTIVES), pick(random, ARCADE)];
      return [`${a[0]} ${g[0]}`, `${a[1]} ${g[1]}`];
    }
    case 'JP': {
      const [a, b] = [pick(random, ADJECTIVES), pick(random, NOUNS)];
      return [`${a[0]} ${b[0]} Jackpot`, `${a[1]} ${b[1]} জ্যাকপট`];
    }
    default: {
      const [a, b] = [pick(random, ADJECTIVES), pick(random, NOUNS)];
      if (random() < 0.4) {
        const s = pick(random, SUFFIXES);
        return [`${a[0]} ${b[0]} ${s[0]}`, `${a[1]} ${b[1]} ${s[1]}`];
      }
      return [`${a[0]} ${b[0]}`, `${a[1]} ${b[1]}`];
    }
  }
}

/** Makes a name unique among those already used by adding a number (2, 3, …) in both languages. */
function unique(used: Set<string>, [en, bn]: Word): Word {
  if (!used.has(en)) {
    used.add(en);
    return [en, bn];
  }
  for (let n = 2; ; n++) {
    const candidate = `${en} ${n}`;
    if (!used.has(candidate)) {
      used.add(candidate);
      return [candidate, `${bn} ${bnDigits(String(n))}`];
    }
  }
}

/** How many games each vendor gets: fixed counts, then the slot vendors share the rest by weight. */
function vendorCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  const slots = DEMO_VENDORS.filter((d) => d.kind === 'slot');
  const fixed = DEMO_VENDORS.filter((d) => d.kind !== 'slot').reduce((s, d) => s + d.count, 0);
  const left = DEMO_GAME_TOTAL - fixed;
  const weight = slots.reduce((s, d) => s + d.count, 0);
  let given = 0;
  for (const d of DEMO_VENDORS) {
    if (d.kind !== 'slot') counts.set(d.code, d.count);
    else {
      const n = Math.floor((left * d.count) / weight);
      counts.set(d.code, n);
      given += n;
    }
  }
  // Rounding leftovers go to the first slot vendors, one each.
  for (let i = 0; given < left; i++, given++) {
    const code = (slots[i % slots.length] as DemoVendor).code;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

function gamesOf(vendor: DemoVendor, count: number, used: Set<string>): Omit<DemoGame, 'node_id'>[] {
  const random = seededRandom(`catalogue:${vendor.code}`);
  const out: Omit<DemoGame, 'node_id'>[] = [];
  for (let i = 0; i < count; i++) {
    const position = i + 1;
    const code = `${vendor.code.replace(/[^A-Z0-9]/g, '')}_${String(position).padStart(4, '0')}`;
    let gameType: GameType = vendor.gameType;
    let classify: GameClassify | null = null;
    let name: Word;
    let minBet = 100;
    let lines = 0;
    let hasDemo = false;
    let isGame = true;
    switch (vendor.kind) {
      case 'slot': {
        classify = weighted(random, CLASSIFIES);
        name = slotName(random, classify);
        minBet = weighted(random, SLOT_MIN_BETS);
        lines =
          classify === null || classify === 'JP'
            ? name[0].includes('Megaways')
              ? 117_649
              : weighted(random, SLOT_LINES)
            : classify === 'VP'
              ? pick(random, [1, 3, 5, 10, 25, 50])
              : 0;
        hasDemo = random() < 0.85;
        break;
      }
      case 'instant': {
        // SPB vendors: RNG games listed in their own SPB section.
        gameType = 'RNG';
        classify = 'AC';
        const [a, g] = [pick(random, ADJECTIVES), pick(random, ARCADE)];
        name = random() < 0.5 ? g : [`${a[0]} ${g[0]}`, `${a[1]} ${g[1]}`];
        minBet = weighted(random, [
          [10, 40],
          [50, 30],
          [100, 30],
        ] as const);
        hasDemo = true;
        break;
      }
      case 'live': {
        const base = pick(random, LIVE_TABLES);
        const label = String.fromCharCode(65 + (i % 26));
        name = random() < 0.25 ? [`${base[0]} VIP ${label}`, `${base[1]} ভিআইপি ${label}`] : [`${base[0]} ${label}`, `${base[1]} ${label}`];
        minBet = weighted(random, [
          [1000, 40],
          [2000, 30],
          [5000, 20],
          [10000, 10],
        ] as const);
        break;
      }
      case 'fish': {
        const [a, n] = [pick(random, FISH_ADJ), pick(random, FISH_NOUNS)];
        name = [`${a[0]} ${n[0]}`, `${a[1]} ${n[1]}`];
        minBet = pick(random, [10, 50, 100]);
        hasDemo = random() < 0.6;
        break;
      }
      case 'pvp': {
        // Kingmaker's first two games are the RUMMY and LUDO menus' fixed launches.
        if (vendor.code === 'KM' && position === 1) {
          name = ['Rummy', 'রামি'];
          gameType = 'RUMMY';
        } else if (vendor.code === 'KM' && position === 2) {
          name = ['Ludo', 'লুডু'];
          gameType = 'LUDO';
        } else {
          const [p, g] = [pick(random, PVP_PREFIXES), pick(random, PVP_GAMES)];
          name = p[0] ? [`${p[0]} ${g[0]}`, `${p[1]} ${g[1]}`] : g;
        }
        minBet = pick(random, [100, 500, 1000]);
        break;
      }
      case 'lobby': {
        name = LOBBIES[vendor.code] ?? [vendor.name, vendor.name];
        minBet = 1000;
        isGame = false;
        break;
      }
      case 'lottery':
      case 'elottery': {
        const list = LOTTERIES[vendor.code] ?? [];
        const base = list[i % list.length] ?? ['Lottery', 'লটারি'];
        const round = Math.floor(i / list.length);
        name = round === 0 ? base : [`${base[0]} ${round + 1}`, `${base[1]} ${bnDigits(String(round + 1))}`];
        minBet = pick(random, [100, 200]);
        isGame = vendor.kind === 'elottery';
        break;
      }
    }
    name = unique(used, name);
    // The first three of each vendor are its hot games, plus about 3% more; about 5% are new.
    const hot = position <= 3 || random() < 0.03;
    const isNew = random() < 0.05;
    const createdAt = new Date(CATALOGUE_EPOCH - (isNew ? Math.floor(random() * 72) : 24 * 30 + Math.floor(random() * 24 * 700)) * HOUR);
    out.push({
      game_id: String(1000 + position),
      game_code: code,
      vendor_code: vendor.code,
      game_type: gameType,
      classify,
      name_en: name[0],
      name_bn: name[1],
      min_bet: BigInt(minBet),
      lines,
      is_hot: hot,
      is_new: isNew,
      has_demo: hasDemo,
      is_game: isGame,
      sort: position,
      image_path: null,
      large_icon: vendor.kind === 'slot' && position === 1,
      active: true,
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  return out;
}

let built: { vendors: readonly DemoVendor[]; games: DemoGame[] } | undefined;

/** The whole demo catalogue, built once per process (about 50 ms). */
export function demoCatalogue(): { vendors: readonly DemoVendor[]; games: DemoGame[] } {
  built ??= buildDemoCatalogue();
  return built;
}

/** Builds the catalogue from scratch: the same games, ids and names on every call and every machine. */
export function buildDemoCatalogue(): { vendors: readonly DemoVendor[]; games: DemoGame[] } {
  const counts = vendorCounts();
  const used = new Set<string>();
  const games: DemoGame[] = [];
  for (const vendor of DEMO_VENDORS) {
    for (const g of gamesOf(vendor, counts.get(vendor.code) ?? 0, used)) {
      games.push({ ...g, node_id: String(FIRST_NODE_ID + games.length) });
    }
  }
  return { vendors: DEMO_VENDORS, games };
}

// ---- menus, winners, matches, jackpot ---------------------------------------------------

type DemoMenu = { code: MenuCode; name: Localised; path: string | null; trackingKey: string; launch?: string };

/** The lobby menu carousel in the spec's order. COCKFIGHT lives in the sports game centre; SPB in the slots list. */
export const DEMO_MENUS: readonly DemoMenu[] = [
  { code: 'HOME', name: { EN: 'Home', BN: 'হোম' }, path: '/', trackingKey: TRACKING_KEYS.HOME },
  { code: 'FAV', name: { EN: 'Favourites', BN: 'প্রিয়' }, path: '/favorite', trackingKey: '' },
  { code: 'RNG', name: { EN: 'Slots', BN: 'স্লট' }, path: '/rng', trackingKey: TRACKING_KEYS.RNG },
  { code: 'LIVE', name: { EN: 'Live Casino', BN: 'লাইভ ক্যাসিনো' }, path: '/live', trackingKey: TRACKING_KEYS.LIVE },
  { code: 'SPORTS', name: { EN: 'Sports', BN: 'স্পোর্টস' }, path: '/sports', trackingKey: TRACKING_KEYS.SPORTS },
  { code: 'PVP', name: { EN: 'Card Games', BN: 'কার্ড গেম' }, path: '/pvp', trackingKey: TRACKING_KEYS.PVP },
  { code: 'ESPORTS', name: { EN: 'E-sports', BN: 'ই-স্পোর্টস' }, path: '/esports', trackingKey: TRACKING_KEYS.ESPORTS },
  { code: 'FISH', name: { EN: 'Fishing', BN: 'ফিশিং' }, path: '/fish', trackingKey: TRACKING_KEYS.FISH },
  { code: 'ELOTT', name: { EN: 'E-Lottery', BN: 'ই-লটারি' }, path: '/elott', trackingKey: TRACKING_KEYS.ELOTT },
  { code: 'COCKFIGHT', name: { EN: 'Cockfight', BN: 'মোরগ লড়াই' }, path: '/sports', trackingKey: TRACKING_KEYS.SPORTS },
  { code: 'LOTT', name: { EN: 'Lottery', BN: 'লটারি' }, path: '/lott', trackingKey: TRACKING_KEYS.LOTT },
  { code: 'SPB', name: { EN: 'Instant Games', BN: 'ইনস্ট্যান্ট গেম' }, path: '/rng?vassalage=SPB,SS', trackingKey: TRACKING_KEYS.RNG },
  { code: 'RUMMY', name: { EN: 'Rummy', BN: 'রামি' }, path: null, trackingKey: '', launch: 'KM_0001' },
  { code: 'LUDO', name: { EN: 'Ludo', BN: 'লুডু' }, path: null, trackingKey: '', launch: 'KM_0002' },
];

const PLAYER_NAMES = [
  'rakib',
  'sumon',
  'tanvir',
  'nusrat',
  'shakil',
  'mahmud',
  'farhana',
  'arif',
  'sabbir',
  'jannat',
  'rasel',
  'mitu',
  'hasan',
  'rupa',
  'imran',
  'sadia',
  'tuhin',
  'priya',
  'kamal',
  'shapla',
  'nayeem',
  'ritu',
  'biplob',
  'moni',
];

/** Demo winners: ~150 plausible wins (the playing issue adds real ones as they happen). */
export function demoWinners(): { customerName: string; nodeId: string; gameType: GameType; winAmount: bigint; wonAt: Date }[] {
  const { games } = demoCatalogue();
  const random = seededRandom('catalogue:winners');
  const eligible = games.filter((g) => g.is_game && ['RNG', 'LIVE', 'FISH', 'PVP'].includes(g.game_type));
  return Array.from({ length: 150 }, () => {
    const game = pick(random, eligible);
    const name = `${pick(random, PLAYER_NAMES)}${random() < 0.7 ? Math.floor(random() * 990) + 10 : ''}`;
    // Log-uniform between ৳500 and ৳2,500,000, in poisha, rounded to whole taka.
    const taka = Math.round(500 * 5000 ** random());
    return {
      customerName: name,
      nodeId: game.node_id,
      gameType: game.game_type,
      winAmount: BigInt(taka) * 100n,
      wonAt: new Date(CATALOGUE_EPOCH - Math.floor(random() * 14 * 24) * HOUR),
    };
  });
}

type DemoTeam = readonly [en: string, bn: string];
const CRICKET: readonly DemoTeam[] = [
  ['Dhaka Royals', 'ঢাকা রয়্যালস'],
  ['Chattogram Kings', 'চট্টগ্রাম কিংস'],
  ['Sylhet Strikers', 'সিলেট স্ট্রাইকার্স'],
  ['Khulna Tigers', 'খুলনা টাইগার্স'],
  ['Rajshahi Warriors', 'রাজশাহী ওয়ারিয়র্স'],
  ['Barishal Bulls', 'বরিশাল বুলস'],
];
const FOOTBALL: readonly DemoTeam[] = [
  ['Padma United', 'পদ্মা ইউনাইটেড'],
  ['Meghna Rovers', 'মেঘনা রোভার্স'],
  ['Jamuna City', 'যমুনা সিটি'],
  ['Karnaphuli FC', 'কর্ণফুলী এফসি'],
];
const ESPORTS_TEAMS: readonly DemoTeam[] = [
  ['Bengal Falcons', 'বেঙ্গল ফ্যালকনস'],
  ['Storm Riders', 'স্টর্ম রাইডার্স'],
  ['Night Owls', 'নাইট আউলস'],
  ['Red Comets', 'রেড কমেটস'],
];

/**
 * Hot-match adverts. Match times are set from the moment the seed first runs
 * (rounded to the hour), not a fixed date: adverts for matches already played
 * are not served, and a fresh demo should show some.
 */
export function demoMatches(seedTime: Date) {
  const base = Math.ceil(seedTime.getTime() / HOUR) * HOUR;
  const ads: { adsId: number; vendor: string; league: Localised; teams: readonly DemoTeam[]; everyHours: number }[] = [
    { adsId: 1, vendor: 'SBO', league: { EN: 'Bangladesh T20 League', BN: 'বাংলাদেশ টি-টোয়েন্টি লিগ' }, teams: CRICKET, everyHours: 20 },
    { adsId: 2, vendor: 'SABA', league: { EN: 'Delta Football League', BN: 'ডেল্টা ফুটবল লিগ' }, teams: FOOTBALL, everyHours: 30 },
    {
      adsId: 3,
      vendor: 'IMES',
      league: { EN: 'South Asia Esports Cup', BN: 'দক্ষিণ এশিয়া ই-স্পোর্টস কাপ' },
      teams: ESPORTS_TEAMS,
      everyHours: 12,
    },
  ];
  const rows = [];
  for (const ad of ads) {
    for (let i = 0; i < 6; i++) {
      const home = ad.teams[(i * 2) % ad.teams.length] as DemoTeam;
      const away = ad.teams[(i * 2 + 1 + Math.floor(i / ad.teams.length)) % ad.teams.length] as DemoTeam;
      rows.push({
        ads_id: ad.adsId,
        vendor_code: ad.vendor,
        league: ad.league,
        home_team: { EN: home[0], BN: home[1] },
        away_team: { EN: away[0], BN: away[1] },
        home_image: teamArtPath(teamSlug(home[0])),
        away_image: teamArtPath(teamSlug(away[0])),
        match_time: new Date(base + (2 + i * ad.everyHours) * HOUR),
        sort: i + 1,
      });
    }
  }
  return rows;
}

export const DEMO_JACKPOT = {
  min_amount: 1_250_000_000n,
  max_amount: 1_350_000_000n,
  increment_min: 1_000n,
  increment_max: 5_000n,
  interval_min_ms: 3_000,
  interval_max_ms: 5_000,
};

// ---- seeding -------------------------------------------------------------------------

const CHUNK = 1_000;

/**
 * Inserts what is missing: vendors by code, then each vendor's games only when
 * the vendor has none (so operator imports and edits are never overwritten),
 * in chunks of 1,000 rows. Menus, winners, matches and the jackpot are per brand,
 * inserted only when the brand has none.
 */
export async function seedDemoCatalogue(db: Db, brandId: number, now: Date = new Date()): Promise<void> {
  const { vendors, games } = demoCatalogue();
  await db
    .insertInto('game_vendor')
    .values(
      vendors.map((d, i) => ({
        code: d.code,
        display_name: d.name,
        game_type: d.gameType,
        sort: i + 1,
        wallet_mode: d.walletMode,
        is_vendor_type: d.isVendorType,
        icon_path: null,
      })),
    )
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const stocked = new Set((await db.selectFrom('game').select('vendor_code').distinct().execute()).map((r) => r.vendor_code));
  const missing = games.filter((g) => !stocked.has(g.vendor_code));
  for (let i = 0; i < missing.length; i += CHUNK) {
    await db
      .insertInto('game')
      .values(missing.slice(i, i + CHUNK))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Fresh statistics, so the planner walks the list indexes instead of sorting 10,000 rows (PGlite runs no autovacuum).
  if (missing.length > 0) await sql`analyze game_vendor, game`.execute(db);

  const hasMenus = await db.selectFrom('game_menu').select('code').where('brand_id', '=', brandId).limit(1).executeTakeFirst();
  if (!hasMenus) {
    const launches = await db
      .selectFrom('game')
      .select(['node_id', 'game_code'])
      .where('vendor_code', '=', 'KM')
      .where(
        'game_code',
        'in',
        DEMO_MENUS.flatMap((m) => (m.launch ? [m.launch] : [])),
      )
      .execute();
    const nodeOf = new Map(launches.map((r) => [r.game_code, r.node_id]));
    await db
      .insertInto('game_menu')
      .values(
        DEMO_MENUS.map((m, i) => ({
          brand_id: brandId,
          code: m.code,
          name: m.name,
          path: m.path,
          tracking_key: m.trackingKey,
          sort: i + 1,
          launch_node_id: m.launch ? (nodeOf.get(m.launch) ?? null) : null,
        })),
      )
      .execute();
  }

  const hasWinners = await db.selectFrom('winner_board_entry').select('id').where('brand_id', '=', brandId).limit(1).executeTakeFirst();
  if (!hasWinners) {
    // Only games that exist (an operator may have replaced a demo vendor's games before the first seed).
    const all = demoWinners();
    const rows = await db
      .selectFrom('game')
      .select('node_id')
      .where(
        'node_id',
        'in',
        all.map((w) => w.nodeId),
      )
      .execute();
    const present = new Set(rows.map((r) => r.node_id));
    const winners = all.filter((w) => present.has(w.nodeId));
    if (winners.length > 0) {
      await db
        .insertInto('winner_board_entry')
        .values(
          winners.map((w) => ({
            brand_id: brandId,
            member_id: null,
            customer_name: w.customerName,
            node_id: w.nodeId,
            game_type: w.gameType,
            win_amount: w.winAmount,
            won_at: w.wonAt,
          })),
        )
        .execute();
    }
  }

  const hasMatches = await db.selectFrom('hot_match').select('id').where('brand_id', '=', brandId).limit(1).executeTakeFirst();
  if (!hasMatches) {
    await db
      .insertInto('hot_match')
      .values(demoMatches(now).map((m) => ({ ...m, brand_id: brandId })))
      .execute();
  }

  await db
    .insertInto('jackpot_config')
    .values({ brand_id: brandId, ...DEMO_JACKPOT })
    .onConflict((oc) => oc.column('brand_id').doNothing())
    .execute();
}
