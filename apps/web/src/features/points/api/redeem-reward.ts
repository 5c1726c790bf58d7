import type { RedeemBody, Redemption } from '@playfront/contract/points';
import { POINTS_PATHS } from '@playfront/contract/points-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '../../../lib/sealed-request.ts';
import { POINTS_KEY } from './points-keys.ts';

export type RedeemAnswer = Redemption & { balance: string; replayed: boolean };

/** POST a redemption (E-sealed, with the payment password). `requestId` is kept per form fill: a resend redeems once. */
export const redeemReward = (body: RedeemBody) => sealedRequest<RedeemAnswer>(POINTS_PATHS.redeem, body, { method: 'POST' });

export function useRedeemReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemReward,
    // Points, stock and the history moved: everything of the mall refreshes.
    onSettled: () => client.invalidateQueries({ queryKey: POINTS_KEY }),
  });
}
