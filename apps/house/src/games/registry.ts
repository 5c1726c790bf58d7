import { z } from 'zod';
import { BACCARAT_SIDES } from './baccarat.ts';
import { parseCrashTarget } from './crash.ts';
import { FISH, parseFish } from './fishing.ts';
import { BETS, type CheckedChoices, rouletteWheel } from './play-round.ts';
import { parseRoulettePick } from './roulette.ts';

export {
  BETS,
  type CheckedChoices,
  GAME_KINDS,
  type GameKind,
  type GameOutcome,
  gameKindForType,
  isBaccarat,
  isRoulette,
  playRound,
} from './play-round.ts';

const Minor = z.string().regex(/^\d{1,15}$/);

/** The player's choices for a round, as the game page sends them. */
export const RoundChoicesSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('slot'), bet: Minor }),
  z.object({ game: z.literal('baccarat'), bet: Minor, side: z.enum(BACCARAT_SIDES) }),
  z.object({ game: z.literal('no-commission-baccarat'), bet: Minor, side: z.enum(BACCARAT_SIDES) }),
  z.object({ game: z.literal('crash'), bet: Minor, target: z.string().max(10) }),
  z.object({ game: z.literal('roulette'), bet: Minor, pick: z.string().max(10) }),
  z.object({ game: z.literal('american-roulette'), bet: Minor, pick: z.string().max(10) }),
  z.object({ game: z.literal('fishing'), bet: Minor, fish: z.enum(FISH) }),
]);
export type RoundChoices = z.infer<typeof RoundChoicesSchema>;

export type ChoiceError = 'BAD_BET' | 'BAD_TARGET' | 'BAD_PICK';

/** Checks the bet against the game's levels, parses the crash target (hundredths) and checks the roulette pick. */
export function checkChoices(choices: RoundChoices): CheckedChoices | ChoiceError {
  const bet = BigInt(choices.bet);
  if (!BETS[choices.game].includes(bet)) return 'BAD_BET';
  switch (choices.game) {
    case 'crash': {
      const target = parseCrashTarget(choices.target);
      return target === null ? 'BAD_TARGET' : { game: 'crash', bet, target };
    }
    case 'roulette':
    case 'american-roulette': {
      const pick = parseRoulettePick(rouletteWheel(choices.game), choices.pick);
      return pick === null ? 'BAD_PICK' : { game: choices.game, bet, pick };
    }
    case 'baccarat':
    case 'no-commission-baccarat':
      return { game: choices.game, bet, side: choices.side };
    case 'fishing': {
      const fish = parseFish(choices.fish);
      return fish === null ? 'BAD_PICK' : { game: 'fishing', bet, fish };
    }
    case 'slot':
      return { game: 'slot', bet };
  }
}
