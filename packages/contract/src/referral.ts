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
  /** The referral promotion's title in the call's language. */
  title: z.string(),
  amount: MinorUnitsSchema,
  /** ISO time it was granted. */
  time: z.string(),
});
export type ReferralReward = z.infer<typeof ReferralRewardSchema>;

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
    currency: z.string(),
    /** Sum of `list`, minor units; "0" while the brand runs no referral promotion. */
    total: MinorUnitsSchema,
    list: z.array(ReferralRewardSchema),
  }),
});
export type ReferralSummary = z.infer<typeof ReferralSummarySchema>;
export const ReferralSummaryResponseSchema = envelope(ReferralSummarySchema);
