import type { ConvertBody } from '@playfront/contract/points';
import { POINTS_PATHS } from '@playfront/contract/points-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { POINTS_KEY } from './points-keys.ts';

export type ConvertAnswer = { points: string; amount: string; balance: string; wallet: string; replayed: boolean };

/** POST a convert of points to cash (E-sealed, with the payment password). */
export const convertPoints = (body: ConvertBody) => sealedRequest<ConvertAnswer>(POINTS_PATHS.convert, body, { method: 'POST' });

export function useConvertPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: convertPoints,
    // The points and the main wallet moved: the mall and the header balance refresh.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: POINTS_KEY }),
        client.invalidateQueries({ queryKey: ['account'] }),
        client.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
