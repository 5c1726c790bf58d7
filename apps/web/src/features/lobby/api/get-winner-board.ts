import type { LanguageCode } from '@playfront/contract/constants';
import { LIMITS } from '@playfront/contract/constants';
import type { WinnerItem } from '@playfront/contract/games';
import { GAMES_PATHS, WINNER_CATEGORY_ALL } from '@playfront/contract/games-paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { lobbyKeys } from './lobby-keys.ts';

export type WinnerBoard = { list: WinnerItem[]; currencySymbol: string };

/** GET winner board: gameCategory ALL, limitNum 100; biggest win first. */
export const getWinnerBoard = async (language: LanguageCode, signal?: AbortSignal): Promise<WinnerBoard> => {
  const value = await api<WinnerBoard>(GAMES_PATHS.winnerBoard, {
    query: { gameCategory: WINNER_CATEGORY_ALL, language, limitNum: LIMITS.winnerBoardLimit },
    signal,
  });
  // The spec sorts by winAmount descending; done here too so the ranks never depend on the server's order.
  const list = [...value.list].sort((a, b) =>
    BigInt(b.winAmount) > BigInt(a.winAmount) ? 1 : BigInt(b.winAmount) < BigInt(a.winAmount) ? -1 : 0,
  );
  return { ...value, list };
};

export const useWinnerBoard = (language: LanguageCode) =>
  useQuery({ queryKey: lobbyKeys.winners(language), queryFn: ({ signal }) => getWinnerBoard(language, signal), staleTime: 5 * 60_000 });
