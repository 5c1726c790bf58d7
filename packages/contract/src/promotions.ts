import { z } from 'zod';
import { envelope } from './envelope.ts';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_COMMENT_MAX_CHARS,
  ACTIVITY_STATES,
  BONUS_END_REASONS,
  BONUS_STATES,
  PROMOTION_CATEGORIES,
} from './promotions-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the promotion, reward and bonus calls. Import as `@playfront/contract/promotions`. */
export * from './promotions-paths.ts';

export const PromotionCodeParamsSchema = z.object({ code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,47}$/) });
export const PromotionListQuerySchema = z.object({ category: z.enum(PROMOTION_CATEGORIES).optional() });

export const PromotionRewardSchema = z.object({
  kind: z.enum(['FIXED', 'PERCENT']),
  /** FIXED: the amount. */
  amount: MinorUnitsSchema,
  /** PERCENT: basis points of the qualifying amount (10000 = 100 %). */
  bps: z.number().int(),
  cap: MinorUnitsSchema.nullable(),
});

export const PromotionCardSchema = z.object({
  code: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  bannerUrl: z.string(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  state: z.enum(ACTIVITY_STATES),
  /** The button for the state, if any. */
  action: z.enum(ACTIVITY_ACTIONS).nullable(),
  /** Why the caller cannot take part (catalogue key), when that is the reason for `close`. */
  ineligibleKey: z.string().nullable(),
  entry: z.enum(['AUTO', 'JOIN', 'APPLY', 'CLAIM']),
  trigger: z.enum(['DEPOSIT', 'NONE', 'NET_LOSS']),
  reward: PromotionRewardSchema,
  minDeposit: MinorUnitsSchema,
  wageringMultiplier: z.string(),
  wageringBase: z.enum(['BONUS', 'DEPOSIT_AND_BONUS']),
  /** What the caller would receive now (claimable reward), when known. */
  pendingReward: MinorUnitsSchema.nullable(),
  currency: z.string(),
});
export type PromotionCard = z.infer<typeof PromotionCardSchema>;

export const PromotionDetailSchema = PromotionCardSchema.extend({
  /** Operator HTML, sanitised by the server on the way out (a small allow-list of tags, no scripts or styles). */
  rulesHtml: z.string(),
  contribution: z.record(z.string(), z.number().int()),
  maxBet: MinorUnitsSchema.nullable(),
  maxCashout: MinorUnitsSchema.nullable(),
  bonusValidDays: z.number().int(),
  limitPerMember: z.number().int(),
  limitPeriod: z.enum(['NONE', 'DAY', 'WEEK', 'MONTH']),
  /** Days of the week (0 Sunday … 6 Saturday) on which it can be entered; null: every day. */
  weekdays: z.array(z.number().int()).nullable(),
});
export type PromotionDetail = z.infer<typeof PromotionDetailSchema>;

export const PromotionListResponseSchema = envelope(z.object({ list: z.array(PromotionCardSchema) }));
export const PromotionDetailResponseSchema = envelope(PromotionDetailSchema);

export const PromotionSummarySchema = z.object({
  /** Public state `availablePromoCount`: promotions open now that the caller may still act on. */
  availablePromoCount: z.number().int(),
  /** Rewards waiting to be claimed (the reward centre badge). */
  claimableCount: z.number().int(),
  hasActiveBonus: z.boolean(),
});
export const PromotionSummaryResponseSchema = envelope(PromotionSummarySchema);

export const ApplyPromotionBodySchema = z.object({ note: z.string().trim().max(ACTIVITY_COMMENT_MAX_CHARS).optional() });

/** The answer of join, apply and claim: the promotion's new state for the caller. */
export const PromotionActionResponseSchema = envelope(
  z.object({ state: z.enum(ACTIVITY_STATES), grantId: z.string().nullable(), amount: MinorUnitsSchema.nullable() }),
);

export const ActivityCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  imageIds: z.array(z.string()),
  createdAt: z.string(),
});
export const ActivityCommentsResponseSchema = envelope(z.object({ list: z.array(ActivityCommentSchema) }));
export const ActivityCommentResponseSchema = envelope(ActivityCommentSchema);
export const ActivityCommentImageParamsSchema = PromotionCodeParamsSchema.extend({
  commentId: z.string().regex(/^\d{1,18}$/),
  imageId: z.string().regex(/^\d{1,18}$/),
});

export const DepositOffersQuerySchema = z.object({
  amount: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});
export const DepositOfferSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** The bonus this deposit would bring (0 when under the minimum). */
  bonus: MinorUnitsSchema,
  minDeposit: MinorUnitsSchema,
  wageringMultiplier: z.string(),
});
export const DepositOffersResponseSchema = envelope(z.object({ list: z.array(DepositOfferSchema), blockedByActiveBonus: z.boolean() }));

export const RewardEntrySchema = z.object({
  id: z.string(),
  promotionCode: z.string(),
  title: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  state: z.enum(ACTIVITY_STATES),
  rewardAmount: MinorUnitsSchema,
  periodKey: z.string(),
  grantId: z.string().nullable(),
  updatedAt: z.string(),
});
export const RewardsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const RewardsResponseSchema = envelope(
  z.object({
    list: z.array(RewardEntrySchema),
    totalPages: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
    currency: z.string(),
  }),
);

export const BonusGrantSchema = z.object({
  id: z.string(),
  promotionCode: z.string(),
  title: z.string(),
  currency: z.string(),
  amount: MinorUnitsSchema,
  /** The bonus money left (locked until the wagering is met); 0 once ended. */
  remaining: MinorUnitsSchema,
  depositAmount: MinorUnitsSchema,
  wageringRequired: MinorUnitsSchema,
  wagered: MinorUnitsSchema,
  contribution: z.record(z.string(), z.number().int()),
  maxBet: MinorUnitsSchema.nullable(),
  maxCashout: MinorUnitsSchema.nullable(),
  state: z.enum(BONUS_STATES),
  endReason: z.enum(BONUS_END_REASONS).nullable(),
  convertedAmount: MinorUnitsSchema,
  forfeitedAmount: MinorUnitsSchema,
  issuedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
});
export type BonusGrant = z.infer<typeof BonusGrantSchema>;
export const BonusDetailsResponseSchema = envelope(z.object({ active: BonusGrantSchema.nullable(), history: z.array(BonusGrantSchema) }));
export const BonusGrantParamsSchema = z.object({ grantId: z.string().regex(/^\d{1,18}$/) });
export const CancelBonusResponseSchema = envelope(z.object({ forfeited: MinorUnitsSchema }));

// ---------------------------------------------------------------- operator API

const Localized = z.object({ en: z.string().trim().min(1).max(4000), bn: z.string().trim().min(1).max(4000) });
const Amount = z.string().regex(/^\d{1,15}$/);

export const OpsPromotionBodySchema = z
  .object({
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,47}$/),
    category: z.enum(PROMOTION_CATEGORIES),
    title: Localized,
    summary: Localized,
    rulesHtml: z.object({ en: z.string().max(20_000), bn: z.string().max(20_000) }),
    bannerTheme: z.enum(['gold', 'emerald', 'ruby', 'sapphire', 'violet', 'slate']).default('gold'),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime().nullable(),
    audience: z.enum(['ALL', 'NEW_MEMBERS', 'VIP', 'AGENT_TEAM', 'FIRST_DEPOSIT']),
    audienceVipLevel: z.number().int().min(0).max(20).default(0),
    audienceAgentId: z.number().int().positive().nullable().default(null),
    newMemberDays: z.number().int().min(1).max(365).default(30),
    /** Days of the week (0 Sunday … 6 Saturday, UTC) on which it can be entered; null: every day. */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7).nullable().default(null),
    entry: z.enum(['AUTO', 'JOIN', 'APPLY', 'CLAIM']),
    trigger: z.enum(['DEPOSIT', 'NONE', 'NET_LOSS']),
    minDeposit: Amount.default('0'),
    rewardKind: z.enum(['FIXED', 'PERCENT']),
    rewardAmount: Amount.default('0'),
    rewardBps: z.number().int().min(0).max(100_000).default(0),
    rewardCap: Amount.nullable().default(null),
    wageringBase: z.enum(['BONUS', 'DEPOSIT_AND_BONUS']),
    wageringMultiplier: z.string().regex(/^\d{1,4}(\.\d{1,2})?$/),
    contribution: z.record(z.string(), z.number().int().min(0).max(100)),
    maxBet: Amount.nullable().default(null),
    maxCashout: Amount.nullable().default(null),
    bonusValidDays: z.number().int().min(1).max(365),
    limitPerMember: z.number().int().min(1).max(1000).default(1),
    limitPeriod: z.enum(['NONE', 'DAY', 'WEEK', 'MONTH']).default('NONE'),
    budget: Amount,
    currency: z.string().regex(/^[A-Z]{3}$/),
    sort: z.number().int().default(0),
  })
  .refine((p) => p.endsAt === null || p.endsAt > p.startsAt, { path: ['endsAt'], message: 'endsAt must be after startsAt' })
  .refine((p) => p.rewardKind === 'FIXED' || p.trigger !== 'NONE', {
    path: ['rewardKind'],
    message: 'a percentage reward needs a deposit or a loss to take a percentage of',
  })
  .refine((p) => p.entry !== 'AUTO' || p.trigger === 'DEPOSIT', { path: ['entry'], message: 'automatic entry needs a deposit trigger' });
export type OpsPromotionBody = z.infer<typeof OpsPromotionBodySchema>;

export const OpsPromotionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  title: z.object({ en: z.string(), bn: z.string() }),
  status: z.enum(['ACTIVE', 'PAUSED', 'ENDED']),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  entry: z.enum(['AUTO', 'JOIN', 'APPLY', 'CLAIM']),
  budget: MinorUnitsSchema,
  grantedTotal: MinorUnitsSchema,
  grantsCount: z.number().int(),
});
export const OpsPromotionResponseSchema = envelope(OpsPromotionSchema);
export const OpsPromotionListResponseSchema = envelope(z.object({ list: z.array(OpsPromotionSchema) }));
export const OpsPromotionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const OpsPromotionStatusBodySchema = z.object({ status: z.enum(['ACTIVE', 'PAUSED', 'ENDED']) });
export const OpsParticipationIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
export const OpsDecisionBodySchema = z.object({ approve: z.boolean(), note: z.string().trim().max(500).optional() });

export const OpsApplicationSchema = z.object({
  id: z.string(),
  promotionCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  note: z.string().nullable(),
  rewardAmount: MinorUnitsSchema,
  createdAt: z.string(),
});
export const OpsApplicationsResponseSchema = envelope(z.object({ list: z.array(OpsApplicationSchema) }));
export const OpsDecisionResponseSchema = envelope(z.object({ state: z.enum(['issued', 'rejected']), grantId: z.string().nullable() }));
export const OpsGrantsQuerySchema = z.object({
  memberId: z.coerce.number().int().positive().optional(),
  state: z.enum(BONUS_STATES).optional(),
});
export const OpsGrantsResponseSchema = envelope(
  z.object({ list: z.array(BonusGrantSchema.extend({ memberId: z.number().int(), username: z.string() })) }),
);
