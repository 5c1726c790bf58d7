import { z } from 'zod';
import { SORT_ORDERS } from './console-paths.ts';
import { envelope } from './envelope.ts';
import { OpsMissionBodySchema, OpsMissionSchema } from './missions.ts';
import { OpsPointsConfigBodySchema, PointsConfigSchema } from './points.ts';
import { BonusGrantSchema, OpsPromotionBodySchema, OpsPromotionSchema, OpsPromotionStatusBodySchema } from './promotions.ts';
import { BONUS_STATES } from './promotions-paths.ts';
import { RebateSettingsSchema } from './rebates.ts';
import { ReferralSettingsSchema } from './referral.ts';
import { OpsVipLevelBodySchema, OpsVipLevelSchema } from './vip.ts';

/**
 * Console pages for promotions and bonus oversight, and for the VIP ladder, points, missions and rebates
 * (issue 17, decision 047). The same powers as the operator-key `/ops/*` routes of those features, with staff
 * sessions, permissions (promotions.read/write, loyalty.read/write) and an audit row in the change's transaction.
 * Bodies reuse the `/ops/*` schemas, so a form and both routes validate alike.
 */
export const CONSOLE_LOYALTY_PATHS = {
  /** GET ?status&q&sort&order&pageNo&pageSize → promotions with their budget use; POST OpsPromotionBody → created. */
  promotions: '/console/api/promotions',
  /** GET → the whole definition (for the edit form); PUT OpsPromotionBody → changed (the code stays). */
  promotion: '/console/api/promotions/:promotionId',
  /** POST { status: ACTIVE|PAUSED|ENDED } → pause, resume or end (an ended promotion stays ended). */
  promotionStatus: '/console/api/promotions/:promotionId/status',
  /** GET ?promotionId&pageNo&pageSize → applications waiting for a decision, oldest first. */
  applications: '/console/api/promotion-applications',
  /** POST {} → approved: the bonus is issued once, however many times it is approved. */
  applicationApprove: '/console/api/promotion-applications/:participationId/approve',
  /** POST { reason } → rejected; the member gets a message with the reason. */
  applicationReject: '/console/api/promotion-applications/:participationId/reject',
  /** GET ?state&username&promotionId&pageNo&pageSize → bonus grants with their wagering progress. */
  bonusGrants: '/console/api/bonus-grants',

  /** GET → the VIP ladder. */
  vipLevels: '/console/api/vip/levels',
  /** PUT OpsVipLevelBody → one level's definition (refused with VIP_LADDER_ORDER when the ladder would not rise). */
  vipLevel: '/console/api/vip/levels/:level',
  /** GET ?username → the member's level and 30-day progress toward the next. */
  vipMember: '/console/api/vip/member',
  /** GET / PUT OpsPointsConfigBody → earning rates and conversion. */
  pointsConfig: '/console/api/points/config',
  /** GET → the points mall's items; POST PointsRewardCreate → a new item (decision 059). */
  pointsRewards: '/console/api/points/rewards',
  /** PUT { price, stock, active, sort } → an item's price, stock and whether it is on sale. */
  pointsReward: '/console/api/points/rewards/:rewardId',
  /** GET → missions, active or not; POST OpsMissionBody → created. */
  missions: '/console/api/missions',
  /** PUT OpsMissionBody → changed (active false pauses it). */
  mission: '/console/api/missions/:missionId',
  /** GET / PUT RebateSettings. */
  rebateSettings: '/console/api/rebates/settings',
  /** GET ?kind&pageNo&pageSize → settlement runs: members paid, amount paid and amount owed (deferred). */
  rebateRuns: '/console/api/rebates/runs',
  /** GET → the envelope rains, active or not (envelopes contract OpsRain); POST OpsRainBody → created. */
  rains: '/console/api/envelope-rains',
  /** PUT OpsRainBody → changed (a running occurrence keeps the settings it started with; active false stops the next). */
  rain: '/console/api/envelope-rains/:rainId',
  /** GET → a rain's latest occurrences: envelopes opened and amount paid. */
  rainOccurrences: '/console/api/envelope-rains/:rainId/occurrences',
  /** GET → the referral reward rule (null before one is set) and whether the REFERRAL promo runs; PUT ReferralSettings. */
  referral: '/console/api/referral/settings',
} as const;

export type ConsoleLoyaltyPathKey = keyof typeof CONSOLE_LOYALTY_PATHS;

/** Fill `:name` placeholders of a path. */
export function loyaltyPath(key: ConsoleLoyaltyPathKey, params: Record<string, string | number> = {}): string {
  return CONSOLE_LOYALTY_PATHS[key].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`loyaltyPath(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const PROMOTION_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED'] as const;
export const PROMOTION_SORTS = ['sort', 'startsAt', 'grantedTotal', 'code'] as const;

const Id = z.string().regex(/^[1-9]\d{0,17}$/);
const Paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

// ---------------------------------------------------------------- promotions

export const PromotionIdParamsSchema = z.object({ promotionId: z.string().regex(/^[1-9]\d{0,9}$/) });
export const PromotionListQuerySchema = z.object({
  status: z.enum(PROMOTION_STATUSES).optional(),
  /** Code or English title contains. */
  q: z.string().trim().max(60).optional(),
  sort: z.enum(PROMOTION_SORTS).default('sort'),
  order: z.enum(SORT_ORDERS).default('asc'),
  ...Paging,
});
export type PromotionListQuery = z.infer<typeof PromotionListQuerySchema>;
export const ConsolePromotionSchema = OpsPromotionSchema;
export type ConsolePromotion = z.infer<typeof ConsolePromotionSchema>;
export const PromotionListResponseSchema = envelope(page(ConsolePromotionSchema));
export const PromotionResponseSchema = envelope(ConsolePromotionSchema);
/** The edit form's data: the whole body as created, plus the figures the form shows. */
export const PromotionDetailSchema = z.object({
  promotion: ConsolePromotionSchema,
  body: OpsPromotionBodySchema,
});
export type PromotionDetail = z.infer<typeof PromotionDetailSchema>;
export const PromotionDetailResponseSchema = envelope(PromotionDetailSchema);
export { OpsPromotionBodySchema as PromotionBodySchema, OpsPromotionStatusBodySchema as PromotionStatusBodySchema };

export const ApplicationListQuerySchema = z.object({
  promotionId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .optional(),
  ...Paging,
});
export const ApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.number().int(),
  promotionCode: z.string(),
  promotionTitle: z.object({ en: z.string(), bn: z.string() }),
  memberId: z.string(),
  username: z.string(),
  note: z.string().nullable(),
  rewardAmount: z.string(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof ApplicationSchema>;
export const ApplicationListResponseSchema = envelope(page(ApplicationSchema));
export const ParticipationIdParamsSchema = z.object({ participationId: Id });
export const ApplicationRejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) }).strict();
export const ApplicationDecisionSchema = z.object({ state: z.enum(['issued', 'rejected']), grantId: z.string().nullable() });
export type ApplicationDecision = z.infer<typeof ApplicationDecisionSchema>;
export const ApplicationDecisionResponseSchema = envelope(ApplicationDecisionSchema);

export const GrantListQuerySchema = z.object({
  state: z.enum(BONUS_STATES).optional(),
  username: z.string().trim().max(40).optional(),
  promotionId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .optional(),
  ...Paging,
});
export const ConsoleGrantSchema = BonusGrantSchema.extend({ memberId: z.string(), username: z.string() });
export type ConsoleGrant = z.infer<typeof ConsoleGrantSchema>;
export const GrantListResponseSchema = envelope(page(ConsoleGrantSchema));

// ---------------------------------------------------------------- VIP, points, missions, rebates

export const VipLevelsSchema = z.object({ enabled: z.boolean(), levels: z.array(OpsVipLevelSchema) });
export type VipLevels = z.infer<typeof VipLevelsSchema>;
export const VipLevelsResponseSchema = envelope(VipLevelsSchema);
export const VipLevelResponseSchema = envelope(OpsVipLevelSchema);
export const VipLevelParamsSchema = z.object({ level: z.string().regex(/^\d{1,2}$/) });
export { OpsVipLevelBodySchema as VipLevelBodySchema };
export const VipMemberQuerySchema = z.object({ username: z.string().trim().min(1).max(40) });
export const VipMemberSchema = z.object({
  memberId: z.string(),
  username: z.string(),
  level: z.number().int(),
  levelName: z.object({ en: z.string(), bn: z.string() }),
  validBet: z.string(),
  deposit: z.string(),
  nextLevel: z.number().int().nullable(),
  validBetTarget: z.string().nullable(),
  depositTarget: z.string().nullable(),
});
export type VipMember = z.infer<typeof VipMemberSchema>;
export const VipMemberResponseSchema = envelope(VipMemberSchema);

export { OpsPointsConfigBodySchema as PointsConfigBodySchema };
export const ConsolePointsConfigResponseSchema = envelope(PointsConfigSchema);
export const PointsRewardSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  name: z.object({ en: z.string(), bn: z.string() }),
  price: z.string(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  active: z.boolean(),
  sort: z.number().int(),
  redeemed: z.number().int(),
});
export type PointsReward = z.infer<typeof PointsRewardSchema>;
export const PointsRewardListResponseSchema = envelope(z.object({ list: z.array(PointsRewardSchema) }));
export const PointsRewardResponseSchema = envelope(PointsRewardSchema);
export const PointsRewardParamsSchema = z.object({ rewardId: z.string().regex(/^[1-9]\d{0,9}$/) });
export const PointsRewardBodySchema = z
  .object({
    price: z.string().regex(/^[1-9]\d{0,11}$/),
    stock: z.number().int().min(0).max(10_000_000).nullable(),
    active: z.boolean(),
    sort: z.number().int().min(0).max(10_000),
  })
  .strict();
export type PointsRewardBody = z.infer<typeof PointsRewardBodySchema>;
/** The motifs of the mall's locally drawn pictures (points/reward-art.ts draws each; a key is `<motif>[-<variant>]`). */
export const POINTS_REWARD_MOTIFS = ['cash', 'spins', 'jersey', 'earbuds', 'phone', 'powerbank', 'watch', 'gift'] as const;
export const POINTS_REWARD_KINDS = ['GOODS', 'CASH', 'VOUCHER'] as const;
const RewardText = (max: number) => z.string().trim().min(1).max(max);
/**
 * A new item of the points mall (decision 059): what the edit form has (price, stock, sort, on sale) plus its code,
 * kind, names and descriptions in EN and BN, picture, the per-member limit and conditions. A CASH item names the cash
 * it pays (minor units), a VOUCHER item its free spins; the database checks the same (points_reward_kind_fields).
 */
export const PointsRewardCreateSchema = PointsRewardBodySchema.extend({
  code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,40}$/),
  kind: z.enum(POINTS_REWARD_KINDS),
  name: z.object({ en: RewardText(80), bn: RewardText(80) }).strict(),
  description: z.object({ en: z.string().trim().max(500), bn: z.string().trim().max(500) }).strict(),
  picture: z
    .string()
    .trim()
    .regex(/^[a-z]+(-[a-z0-9-]{1,30})?$/)
    .refine((p) => (POINTS_REWARD_MOTIFS as readonly string[]).includes(p.split('-')[0] ?? ''), 'loyalty.points.pictureInvalid'),
  perMemberLimit: z.number().int().min(1).max(10_000).nullable(),
  cashAmount: z
    .string()
    .regex(/^[1-9]\d{0,11}$/)
    .nullable(),
  voucherSpins: z.number().int().min(1).max(1_000).nullable(),
  minVipLevel: z.number().int().min(0).max(100),
  needsVerifiedMobile: z.boolean(),
})
  .strict()
  .refine((r) => r.kind !== 'CASH' || r.cashAmount !== null, { path: ['cashAmount'], message: 'loyalty.points.cashRequired' })
  .refine((r) => r.kind !== 'VOUCHER' || r.voucherSpins !== null, { path: ['voucherSpins'], message: 'loyalty.points.spinsRequired' });
export type PointsRewardCreate = z.infer<typeof PointsRewardCreateSchema>;

export const MissionListResponseSchema = envelope(z.object({ list: z.array(OpsMissionSchema) }));
export const MissionResponseSchema = envelope(OpsMissionSchema);
export const MissionParamsSchema = z.object({ missionId: z.string().regex(/^[1-9]\d{0,9}$/) });
export { OpsMissionBodySchema as MissionBodySchema };

export const ConsoleRebateSettingsResponseSchema = envelope(RebateSettingsSchema);

/** The referral reward rule (decision 049) and whether members see it: the brand's REFERRAL feature flag. */
export const ConsoleReferralSchema = z.object({ settings: ReferralSettingsSchema.nullable(), promoRunning: z.boolean() });
export type ConsoleReferral = z.infer<typeof ConsoleReferralSchema>;
export const ConsoleReferralResponseSchema = envelope(ConsoleReferralSchema);
export { RebateSettingsSchema as RebateSettingsBodySchema, ReferralSettingsSchema as ReferralSettingsBodySchema };
export const REBATE_RUN_KINDS = ['REBATE', 'CASHBACK'] as const;
export const RebateRunQuerySchema = z.object({ kind: z.enum(REBATE_RUN_KINDS).optional(), ...Paging });
export const RebateRunSchema = z.object({
  kind: z.enum(REBATE_RUN_KINDS),
  period: z.string(),
  ranAt: z.string(),
  members: z.number().int(),
  paidCount: z.number().int(),
  paidAmount: z.string(),
  /** Deferred payouts (a member had a bonus running): owed, paid by a later run. */
  owedCount: z.number().int(),
  owedAmount: z.string(),
});
export type RebateRun = z.infer<typeof RebateRunSchema>;
export const RebateRunListResponseSchema = envelope(page(RebateRunSchema));
