import { z } from 'zod';
import { BACCARAT_SIDES } from './baccarat.ts';
import { parseCrashTarget } from './crash.ts';
import { BETS, type CheckedChoices } from './play-round.ts';

export {
  BETS,
  type CheckedChoices,
  GAME_KINDS,
  type GameKind,
  type GameOutcome,
  gameKindForType,
  playRound,
} from './play-round.ts';

const Minor = z.string().regex(/^\d{1,15}$/);

/** The player's choices for a round, as the game page sends them. */
export const RoundChoicesSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('slot'), bet: Minor }),
  z.object({ game: z.literal('baccarat'), bet: Minor, side: z.enum(BACCARAT_SIDES) }),
  z.object({ game: z.literal('crash'), bet: Minor, target: z.string().max(10) }),
]);
export type RoundChoices = z.infer<typeof RoundChoicesSchema>;

export type ChoiceError = 'BAD_BET' | 'BAD_TARGET';

/** Checks the bet against the game's levels and parses the crash target (hundredths). */
export function checkChoices(choices: RoundChoices): CheckedChoices | ChoiceError {
  const bet = BigInt(choices.bet);
  if (!BETS[choices.game].includes(bet)) return 'BAD_BET';
  if (choices.game === 'crash') {
    const target = parseCrashTarget(choices.target);
    return target === null ? 'BAD_TARGET' : { game: 'crash', bet, target };
  }
  return choices.game === 'baccarat' ? { game: 'baccarat', bet, side: choices.side } : { game: 'slot', bet };
}
