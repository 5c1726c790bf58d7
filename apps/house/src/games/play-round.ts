import type { RandomSource } from '../fair/random-source.ts';
import { BACCARAT_BETS, type BaccaratRound, type BaccaratSide, baccaratReturn, playBaccaratRound } from './baccarat.ts';
import { CRASH_BETS, type CrashRound, crashWin, playCrashRound } from './crash.ts';
import { playSlotRound, SLOT_BETS, type SlotRound, slotWin } from './slot.ts';

/**
 * The three house games, each a pure function of (random stream, the player's choices).
 * Zod-free and Node-free: the verify page bundles this very code to recompute rounds in the browser.
 */
export const GAME_KINDS = ['slot', 'baccarat', 'crash'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** Which game a launched title plays, from the vendor catalogue's game type. */
export function gameKindForType(gameType: string | undefined): GameKind {
  switch ((gameType ?? '').toUpperCase()) {
    case 'LIVE':
    case 'PVP':
      return 'baccarat';
    case 'FISH':
    case 'MINI':
      return 'crash';
    default:
      return 'slot';
  }
}

export const BETS: Readonly<Record<GameKind, readonly bigint[]>> = { slot: SLOT_BETS, baccarat: BACCARAT_BETS, crash: CRASH_BETS };

/** Choices after checking: the bet is one of the game's levels and the crash target is in range. */
export type CheckedChoices =
  | { game: 'slot'; bet: bigint }
  | { game: 'baccarat'; bet: bigint; side: BaccaratSide }
  | { game: 'crash'; bet: bigint; target: number };

export type GameOutcome =
  | { game: 'slot'; result: SlotRound }
  | { game: 'baccarat'; side: BaccaratSide; result: BaccaratRound }
  | { game: 'crash'; result: CrashRound };

/** Plays one round from the stream; the outcome and the win (minor units, stake included) are fixed by it. */
export function playRound(source: RandomSource, choices: CheckedChoices): { outcome: GameOutcome; win: bigint } {
  switch (choices.game) {
    case 'slot': {
      const result = playSlotRound(source);
      return { outcome: { game: 'slot', result }, win: slotWin(choices.bet, result.totalUnits) };
    }
    case 'baccarat': {
      const result = playBaccaratRound(source);
      return { outcome: { game: 'baccarat', side: choices.side, result }, win: baccaratReturn(choices.side, choices.bet, result.outcome) };
    }
    case 'crash': {
      const result = playCrashRound(source, choices.target);
      return { outcome: { game: 'crash', result }, win: crashWin(choices.bet, result) };
    }
  }
}
