import { z } from 'zod';
import { envelope } from './envelope.ts';
import { INVITEE_STATUSES, REFERRAL_PAGE_MAX, REFERRAL_PAGE_SIZE } from './referral-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the referral calls. Import as `@playfront/contract/referral`; paths live zod-free in referral-paths.ts. */
export * from './referral-paths.ts';

export const ReferralSummaryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REFERRAL_PAGE_MAX).default(REFERRAL_PAGE_SIZE),
});
export type ReferralSummaryQuery = z.input<typeof ReferralSummaryQuerySchema>;

export const InviteeSchema = z.object({
  /** The invitee's login name masked (`de****er`): the member recognises friends, nobody learns a login name. */
  maskedName: z.string(),
  /** ISO time of the sign-up. */
  joinedAt: z.string(),
  status: z.enum(INVITEE_STATUSES),
});
export type Invitee = z.infer<typeof InviteeSchema>;

export const ReferralRewardSchema = z.object({
  /** "Referral reward" in the call's language. */
  title: z.string(),
  /** The referred member whose activity earned it, masked like the invitee list. */
  maskedName: z.string(),
  amount: MinorUnitsSchema,
  /** ISO time it was paid. */
  time: z.string(),
});
export type ReferralReward = z.infer<typeof ReferralRewardSchema>;

/**
 * The brand's referral reward rule (decision 049): a referred member qualifies once their first paid deposit is at least
 * `minFirstDeposit` ("0": any first deposit) and their settled valid bets reach `minTurnover` ("0": none asked); the
 * referrer is then paid `rewardAmount` once, in cash.
 */
export const ReferralRuleSchema = z.object({
  minFirstDeposit: MinorUnitsSchema,
  minTurnover: MinorUnitsSchema,
  rewardAmount: MinorUnitsSchema,
});
export type ReferralRule = z.infer<typeof ReferralRuleSchema>;

/** Whole minor units as a string: what an operator types is never a float. */
const MinorInputSchema = z.string().regex(/^\d{1,15}$/, 'errors.invalidField');

export const ReferralSettingsSchema = z.object({
  enabled: z.boolean(),
  minFirstDeposit: MinorInputSchema,
  minTurnover: MinorInputSchema,
  rewardAmount: MinorInputSchema.refine((v) => BigInt(v) > 0n, 'errors.invalidField'),
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;
export const ReferralSettingsResponseSchema = envelope(ReferralSettingsSchema);

export const ReferralSummarySchema = z.object({
  /** The member's own code: made once, at random (not derived from the id), unique in the brand. */
  code: z.string(),
  link: z.string(),
  invitedCount: z.number().int(),
  activeCount: z.number().int(),
  invitees: z.object({
    list: z.array(InviteeSchema),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
  rewards: z.object({
    /** The brand's rule while it pays referral rewards, else null (then `list` holds only what was paid before). */
    rule: ReferralRuleSchema.nullable(),
    currency: z.string(),
    /** Sum of every reward paid to the member, minor units. */
    total: MinorUnitsSchema,
    /** The rewards paid, newest first (the latest 50). */
    list: z.array(ReferralRewardSchema),
  }),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;
export const ReferralSummaryResponseSchema = envelope(ReferralSummarySchema);
