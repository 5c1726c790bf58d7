import { type RandomSource, uniformInt } from '../fair/random-source.ts';

/**
 * Roulette, European (one zero, 37 pockets) or American (0 and 00, 38 pockets): one ball, one pocket drawn
 * uniformly from the fair stream. Pockets are numbered 0-36, and 37 stands for 00 on the American wheel.
 * The usual payouts: a single number 35:1, a dozen or a column 2:1, red/black, odd/even, 1-18/19-36 1:1; the
 * zeros lose every outside bet (no "la partage"), so every bet returns 36/37 (European) or 36/38 (American).
 */
export const ROULETTE_WHEELS = ['european', 'american'] as const;
export type RouletteWheel = (typeof ROULETTE_WHEELS)[number];

export const DOUBLE_ZERO = 37;
export const POCKETS: Readonly<Record<RouletteWheel, number>> = { european: 37, american: 38 };

/** The exact return of every bet on each wheel. */
export const ROULETTE_STATED_RTP: Readonly<Record<RouletteWheel, number>> = { european: 36 / 37, american: 36 / 38 };

/** Bets a player may choose (minor units), as for the other table games. */
export const ROULETTE_BETS: readonly bigint[] = [1000n, 2000n, 5000n, 10000n, 20000n, 50000n, 100000n];

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export const OUTSIDE_PICKS = [
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen1',
  'dozen2',
  'dozen3',
  'column1',
  'column2',
  'column3',
] as const;
export type OutsidePick = (typeof OUTSIDE_PICKS)[number];
/** A bet: an outside pick, or a single number as `n<pocket>` (`n0`…`n36`, and `n37` for 00). */
export type RoulettePick = OutsidePick | `n${number}`;

export interface RouletteRound {
  wheel: RouletteWheel;
  pocket: number;
}

export function pocketLabel(pocket: number): string {
  return pocket === DOUBLE_ZERO ? '00' : String(pocket);
}

export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0 || pocket === DOUBLE_ZERO) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

/** The pick as the game accepts it, or null: single numbers must exist on the wheel (00 only on the American). */
export function parseRoulettePick(wheel: RouletteWheel, text: string): RoulettePick | null {
  if ((OUTSIDE_PICKS as readonly string[]).includes(text)) return text as OutsidePick;
  const match = /^n(\d{1,2})$/.exec(text);
  if (!match) return null;
  const pocket = Number(match[1]);
  return pocket < POCKETS[wheel] && String(pocket) === match[1] ? (text as RoulettePick) : null;
}

/** How many times the stake a winning pick returns (stake included): 36 for a number, 3 for a dozen or column, 2 else. */
export function pickReturnMultiple(pick: RoulettePick): number {
  if (pick.startsWith('n')) return 36;
  return pick.startsWith('dozen') || pick.startsWith('column') ? 3 : 2;
}

export function pickWins(pick: RoulettePick, pocket: number): boolean {
  if (pick.startsWith('n')) return Number(pick.slice(1)) === pocket;
  // Every outside bet loses on 0 and 00.
  if (pocket === 0 || pocket === DOUBLE_ZERO) return false;
  switch (pick as OutsidePick) {
    case 'red':
      return RED.has(pocket);
    case 'black':
      return !RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen1':
    case 'dozen2':
    case 'dozen3':
      return Math.ceil(pocket / 12) === Number(pick.slice(5));
    case 'column1':
    case 'column2':
    case 'column3':
      return ((pocket - 1) % 3) + 1 === Number(pick.slice(6));
  }
}

export function playRouletteRound(source: RandomSource, wheel: RouletteWheel): RouletteRound {
  return { wheel, pocket: uniformInt(source, POCKETS[wheel]) };
}

/** What a bet returns (minor units, stake included); 0 when it loses. */
export function rouletteReturn(pick: RoulettePick, bet: bigint, pocket: number): bigint {
  return pickWins(pick, pocket) ? bet * BigInt(pickReturnMultiple(pick)) : 0n;
}
