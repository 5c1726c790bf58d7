import type { ActivityAction, ActivityState } from '@playfront/contract/promotions-paths';
import type { Localized, ParticipationState, PromotionRow } from './promotions.table.ts';

/**
 * The rules of a promotion as pure functions (issue 11): periods, who may take part, the reward, and the state a
 * member sees. The service reads rows and calls these; the tests call them directly.
 */

/** An operator's EN/BN text in the caller's language. */
export const text = (value: unknown, lang: 'en' | 'bn'): string => (value as Localized)[lang];

/**
 * The period an entry belongs to (the limit per period counts entries of one period). Days run in UTC; a cashback
 * on losses is for the day before the claim, so its period is yesterday.
 */
export function periodKey(promotion: Pick<PromotionRow, 'limit_period' | 'trigger'>, now: Date): string {
  const day = new Date(now);
  if (promotion.trigger === 'NET_LOSS') day.setUTCDate(day.getUTCDate() - 1);
  const iso = day.toISOString().slice(0, 10);
  switch (promotion.trigger === 'NET_LOSS' ? 'DAY' : promotion.limit_period) {
    case 'DAY':
      return iso;
    case 'WEEK': {
      // ISO week: the Monday that starts it.
      const monday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      return `W${monday.toISOString().slice(0, 10)}`;
    }
    case 'MONTH':
      return iso.slice(0, 7);
    default:
      return '';
  }
}

/** The window a NET_LOSS period covers: [start, end) of that UTC day. */
export function lossWindow(key: string): { from: Date; to: Date } {
  const from = new Date(`${key}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

export type MemberFacts = {
  createdAt: Date;
  vipLevel: number;
  /** The member's uplines, nearest first. */
  uplineIds: number[];
  /** Paid deposits so far (the qualifying one of a first-deposit offer not counted). */
  paidDeposits: number;
  isTrial: boolean;
};

/** Why a member may not take part, as a catalogue key; null when they may. */
export function ineligibility(promotion: PromotionRow, member: MemberFacts, now: Date): string | null {
  if (member.isTrial) return 'promotions.ineligible.trial';
  if (promotion.weekdays && !promotion.weekdays.includes(now.getUTCDay())) return 'promotions.ineligible.weekday';
  switch (promotion.audience) {
    case 'NEW_MEMBERS':
      return now.getTime() - member.createdAt.getTime() <= promotion.new_member_days * 86_400_000
        ? null
        : 'promotions.ineligible.newMembers';
    case 'VIP':
      return member.vipLevel >= promotion.audience_vip_level ? null : 'promotions.ineligible.vip';
    case 'AGENT_TEAM':
      return promotion.audience_agent_id !== null && member.uplineIds.includes(promotion.audience_agent_id)
        ? null
        : 'promotions.ineligible.agentTeam';
    case 'FIRST_DEPOSIT':
      return member.paidDeposits === 0 ? null : 'promotions.ineligible.firstDeposit';
    default:
      return null;
  }
}

/** Open for entries now: active, started, not ended. */
export function isOpen(promotion: PromotionRow, now: Date): boolean {
  return (
    promotion.status === 'ACTIVE' &&
    promotion.starts_at.getTime() <= now.getTime() &&
    (promotion.ends_at === null || promotion.ends_at.getTime() > now.getTime())
  );
}

/** The reward of a qualifying amount (a deposit, or a day's net loss): fixed, or a percentage with its cap. Integer minor units. */
export function rewardFor(
  promotion: Pick<PromotionRow, 'reward_kind' | 'reward_amount' | 'reward_bps' | 'reward_cap'>,
  qualifying: bigint,
): bigint {
  if (promotion.reward_kind === 'FIXED') return promotion.reward_amount;
  if (qualifying <= 0n) return 0n;
  const raw = (qualifying * BigInt(promotion.reward_bps)) / 10_000n;
  return promotion.reward_cap !== null && raw > promotion.reward_cap ? promotion.reward_cap : raw;
}

/** The stake a settled round adds to wagering: valid stake × the category's contribution (percent), rounded down. */
export function wageringContribution(contribution: Record<string, number>, gameType: string, validBet: bigint): bigint {
  const percent = contribution[gameType] ?? 0;
  if (percent <= 0 || validBet <= 0n) return 0n;
  return (validBet * BigInt(Math.min(100, Math.trunc(percent)))) / 100n;
}

export type Participation = { state: ParticipationState; grantActive: boolean } | undefined;

/** The state a member sees and the button it offers (spec section 4's activity states). */
export function activityState(
  promotion: PromotionRow,
  now: Date,
  participation: Participation,
  ineligibleKey: string | null,
  entriesUsed: number,
): { state: ActivityState; action: ActivityAction | null } {
  if (promotion.starts_at.getTime() > now.getTime() && promotion.status === 'ACTIVE') return { state: 'comingSoon', action: null };
  if (participation) {
    switch (participation.state) {
      case 'signed':
        return isOpen(promotion, now)
          ? { state: 'joined', action: promotion.trigger === 'DEPOSIT' ? 'deposit' : null }
          : { state: 'close', action: null };
      case 'claimable':
        return isOpen(promotion, now) ? { state: 'claim', action: 'claim' } : { state: 'close', action: null };
      case 'applying':
        return { state: 'applying', action: null };
      case 'rejected':
        return { state: 'rejected', action: null };
      case 'claimed':
      case 'issued':
        if (participation.grantActive) return { state: 'process', action: null };
        return { state: participation.state, action: null };
    }
  }
  if (!isOpen(promotion, now) || ineligibleKey !== null || entriesUsed >= promotion.limit_per_member) {
    return { state: 'close', action: null };
  }
  switch (promotion.entry) {
    case 'JOIN':
      return { state: 'join', action: 'join' };
    case 'APPLY':
      return { state: 'join', action: 'apply' };
    case 'CLAIM':
      // Earned by a deposit (claim after it) or by the day's losses / nothing at all (claim now if there is a reward).
      return promotion.trigger === 'DEPOSIT' ? { state: 'join', action: 'deposit' } : { state: 'claim', action: 'claim' };
    case 'AUTO':
      return { state: 'join', action: 'deposit' };
  }
}
