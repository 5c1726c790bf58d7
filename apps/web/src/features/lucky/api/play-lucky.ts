import type { LuckyPlayResult } from '@playfront/contract/lucky';
import { LUCKY_PATHS, type LuckyGame, luckyPath } from '@playfront/contract/lucky-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { AFTER_PLAY_KEYS } from './lucky-keys.ts';

/** POST a play: spin the wheel, or smash egg `egg`. The answer is the outcome; the page animates towards it. */
export const playLucky = (game: LuckyGame, egg?: number) =>
  api<LuckyPlayResult>(luckyPath(LUCKY_PATHS.play, game), { method: 'POST', body: egg ? { egg } : {} });

/** The refresh waits for the animation (`settle`), so the tickets and the balance change when the result shows. */
export function usePlayLucky(game: LuckyGame) {
  const client = useQueryClient();
  return {
    ...useMutation({ mutationFn: (egg?: number) => playLucky(game, egg) }),
    settle: () => Promise.all(AFTER_PLAY_KEYS.map((queryKey) => client.invalidateQueries({ queryKey }))),
  };
}
