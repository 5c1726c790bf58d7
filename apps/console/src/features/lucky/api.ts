import {
  CONSOLE_LUCKY_PATHS,
  type ConsoleLuckyGame,
  type ConsoleLuckyGameBody,
  type ConsoleRaffle,
  type ConsoleRaffleBody,
  type ConsoleRaffleList,
  luckyConsolePath,
} from '@playfront/contract/console-lucky';
import type { LuckyGame } from '@playfront/contract/lucky-paths';
import { api } from '../../lib/api.ts';

export const luckyGame = (game: LuckyGame) => api<ConsoleLuckyGame>(luckyConsolePath('game', { game }));
export const saveLuckyGame = (game: LuckyGame, body: ConsoleLuckyGameBody) =>
  api<ConsoleLuckyGame>(luckyConsolePath('game', { game }), { method: 'PUT', body });

export const raffles = () => api<ConsoleRaffleList>(CONSOLE_LUCKY_PATHS.raffles);
export const createRaffle = (body: ConsoleRaffleBody) => api<ConsoleRaffle>(CONSOLE_LUCKY_PATHS.raffles, { method: 'POST', body });
export const updateRaffle = (raffleId: number, body: ConsoleRaffleBody) =>
  api<ConsoleRaffle>(luckyConsolePath('raffle', { raffleId }), { method: 'PUT', body });
