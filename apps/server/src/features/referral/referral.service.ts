import { randomInt } from 'node:crypto';
import { type ReferralSummary, referralLink } from '@playfront/contract/referral';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { brandCurrency, claimOwnReferralCode, countInvitees, findOwnReferralCode, listInvitees } from './referral.repository.ts';
import { activeRule, paidRewards } from './referral-rewards.ts';

/** Letters and digits without look-alikes (0/O, 1/I/L): a code read aloud or typed from a screenshot still works. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A fresh random code (31^8 ≈ 8.5e11 values): nothing about the member can be read from it or walked to the next. */
export function newReferralCode(): string {
  // randomInt draws without the modulo bias of a byte % 31.
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Referral entries exist only while the brand runs the referral promo (spec section 6, REFERRAL feature flag). */
export async function assertReferralEnabled(db: Db, brandId: number): Promise<void> {
  if (!(await getBrandFlags(db, brandId)).features.REFERRAL) throw new AppError('REFERRAL_DISABLED');
}

/** The member's own code, made on first need and never changed after (a link shared once keeps working). */
export async function ensureOwnReferralCode(db: Db, memberId: number): Promise<string> {
  const existing = await findOwnReferralCode(db, memberId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await claimOwnReferralCode(db, memberId, newReferralCode());
      // Ours, or a racing twin's: either way the stored one is the member's code from now on.
      const stored = await findOwnReferralCode(db, memberId);
      if (stored) return stored;
    } catch (err) {
      // Another member of the brand holds this code already (unique index): draw again.
      if ((err as { code?: string }).code !== '23505') throw err;
    }
  }
  throw new AppError('UNKNOWN');
}

export type SummaryInput = {
  brandId: number;
  memberId: number;
  origin: string;
  pageNo: number;
  pageSize: number;
  language: 'en' | 'bn';
};

const REWARD_TITLE: Record<'en' | 'bn', string> = { en: 'Referral reward', bn: 'রেফারেল পুরস্কার' };
const REWARDS_SHOWN = 50;

/**
 * The referral page's data: link, invitees (masked, newest first, paged; active once they made a paid deposit), the
 * brand's reward rule while it pays one, and the rewards paid to the member (decision 049).
 */
export async function referralSummary(db: Db, input: SummaryInput): Promise<ReferralSummary> {
  await assertReferralEnabled(db, input.brandId);
  const code = await ensureOwnReferralCode(db, input.memberId);
  const [rows, counts, currency, rule, paid] = await Promise.all([
    listInvitees(db, input.memberId, { limit: input.pageSize, offset: (input.pageNo - 1) * input.pageSize }),
    countInvitees(db, input.memberId),
    brandCurrency(db, input.brandId),
    activeRule(db, input.brandId),
    paidRewards(db, input.memberId, REWARDS_SHOWN),
  ]);
  return {
    code,
    link: referralLink(input.origin, code),
    invitedCount: counts.total,
    activeCount: counts.active,
    invitees: {
      list: rows.map((r) => ({
        maskedName: maskName(r.username),
        joinedAt: new Date(r.created_at).toISOString(),
        status: r.deposited ? 'active' : 'inactive',
      })),
      total: counts.total,
      pageNo: input.pageNo,
      pageSize: input.pageSize,
    },
    rewards: {
      rule: rule
        ? { minFirstDeposit: String(rule.minFirstDeposit), minTurnover: String(rule.minTurnover), rewardAmount: String(rule.rewardAmount) }
        : null,
      currency,
      total: String(paid.total),
      list: paid.list.map((r) => ({
        title: REWARD_TITLE[input.language],
        maskedName: maskName(r.username),
        amount: String(r.amount),
        time: r.rewardedAt.toISOString(),
      })),
    },
  };
}
