import type { LuckySeedRotationSchema } from '@playfront/contract/lucky';
import { LUCKY_PATHS, type LuckyGame, luckyPath } from '@playfront/contract/lucky-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { LUCKY_KEY } from './lucky-keys.ts';

export type SeedRotation = z.infer<typeof LuckySeedRotationSchema>;

/** PUT a new client seed: the current server seed is revealed and a new one committed. */
export const setLuckySeed = (game: LuckyGame, clientSeed: string) =>
  api<SeedRotation>(luckyPath(LUCKY_PATHS.seed, game), { method: 'PUT', body: { clientSeed } });

export function useSetLuckySeed(game: LuckyGame) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => setLuckySeed(game, clientSeed),
    onSettled: () => client.invalidateQueries({ queryKey: LUCKY_KEY }),
  });
}
