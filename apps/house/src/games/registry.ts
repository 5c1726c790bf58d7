import { z } from 'zod';
import type { RandomSource } from '../fair/random-source.ts';
import { BACCARAT_BETS, BACCARAT_SIDES, type BaccaratRound, baccaratReturn, playBaccaratRound } from './baccarat.ts';
import { CRASH_BETS, type CrashRound, crashWin, parseCrashTarget, playCrashRound } from './crash.ts';
import { playSlotRound, SLOT_BETS, type SlotRound, slotWin } from './slot.ts';

/** The three house games, each a pure function of (random stream, the player's choices). */
export const GAME_KINDS = ['slot', 'baccarat', 'crash'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** Which game a launched title plays, from the vendor catalogue's game type. */
export function gameKindForType(gameType: string | undefined): GameKind {
  switch ((gameType ?? '').toUpperCase()) {
    case 'LIVE':
      return 'baccarat';
    case 'FISH':
    case 'MINI':
      return 'crash';
    default:
      return 'slot';
  }
}

export const BETS: Readonly<Record<GameKind, readonly bigint[]>> = { slot: SLOT_BETS, baccarat: BACCARAT_BETS, crash: CRASH_BETS };

const Minor = z.string().regex(/^\d{1,15}$/);

/** The player's choices for a round, as the game page sends them. */
export const RoundChoicesSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('slot'), bet: Minor }),
  z.object({ game: z.literal('baccarat'), bet: Minor, side: z.enum(BACCARAT_SIDES) }),
  z.object({ game: z.literal('crash'), bet: Minor, target: z.string().max(10) }),
]);
export type RoundChoices = z.infer<typeof RoundChoicesSchema>;

/** Choices after checking: the bet is one of the game's levels and the crash target is in range. */
export type CheckedChoices =
  | { game: 'slot'; bet: bigint }
  | { game: 'baccarat'; bet: bigint; side: (typeof BACCARAT_SIDES)[number] }
  | { game: 'crash'; bet: bigint; target: number };

export type ChoiceError = 'BAD_BET' | 'BAD_TARGET';

export function checkChoices(choices: RoundChoices): CheckedChoices | ChoiceError {
  const bet = BigInt(choices.bet);
  if (!BETS[choices.game].includes(bet)) return 'BAD_BET';
  if (choices.game === 'crash') {
    const target = parseCrashTarget(choices.target);
    return target === null ? 'BAD_TARGET' : { game: 'crash', bet, target };
  }
  return choices.game === 'baccarat' ? { game: 'baccarat', bet, side: choices.side } : { game: 'slot', bet };
}

export type GameOutcome =
  | { game: 'slot'; result: SlotRound }
  | { game: 'baccarat'; side: (typeof BACCARAT_SIDES)[number]; result: BaccaratRound }
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
