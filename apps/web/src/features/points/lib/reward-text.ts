import type { Reward } from '@playfront/contract/points';
import type { RedeemBlock } from '@playfront/contract/points-paths';
import type { TFunction } from 'i18next';

/** Why a reward cannot be redeemed now, in words (spec section 6: redeemable only when conditions are met). */
export function blockText(t: TFunction<'points'>, block: RedeemBlock, reward: Pick<Reward, 'minVipLevel' | 'perMemberLimit'>): string {
  switch (block) {
    case 'vipLevel':
      return t('blocks.vipLevel', { level: reward.minVipLevel });
    case 'limitReached':
      return t('blocks.limitReached', { limit: reward.perMemberLimit ?? 0 });
    default:
      return t(`blocks.${block}`);
  }
}

/** The quantity a member may still take of a reward, by its stock, its per-member limit and their points. */
export function maxQuantity(
  reward: Pick<Reward, 'stock' | 'perMemberLimit' | 'redeemedByMe' | 'price'>,
  points: bigint,
  cap: number,
): number {
  let max = cap;
  if (reward.stock !== null) max = Math.min(max, reward.stock);
  if (reward.perMemberLimit !== null) max = Math.min(max, reward.perMemberLimit - reward.redeemedByMe);
  const price = BigInt(reward.price);
  if (price > 0n) max = Math.min(max, Number(points / price > BigInt(cap) ? BigInt(cap) : points / price));
  return Math.max(0, max);
}
