import type { LotteryBetType, LotteryFormat, LotteryResult, LotterySelection } from '@playfront/contract/lottery';
import { KENO_POOL } from '@playfront/contract/lottery-fair';
import type { BetTypeConfig, GameConfig } from './config.ts';

/** Which bet types each format offers. */
export const FORMAT_BET_TYPES: Record<LotteryFormat, readonly LotteryBetType[]> = {
  VN_NORTH: ['LO2', 'LO3', 'DE', 'CANG3'],
  VN_SOUTH: ['LO2', 'LO3', 'DE', 'CANG3'],
  SEA_6D: ['SEA_SIX', 'SEA_LAST3', 'SEA_LAST2'],
  PICK3: ['P3_EXACT', 'P3_BIG_SMALL', 'P3_ODD_EVEN', 'P3_SUM'],
  KENO: ['KENO'],
};

const SELECTIONS = new Map<LotteryBetType, LotterySelection>();

/** How a bet type's numbers are picked (one object per bet type: treat as read-only). */
export function selectionOf(betType: LotteryBetType): LotterySelection {
  let known = SELECTIONS.get(betType);
  if (!known) {
    known = selectionFor(betType);
    SELECTIONS.set(betType, known);
  }
  return known;
}

function selectionFor(betType: LotteryBetType): LotterySelection {
  switch (betType) {
    case 'LO2':
    case 'DE':
    case 'SEA_LAST2':
      return { select: 'digits', digits: 2 };
    case 'LO3':
    case 'CANG3':
    case 'SEA_LAST3':
    case 'P3_EXACT':
      return { select: 'digits', digits: 3 };
    case 'SEA_SIX':
      return { select: 'digits', digits: 6 };
    case 'P3_BIG_SMALL':
      return { select: 'choice', choices: ['BIG', 'SMALL'] };
    case 'P3_ODD_EVEN':
      return { select: 'choice', choices: ['ODD', 'EVEN'] };
    case 'P3_SUM':
      return { select: 'choice', choices: Array.from({ length: 28 }, (_, s) => String(s)) };
    case 'KENO':
      return { select: 'set', pool: KENO_POOL, min: 1, max: 10 };
  }
}

/** The numbers in their one accepted spelling (keno sorted ascending), or null when they do not fit the bet type. */
export function normalizeNumbers(betType: LotteryBetType, numbers: readonly string[]): string[] | null {
  const sel = selectionOf(betType);
  if (sel.select === 'digits') {
    if (numbers.length !== 1) return null;
    const n = numbers[0] as string;
    return new RegExp(`^[0-9]{${sel.digits}}$`).test(n) ? [n] : null;
  }
  if (sel.select === 'choice') {
    if (numbers.length !== 1) return null;
    return sel.choices.includes(numbers[0] as string) ? [numbers[0] as string] : null;
  }
  if (numbers.length < sel.min || numbers.length > sel.max) return null;
  const values = numbers.map((n) => (/^[1-9][0-9]?$/.test(n) ? Number(n) : Number.NaN));
  if (values.some((v) => !(v >= 1 && v <= sel.pool))) return null;
  if (new Set(values).size !== values.length) return null;
  return values.sort((a, b) => a - b).map(String);
}

const DRAWN = new WeakMap<LotteryResult, Set<number>>();

const ENDINGS = new WeakMap<LotteryResult, Map<string, number>[]>();

/** How many prize numbers (of at least d digits) end in each d digits; computed once per result. */
function endingsOf(result: LotteryResult, d: 2 | 3): Map<string, number> {
  let cached = ENDINGS.get(result);
  if (!cached) {
    cached = [2, 3].map((digits) => {
      const counts = new Map<string, number>();
      for (const p of allPrizeNumbers(result)) {
        if (p.length >= digits) counts.set(p.slice(-digits), (counts.get(p.slice(-digits)) ?? 0) + 1);
      }
      return counts;
    });
    ENDINGS.set(result, cached);
  }
  return cached[d - 2] as Map<string, number>;
}

function allPrizeNumbers(result: LotteryResult): string[] {
  return result.kind === 'VN' || result.kind === 'SEA' ? result.prizes.flatMap((p) => p.numbers) : [];
}

function special(result: LotteryResult): string {
  if (result.kind !== 'VN' && result.kind !== 'SEA') return '';
  return result.prizes[0]?.numbers[0] ?? '';
}

/** How many times a line wins: lô counts matching prize numbers, keno counts matched numbers, the rest 0 or 1. */
export function hitsOf(betType: LotteryBetType, numbers: readonly string[], result: LotteryResult): number {
  const n = numbers[0] ?? '';
  switch (betType) {
    case 'LO2':
    case 'LO3': {
      const d = betType === 'LO2' ? 2 : 3;
      return endingsOf(result, d).get(n) ?? 0;
    }
    case 'DE':
    case 'SEA_LAST2':
      return special(result).slice(-2) === n ? 1 : 0;
    case 'CANG3':
    case 'SEA_LAST3':
      return special(result).slice(-3) === n ? 1 : 0;
    case 'SEA_SIX':
      return special(result) === n ? 1 : 0;
    case 'P3_EXACT':
      return result.kind === 'ELOTT' && result.digits.join('') === n ? 1 : 0;
    case 'P3_BIG_SMALL':
      return result.kind === 'ELOTT' && (result.sum >= 14 ? 'BIG' : 'SMALL') === n ? 1 : 0;
    case 'P3_ODD_EVEN':
      return result.kind === 'ELOTT' && (result.sum % 2 === 1 ? 'ODD' : 'EVEN') === n ? 1 : 0;
    case 'P3_SUM':
      return result.kind === 'ELOTT' && String(result.sum) === n ? 1 : 0;
    case 'KENO': {
      if (result.kind !== 'LOTT') return 0;
      let drawn = DRAWN.get(result);
      if (!drawn) {
        drawn = new Set(result.numbers);
        DRAWN.set(result, drawn);
      }
      let hits = 0;
      for (const x of numbers) if (drawn.has(Number(x))) hits++;
      return hits;
    }
  }
}

/** The gross odds (thousandths) a line pays per hit (lô) or for its hit count (keno), for the line's numbers. */
export function oddsFor(config: PayingOdds, numbers: readonly string[], hits: number): number {
  if (config.code === 'KENO') return config.paytable1000?.[String(numbers.length)]?.[String(hits)] ?? 0;
  if (hits === 0) return 0;
  if (config.code === 'P3_SUM') return config.oddsByChoice1000?.[numbers[0] ?? ''] ?? 0;
  return config.odds1000 ?? 0;
}

/** A line's payout in minor units (floored): stake × odds × hits for lô, stake × odds for the rest. */
export function payoutOf(config: PayingOdds, numbers: readonly string[], stake: bigint, hits: number): bigint {
  const odds = BigInt(oddsFor(config, numbers, hits));
  const times = config.code === 'LO2' || config.code === 'LO3' ? BigInt(hits) : 1n;
  return (stake * odds * times) / 1000n;
}

/** The most a line can pay (one hit for lô; the top of the keno row): what it adds to the draw's exposure. */
export function worstCasePayout(config: BetTypeConfig, numbers: readonly string[], stake: bigint): bigint {
  let top: number;
  if (config.code === 'KENO') top = Math.max(0, ...Object.values(config.paytable1000?.[String(numbers.length)] ?? {}));
  else if (config.code === 'P3_SUM') top = config.oddsByChoice1000?.[numbers[0] ?? ''] ?? 0;
  else top = config.odds1000 ?? 0;
  return (stake * BigInt(top)) / 1000n;
}

/** The stated odds of a line as the slip shows them ("3.5"; keno: JSON of hits → odds of its pick count). */
export function oddsText(config: BetTypeConfig, numbers: readonly string[]): string {
  if (config.code === 'KENO') {
    const row = config.paytable1000?.[String(numbers.length)] ?? {};
    return JSON.stringify(Object.fromEntries(Object.entries(row).map(([h, o]) => [h, decimalOdds(o)])));
  }
  if (config.code === 'P3_SUM') return decimalOdds(config.oddsByChoice1000?.[numbers[0] ?? ''] ?? 0);
  return decimalOdds(config.odds1000 ?? 0);
}

export function decimalOdds(odds1000: number): string {
  const whole = Math.floor(odds1000 / 1000);
  const frac = String(odds1000 % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export type LineCheck =
  | { ok: true; betType: BetTypeConfig; numbers: string[]; stake: bigint }
  | { ok: false; code: 'BAD_BET_TYPE' | 'BAD_NUMBERS' | 'STAKE_TOO_LOW' | 'STAKE_TOO_HIGH' };

/** Checks one line against the game's configuration. */
export function checkLine(game: GameConfig, line: { betType: LotteryBetType; numbers: readonly string[]; stake: string }): LineCheck {
  const betType = game.betTypes.find((b) => b.code === line.betType);
  if (!betType || !FORMAT_BET_TYPES[game.format].includes(line.betType)) return { ok: false, code: 'BAD_BET_TYPE' };
  const numbers = normalizeNumbers(line.betType, line.numbers);
  if (!numbers) return { ok: false, code: 'BAD_NUMBERS' };
  if (!/^[1-9][0-9]{0,15}$/.test(line.stake)) return { ok: false, code: 'STAKE_TOO_LOW' };
  const stake = BigInt(line.stake);
  if (stake < betType.minStake) return { ok: false, code: 'STAKE_TOO_LOW' };
  if (stake > betType.maxStake) return { ok: false, code: 'STAKE_TOO_HIGH' };
  return { ok: true, betType, numbers, stake };
}

/** The odds a line pays, as fixed when it was taken: only what payoutOf reads for its numbers. */
export type LockedOdds = Pick<BetTypeConfig, 'odds1000' | 'oddsByChoice1000' | 'paytable1000'>;
/** What payoutOf reads: a bet type's code and odds. */
export type PayingOdds = LockedOdds & Pick<BetTypeConfig, 'code'>;

export function lockedOdds(config: BetTypeConfig, numbers: readonly string[]): LockedOdds {
  if (config.code === 'KENO') {
    const k = String(numbers.length);
    return { paytable1000: { [k]: { ...(config.paytable1000?.[k] ?? {}) } } };
  }
  if (config.code === 'P3_SUM') {
    const choice = numbers[0] ?? '';
    return { oddsByChoice1000: { [choice]: config.oddsByChoice1000?.[choice] ?? 0 } };
  }
  return { odds1000: config.odds1000 ?? 0 };
}

/** The key a line's per-number limit and the draw's exposure are counted under. */
export function numberKey(betType: LotteryBetType, numbers: readonly string[]): string {
  return `${betType}:${numbers.join('-')}`;
}
