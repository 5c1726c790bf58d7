import { type RandomSource, uniformInt } from '../fair/random-source.ts';

/**
 * The house video slot: 5 reels x 3 rows, 20 fixed paylines, a wild (reels 2-4) that
 * stands in for every symbol but the scatter, and a scatter that pays anywhere and
 * gives 10 free spins (3 or more). Free spins are played inside the same paid round
 * (one bet, one win): they use the same strips and pay table, and
 * scatters during free spins pay but do not retrigger. The exact RTP is computed in
 * slot-rtp.ts; see SLOT_STATED_RTP.
 */
export const SYMBOLS = ['WILD', 'SCATTER', 'CROWN', 'GEM', 'BELL', 'ACE', 'KING', 'QUEEN', 'JACK', 'TEN'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

export const WILD = 0;
export const SCATTER = 1;

/** Reel strips as symbol letters: W wild, S scatter, C crown, G gem, B bell, A ace, K king, Q queen, J jack, T ten. */
const STRIP_TEXT = [
  'TJQKASCTJQBKTJAGTQJKBTAQKGJATK',
  'TJQKWASTJQBKTJAGWTQJKCTBJQATKWG',
  'TJQKWASTJQBKTJAGWTQJKCTBJQATKWG',
  'TJQKWASTJQBKTJAGWTQJKCTBJQATKWG',
  'TJQKASCTJQBKTJAGTQJKBTAQKGJATK',
] as const;

const LETTER: Record<string, number> = { W: 0, S: 1, C: 2, G: 3, B: 4, A: 5, K: 6, Q: 7, J: 8, T: 9 };

export const REEL_STRIPS: readonly (readonly number[])[] = STRIP_TEXT.map((text) =>
  [...text].map((letter) => {
    const symbol = LETTER[letter];
    if (symbol === undefined) throw new Error(`bad strip letter ${letter}`);
    return symbol;
  }),
);

export const REELS = 5;
export const ROWS = 3;

/** The 20 paylines: the row (0 top, 2 bottom) on each reel. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];

/** Line pays in units of the line bet (total bet / 20), for 3, 4 and 5 of a kind from the left. */
export const LINE_PAYS: Readonly<Record<number, readonly [number, number, number]>> = {
  2: [45, 100, 200],
  3: [35, 80, 160],
  4: [25, 60, 120],
  5: [18, 35, 80],
  6: [15, 30, 70],
  7: [12, 24, 55],
  8: [10, 18, 45],
  9: [7, 15, 35],
};

/** Scatter pays in multiples of the total bet, by number of scatters in view (3, 4, 5). */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 10, 25];
export const FREE_SPINS_AWARDED = 10;
export const FREE_SPIN_MULTIPLIER = 1;
export const SCATTERS_FOR_FREE_SPINS = 3;
export const LINES = PAYLINES.length;

/** Total bets a player may choose (minor units): each a multiple of 20, so the line bet is whole. */
export const SLOT_BETS: readonly bigint[] = [20n, 100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 50000n];

export interface LineWin {
  line: number;
  symbol: number;
  count: number;
  /** Line-bet units (before any free-spin multiplier). */
  units: number;
}

export interface SpinResult {
  stops: number[];
  /** grid[reel][row]: the symbol index in view. */
  grid: number[][];
  lineWins: LineWin[];
  scatterCount: number;
  /** Line-bet units of this spin including scatter pay and multiplier. */
  units: number;
}

export interface SlotRound {
  base: SpinResult;
  freeSpins: SpinResult[];
  /** Line-bet units of the whole round; the win is units x bet / 20. */
  totalUnits: number;
}

export function drawStops(source: RandomSource): number[] {
  return REEL_STRIPS.map((strip) => uniformInt(source, strip.length));
}

export function gridFromStops(stops: readonly number[]): number[][] {
  return REEL_STRIPS.map((strip, reel) => {
    const stop = stops[reel] ?? 0;
    return [0, 1, 2].map((row) => strip[(stop + row) % strip.length] as number);
  });
}

/** The pay of one line of five symbols (line-bet units) and how many matched. */
export function evaluateLine(symbols: readonly number[]): { symbol: number; count: number; units: number } {
  let symbol = -1;
  let count = 0;
  for (const s of symbols) {
    if (s === SCATTER) break;
    if (s === WILD) {
      count += 1;
      continue;
    }
    if (symbol === -1) symbol = s;
    else if (s !== symbol) break;
    count += 1;
  }
  // The wild never lands on reel 1, so a line always starts with a paying symbol or a scatter.
  const pays = symbol >= 0 ? LINE_PAYS[symbol] : undefined;
  const units = pays && count >= 3 ? (pays[count - 3] as number) : 0;
  return { symbol, count, units };
}

export function evaluateGrid(grid: readonly (readonly number[])[], multiplier: number): Omit<SpinResult, 'stops' | 'grid'> {
  const lineWins: LineWin[] = [];
  let units = 0;
  PAYLINES.forEach((rows, line) => {
    const result = evaluateLine(rows.map((row, reel) => grid[reel]?.[row] ?? -1));
    if (result.units > 0) {
      lineWins.push({ line, symbol: result.symbol, count: result.count, units: result.units });
      units += result.units;
    }
  });
  let scatterCount = 0;
  for (const column of grid) for (const s of column) if (s === SCATTER) scatterCount += 1;
  if (scatterCount >= 3) units += LINES * (SCATTER_PAYS[Math.min(scatterCount, 5) - 3] as number);
  return { lineWins, scatterCount, units: units * multiplier };
}

function spin(source: RandomSource, multiplier: number): SpinResult {
  const stops = drawStops(source);
  const grid = gridFromStops(stops);
  return { stops, grid, ...evaluateGrid(grid, multiplier) };
}

/** One paid round: the base spin, then the free spins it triggers, all from the same stream. */
export function playSlotRound(source: RandomSource): SlotRound {
  const base = spin(source, 1);
  const freeSpins: SpinResult[] = [];
  if (base.scatterCount >= SCATTERS_FOR_FREE_SPINS) {
    for (let i = 0; i < FREE_SPINS_AWARDED; i++) freeSpins.push(spin(source, FREE_SPIN_MULTIPLIER));
  }
  const totalUnits = freeSpins.reduce((sum, s) => sum + s.units, base.units);
  return { base, freeSpins, totalUnits };
}

/** The win in minor units for a total bet: exact, because every allowed bet is a multiple of 20. */
export function slotWin(bet: bigint, totalUnits: number): bigint {
  return (bet * BigInt(totalUnits)) / BigInt(LINES);
}
