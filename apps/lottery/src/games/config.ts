import type { LotteryBetType, LotteryFormat, LotteryGameKind, LotterySchedule, LotteryText } from '@playfront/contract/lottery';

/**
 * A game as a brand configures it: its schedule, its bet types with their odds
 * and limits. Stored per brand as JSON in lottery_game_config (store/schema.ts);
 * DEFAULT_GAMES is what the demo brand is seeded with. Odds are integers in
 * thousandths of the stake, gross (stake included): 3500 pays 3.5 × stake.
 */
export interface BetTypeConfig {
  code: LotteryBetType;
  name: LotteryText;
  /** Fixed gross odds in thousandths (every bet type but P3_SUM and KENO). */
  odds1000?: number;
  /** P3_SUM: odds by sum. */
  oddsByChoice1000?: Record<string, number>;
  /** KENO: by pick count, by hits. */
  paytable1000?: Record<string, Record<string, number>>;
  /**
   * The stated return in basis points (9450 = 94.50 %). KENO: by pick count (keys "1".."10"); P3_SUM: the same
   * for every sum. The exact return of the odds equals it to the basis point (games/returns.test.ts).
   */
  rtpBp: number | Record<string, number>;
  minStake: bigint;
  maxStake: bigint;
  /** One player's total stake on one number (or choice) of this bet type in one draw. */
  maxPerNumber: bigint;
}

export interface GameConfig {
  code: string;
  kind: LotteryGameKind;
  format: LotteryFormat;
  name: LotteryText;
  schedule: LotterySchedule;
  closeBeforeSeconds: number;
  maxLines: number;
  /** The house's limit on one draw: the worst-case payout on one number of one bet type (minor units). */
  maxExposure: bigint;
  betTypes: BetTypeConfig[];
}

const LIMITS = { minStake: 1_000n, maxStake: 1_000_000n, maxPerNumber: 2_000_000n };

function vnBetTypes(prizes2: number, prizes3: number): BetTypeConfig[] {
  // lô pays per matching prize number: return = odds × (prize numbers of ≥ 2 or 3 digits) / 100 or / 1000.
  const lo2 = prizes2 === 27 ? 3500 : 5250;
  const lo3 = prizes3 === 23 ? 40_000 : 55_000;
  return [
    {
      code: 'LO2',
      name: { en: 'Lô 2 digits (all prizes)', bn: 'লো 2 অঙ্ক (সব পুরস্কার)' },
      odds1000: lo2,
      rtpBp: Math.round(((lo2 * prizes2) / 100 / 1000) * 10000),
      ...LIMITS,
    },
    {
      code: 'LO3',
      name: { en: 'Lô 3 digits (all prizes)', bn: 'লো 3 অঙ্ক (সব পুরস্কার)' },
      odds1000: lo3,
      rtpBp: Math.round(((lo3 * prizes3) / 1000 / 1000) * 10000),
      ...LIMITS,
    },
    {
      code: 'DE',
      name: { en: 'Đề (special prize, last 2)', bn: 'দে (বিশেষ পুরস্কার, শেষ 2)' },
      odds1000: 95_000,
      rtpBp: 9500,
      ...LIMITS,
    },
    {
      code: 'CANG3',
      name: { en: '3-càng (special prize, last 3)', bn: '3-কাং (বিশেষ পুরস্কার, শেষ 3)' },
      odds1000: 900_000,
      rtpBp: 9000,
      ...LIMITS,
      maxStake: 200_000n,
      maxPerNumber: 400_000n,
    },
  ];
}

/** The number of ways three digits 0–9 add up to s. */
export function pick3SumWays(s: number): number {
  let ways = 0;
  for (let a = 0; a < 10; a++) for (let b = 0; b < 10; b++) if (s - a - b >= 0 && s - a - b <= 9) ways++;
  return ways;
}

const SUM_ODDS: Record<string, number> = Object.fromEntries(
  Array.from({ length: 28 }, (_, s) => [String(s), Math.round(950_000 / pick3SumWays(s))]),
);

const PICK3_BET_TYPES: BetTypeConfig[] = [
  {
    code: 'P3_EXACT',
    name: { en: 'Pick 3 exact', bn: 'পিক 3 হুবহু' },
    odds1000: 950_000,
    rtpBp: 9500,
    ...LIMITS,
    maxStake: 200_000n,
    maxPerNumber: 400_000n,
  },
  { code: 'P3_BIG_SMALL', name: { en: 'Big / Small', bn: 'বড় / ছোট' }, odds1000: 1950, rtpBp: 9750, ...LIMITS },
  { code: 'P3_ODD_EVEN', name: { en: 'Odd / Even', bn: 'বিজোড় / জোড়' }, odds1000: 1950, rtpBp: 9750, ...LIMITS },
  {
    code: 'P3_SUM',
    name: { en: 'Sum', bn: 'যোগফল' },
    oddsByChoice1000: SUM_ODDS,
    rtpBp: 9500,
    ...LIMITS,
    maxStake: 200_000n,
    maxPerNumber: 400_000n,
  },
];

/** Keno (20 of 80) gross odds by pick count, by hits; rows tuned to 93–96 %. */
export const KENO_PAYTABLE_1000: Record<string, Record<string, number>> = {
  '1': { '1': 3_800 },
  '2': { '2': 15_500 },
  '3': { '2': 2_000, '3': 47_000 },
  '4': { '2': 1_000, '3': 9_000, '4': 110_000 },
  '5': { '3': 3_000, '4': 25_000, '5': 600_000 },
  '6': { '3': 2_000, '4': 9_000, '5': 80_000, '6': 1_500_000 },
  '7': { '3': 1_000, '4': 4_000, '5': 24_000, '6': 300_000, '7': 5_000_000 },
  '8': { '4': 2_000, '5': 17_000, '6': 110_000, '7': 1_000_000, '8': 10_000_000 },
  '9': { '4': 1_000, '5': 7_000, '6': 50_000, '7': 300_000, '8': 4_000_000, '9': 25_000_000 },
  '10': { '0': 2_000, '5': 3_000, '6': 22_000, '7': 160_000, '8': 1_000_000, '9': 5_000_000, '10': 100_000_000 },
};

export const KENO_RTP_BP: Record<string, number> = {
  '1': 9500,
  '2': 9320,
  '3': 9296,
  '4': 9388,
  '5': 9411,
  '6': 9576,
  '7': 9327,
  '8': 9384,
  '9': 9543,
  '10': 9334,
};

const VN_NORTH_TYPES = vnBetTypes(27, 23);
const VN_SOUTH_TYPES = vnBetTypes(18, 17);

export const DEFAULT_GAMES: readonly GameConfig[] = [
  {
    code: 'VN_NORTH',
    kind: 'VN',
    format: 'VN_NORTH',
    name: { en: 'Northern Lottery', bn: 'উত্তরাঞ্চল লটারি' },
    schedule: { every: 'day', atUtc: '11:15' },
    closeBeforeSeconds: 900,
    maxLines: 20,
    maxExposure: 200_000_000n,
    betTypes: VN_NORTH_TYPES,
  },
  {
    code: 'VN_CENTRAL',
    kind: 'VN',
    format: 'VN_SOUTH',
    name: { en: 'Central Lottery', bn: 'মধ্যাঞ্চল লটারি' },
    schedule: { every: 'day', atUtc: '10:15' },
    closeBeforeSeconds: 900,
    maxLines: 20,
    maxExposure: 200_000_000n,
    betTypes: VN_SOUTH_TYPES,
  },
  {
    code: 'VN_SOUTH',
    kind: 'VN',
    format: 'VN_SOUTH',
    name: { en: 'Southern Lottery', bn: 'দক্ষিণাঞ্চল লটারি' },
    schedule: { every: 'day', atUtc: '09:15' },
    closeBeforeSeconds: 900,
    maxLines: 20,
    maxExposure: 200_000_000n,
    betTypes: VN_SOUTH_TYPES,
  },
  {
    code: 'SEA_6D',
    kind: 'SEA',
    format: 'SEA_6D',
    name: { en: 'Thai Lottery (6 digits)', bn: 'থাই লটারি (6 অঙ্ক)' },
    schedule: { every: 'month-days', days: [1, 16], atUtc: '08:30' },
    closeBeforeSeconds: 1800,
    maxLines: 20,
    maxExposure: 500_000_000n,
    betTypes: [
      {
        code: 'SEA_SIX',
        name: { en: 'First prize (6 digits)', bn: 'প্রথম পুরস্কার (6 অঙ্ক)' },
        odds1000: 900_000_000,
        rtpBp: 9000,
        ...LIMITS,
        maxStake: 20_000n,
        maxPerNumber: 40_000n,
      },
      {
        code: 'SEA_LAST3',
        name: { en: 'Last 3 digits', bn: 'শেষ 3 অঙ্ক' },
        odds1000: 900_000,
        rtpBp: 9000,
        ...LIMITS,
        maxStake: 200_000n,
        maxPerNumber: 400_000n,
      },
      { code: 'SEA_LAST2', name: { en: 'Last 2 digits', bn: 'শেষ 2 অঙ্ক' }, odds1000: 90_000, rtpBp: 9000, ...LIMITS },
    ],
  },
  ...([1, 3, 5] as const).map(
    (minutes): GameConfig => ({
      code: `ELOTT_${minutes}`,
      kind: 'ELOTT',
      format: 'PICK3',
      name: { en: `Fast 3 · ${minutes} min`, bn: `ফাস্ট 3 · ${minutes} মিনিট` },
      schedule: { every: 'minutes', minutes },
      closeBeforeSeconds: minutes === 1 ? 10 : 30,
      maxLines: 20,
      maxExposure: 100_000_000n,
      betTypes: PICK3_BET_TYPES,
    }),
  ),
  {
    code: 'KENO_5',
    kind: 'LOTT',
    format: 'KENO',
    name: { en: 'Keno · 5 min', bn: 'কেনো · 5 মিনিট' },
    schedule: { every: 'minutes', minutes: 5 },
    closeBeforeSeconds: 20,
    maxLines: 10,
    maxExposure: 200_000_000n,
    betTypes: [
      {
        code: 'KENO',
        name: { en: 'Keno (pick 1–10)', bn: 'কেনো (1–10টি বাছুন)' },
        paytable1000: KENO_PAYTABLE_1000,
        rtpBp: KENO_RTP_BP,
        ...LIMITS,
        maxStake: 100_000n,
        maxPerNumber: 200_000n,
      },
    ],
  },
];

export function gameConfig(games: readonly GameConfig[], code: string): GameConfig | undefined {
  return games.find((g) => g.code === code);
}

/** Configs as JSON (bigints as strings) for the store, and back. */
export function gameConfigToJson(config: GameConfig): unknown {
  return JSON.parse(JSON.stringify(config, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
}

export function gameConfigFromJson(json: unknown): GameConfig {
  const c = json as GameConfig & {
    maxExposure: string;
    betTypes: (BetTypeConfig & Record<'minStake' | 'maxStake' | 'maxPerNumber', string>)[];
  };
  return {
    ...c,
    maxExposure: BigInt(c.maxExposure),
    betTypes: c.betTypes.map((b) => ({
      ...b,
      minStake: BigInt(b.minStake),
      maxStake: BigInt(b.maxStake),
      maxPerNumber: BigInt(b.maxPerNumber),
    })),
  };
}
