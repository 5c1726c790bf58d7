import type { RandomSource } from '../fair/random-source.ts';
import { BACCARAT_BETS, type BaccaratRound, type BaccaratSide, baccaratReturn, playBaccaratRound } from './baccarat.ts';
import { CRASH_BETS, type CrashRound, crashWin, playCrashRound } from './crash.ts';
import { FISHING_BETS, type Fish, type FishingRound, fishingWin, playFishingRound } from './fishing.ts';
import { playRouletteRound, ROULETTE_BETS, type RoulettePick, type RouletteRound, rouletteReturn } from './roulette.ts';
import { playSlotRound, SLOT_BETS, type SlotRound, slotWin } from './slot.ts';

/**
 * The house games, each a pure function of (random stream, the player's choices): a video slot, baccarat with
 * commission and without, crash, roulette on a European or an American wheel, and a fishing (shooting) game.
 * Zod-free and Node-free: the verify page bundles this very code to recompute rounds in the browser.
 */
export const GAME_KINDS = ['slot', 'baccarat', 'no-commission-baccarat', 'crash', 'roulette', 'american-roulette', 'fishing'] as const;
export type GameKind = (typeof GAME_KINDS)[number];
export type BaccaratKind = Extract<GameKind, 'baccarat' | 'no-commission-baccarat'>;
export type RouletteKind = Extract<GameKind, 'roulette' | 'american-roulette'>;

export const isBaccarat = (game: string): game is BaccaratKind => game === 'baccarat' || game === 'no-commission-baccarat';
export const isRoulette = (game: string): game is RouletteKind => game === 'roulette' || game === 'american-roulette';
export const rouletteWheel = (game: RouletteKind) => (game === 'american-roulette' ? 'american' : 'european');

/** Which game a launched title plays, from the vendor catalogue's game type. */
export function gameKindForType(gameType: string | undefined): GameKind {
  switch ((gameType ?? '').toUpperCase()) {
    case 'LIVE':
    case 'PVP':
      return 'baccarat';
    case 'FISH':
      return 'fishing';
    case 'MINI':
      return 'crash';
    default:
      return 'slot';
  }
}

export const BETS: Readonly<Record<GameKind, readonly bigint[]>> = {
  slot: SLOT_BETS,
  baccarat: BACCARAT_BETS,
  'no-commission-baccarat': BACCARAT_BETS,
  crash: CRASH_BETS,
  roulette: ROULETTE_BETS,
  'american-roulette': ROULETTE_BETS,
  fishing: FISHING_BETS,
};

/** Choices after checking: the bet is one of the game's levels, the crash target is in range, the pick is on the wheel. */
export type CheckedChoices =
  | { game: 'slot'; bet: bigint }
  | { game: BaccaratKind; bet: bigint; side: BaccaratSide }
  | { game: 'crash'; bet: bigint; target: number }
  | { game: RouletteKind; bet: bigint; pick: RoulettePick }
  | { game: 'fishing'; bet: bigint; fish: Fish };

export type GameOutcome =
  | { game: 'slot'; result: SlotRound }
  | { game: BaccaratKind; side: BaccaratSide; result: BaccaratRound }
  | { game: 'crash'; result: CrashRound }
  | { game: RouletteKind; pick: RoulettePick; result: RouletteRound }
  | { game: 'fishing'; result: FishingRound };

/** Plays one round from the stream; the outcome and the win (minor units, stake included) are fixed by it. */
export function playRound(source: RandomSource, choices: CheckedChoices): { outcome: GameOutcome; win: bigint } {
  switch (choices.game) {
    case 'slot': {
      const result = playSlotRound(source);
      return { outcome: { game: 'slot', result }, win: slotWin(choices.bet, result.totalUnits) };
    }
    case 'baccarat':
    case 'no-commission-baccarat': {
      const result = playBaccaratRound(source);
      const variant = choices.game === 'baccarat' ? 'commission' : 'no-commission';
      return {
        outcome: { game: choices.game, side: choices.side, result },
        win: baccaratReturn(choices.side, choices.bet, result.outcome, variant, result.bankerTotal),
      };
    }
    case 'roulette':
    case 'american-roulette': {
      const result = playRouletteRound(source, rouletteWheel(choices.game));
      return { outcome: { game: choices.game, pick: choices.pick, result }, win: rouletteReturn(choices.pick, choices.bet, result.pocket) };
    }
    case 'fishing': {
      const result = playFishingRound(source, choices.fish);
      return { outcome: { game: 'fishing', result }, win: fishingWin(choices.bet, result) };
    }
    case 'crash': {
      const result = playCrashRound(source, choices.target);
      return { outcome: { game: 'crash', result }, win: crashWin(choices.bet, result) };
    }
  }
}
