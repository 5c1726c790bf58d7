import { type RandomSource, uniformInt } from '../fair/random-source.ts';

/**
 * Punto banco with 8 decks, fully shuffled for every round from the fair stream
 * (Fisher-Yates from the last card down, each swap index drawn without bias).
 * Cards are numbered 0-415: rank = n % 13 (0 ace ... 12 king), suit = floor(n / 13) % 4.
 */
export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;

export const BACCARAT_SIDES = ['PLAYER', 'BANKER', 'TIE'] as const;
export type BaccaratSide = (typeof BACCARAT_SIDES)[number];

/** Bets a player may choose (minor units): multiples of 20, so a banker win (0.95:1) is whole. */
export const BACCARAT_BETS: readonly bigint[] = [1000n, 2000n, 5000n, 10000n, 20000n, 50000n, 100000n];

/**
 * Commission baccarat pays a banker win 0.95:1; "no commission" baccarat pays it 1:1, except a banker win on a
 * total of 6, which pays 1:2. Player and tie bets pay the same in both.
 */
export const BACCARAT_VARIANTS = ['commission', 'no-commission'] as const;
export type BaccaratVariant = (typeof BACCARAT_VARIANTS)[number];

/** Exact returns per unit staked (computed by enumeration in baccarat.test.ts). */
export const BACCARAT_STATED_RTP: Readonly<Record<BaccaratSide, number>> = { PLAYER: 0.9876, BANKER: 0.9894, TIE: 0.8564 };
/** The banker bet of no-commission baccarat (player and tie as above). */
export const NO_COMMISSION_BANKER_RTP = 0.9854;

export interface BaccaratRound {
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  outcome: BaccaratSide;
}

export function cardValue(card: number): number {
  const rank = (card % 13) + 1;
  return rank >= 10 ? 0 : rank;
}

export function handTotal(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) % 10;
}

/** Whether the banker draws, given its two-card total and the player's third card value (null: the player stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/**
 * Deals a coup from cards given by value order (P1, B1, P2, B2, then third cards as needed).
 * `next` returns the next card of the shoe; works on card numbers or (for enumeration) values.
 */
export function dealCoup<T>(next: () => T, value: (card: T) => number): { player: T[]; banker: T[]; outcome: BaccaratSide } {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const p = handTotal(player.map(value));
  const b = handTotal(banker.map(value));
  if (p < 8 && b < 8) {
    let playerThird: number | null = null;
    if (p <= 5) {
      const card = next();
      player.push(card);
      playerThird = value(card);
    }
    if (bankerDraws(b, playerThird)) banker.push(next());
  }
  const pt = handTotal(player.map(value));
  const bt = handTotal(banker.map(value));
  return { player, banker, outcome: pt > bt ? 'PLAYER' : bt > pt ? 'BANKER' : 'TIE' };
}

export function shuffleShoe(source: RandomSource): number[] {
  const shoe = Array.from({ length: SHOE_SIZE }, (_, i) => i);
  for (let i = shoe.length - 1; i > 0; i--) {
    const j = uniformInt(source, i + 1);
    const t = shoe[i] as number;
    shoe[i] = shoe[j] as number;
    shoe[j] = t;
  }
  return shoe;
}

export function playBaccaratRound(source: RandomSource): BaccaratRound {
  const shoe = shuffleShoe(source);
  let position = 0;
  const coup = dealCoup(() => shoe[position++] as number, cardValue);
  return {
    player: coup.player,
    banker: coup.banker,
    playerTotal: handTotal(coup.player.map(cardValue)),
    bankerTotal: handTotal(coup.banker.map(cardValue)),
    outcome: coup.outcome,
  };
}

/**
 * What a bet returns (stake included): player 1:1, banker 0.95:1 (no commission: 1:1, or 1:2 on a banker 6), tie 8:1;
 * player and banker bets push on a tie. Bets are multiples of 20, so every return is whole.
 */
export function baccaratReturn(
  side: BaccaratSide,
  bet: bigint,
  outcome: BaccaratSide,
  variant: BaccaratVariant = 'commission',
  bankerTotal = 0,
): bigint {
  if (outcome === 'TIE') return side === 'TIE' ? bet * 9n : bet;
  if (side !== outcome) return 0n;
  if (side === 'PLAYER') return bet * 2n;
  if (variant === 'commission') return (bet * 39n) / 20n;
  return bankerTotal === 6 ? (bet * 3n) / 2n : bet * 2n;
}
