import { z } from 'zod';
import { envelope } from './envelope.ts';
import { VIP_BONUS_KINDS, VIP_ICON_KEYS, VIP_MAX_LEVEL, VIP_REBATE_CATEGORIES } from './vip-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the VIP calls. Import as `@playfront/contract/vip`; paths live zod-free in vip-paths.ts. */
export * from './vip-paths.ts';

const BpsSchema = z.number().int().min(0).max(10_000);

export const VipLevelSchema = z.object({
  level: z.number().int().min(0).max(7),
  /** In the call's Language (EN or BN). */
  name: z.string(),
  /** URL of the level's icon (SVG). */
  icon: z.string(),
  /** Valid bets AND deposits over the rolling window that reach the level (minor units). */
  validBetThreshold: MinorUnitsSchema,
  depositThreshold: MinorUnitsSchema,
  /** Valid bets over the window that keep the level at the monthly review. */
  keepValidBet: MinorUnitsSchema,
  levelUpBonus: MinorUnitsSchema,
  monthlyBonus: MinorUnitsSchema,
  /** Rebate per game category, basis points of the valid bet (paid by the rebate work). */
  rebateBps: z.record(z.enum(VIP_REBATE_CATEGORIES), BpsSchema),
  dailyWithdrawalLimit: MinorUnitsSchema,
});
export type VipLevel = z.infer<typeof VipLevelSchema>;

export const VipLevelsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  windowDays: z.number().int(),
  levels: z.array(VipLevelSchema),
});
export type VipLevels = z.infer<typeof VipLevelsSchema>;
export const VipLevelsResponseSchema = envelope(VipLevelsSchema);

export const VipBonusSchema = z.object({
  id: z.string(),
  kind: z.enum(VIP_BONUS_KINDS),
  level: z.number().int(),
  /** `YYYY-MM` for a monthly bonus, `level-N` for a level-up bonus. */
  period: z.string(),
  amount: MinorUnitsSchema,
  createdAt: z.string(),
});
export type VipBonus = z.infer<typeof VipBonusSchema>;

export const VipProgressSchema = z.object({
  /** Over the rolling window, minor units. */
  validBet: MinorUnitsSchema,
  deposit: MinorUnitsSchema,
  /** What the next level asks (null at the top level). */
  validBetTarget: MinorUnitsSchema.nullable(),
  depositTarget: MinorUnitsSchema.nullable(),
  /** 0..100, whole percent, for the bars. */
  validBetPercent: z.number().int().min(0).max(100),
  depositPercent: z.number().int().min(0).max(100),
});
export type VipProgress = z.infer<typeof VipProgressSchema>;

export const MyVipSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  windowDays: z.number().int(),
  current: VipLevelSchema,
  next: VipLevelSchema.nullable(),
  progress: VipProgressSchema,
  /** The latest VIP bonuses, newest first. */
  bonuses: z.array(VipBonusSchema),
});
export type MyVip = z.infer<typeof MyVipSchema>;
export const MyVipResponseSchema = envelope(MyVipSchema);

/** Minor units, never negative. */
const AmountSchema = z.string().regex(/^\d{1,18}$/);

/** The operator's definition of a level (both names, the icon key): what PUT takes and GET lists. */
export const OpsVipLevelBodySchema = z.object({
  nameEn: z.string().trim().min(1).max(40),
  nameBn: z.string().trim().min(1).max(40),
  icon: z.enum(VIP_ICON_KEYS),
  validBetThreshold: AmountSchema,
  depositThreshold: AmountSchema,
  keepValidBet: AmountSchema,
  levelUpBonus: AmountSchema,
  monthlyBonus: AmountSchema,
  /** Every category, basis points of the valid bet. */
  rebateBps: z.object(
    Object.fromEntries(VIP_REBATE_CATEGORIES.map((c) => [c, BpsSchema])) as Record<
      (typeof VIP_REBATE_CATEGORIES)[number],
      typeof BpsSchema
    >,
  ),
  dailyWithdrawalLimit: AmountSchema.refine((v) => BigInt(v) > 0n, 'must be above 0'),
});
export type OpsVipLevelBody = z.infer<typeof OpsVipLevelBodySchema>;
export const OpsVipLevelSchema = OpsVipLevelBodySchema.extend({ level: z.number().int().min(0).max(VIP_MAX_LEVEL) });
export type OpsVipLevel = z.infer<typeof OpsVipLevelSchema>;
export const OpsVipLevelsResponseSchema = envelope(z.object({ enabled: z.boolean(), levels: z.array(OpsVipLevelSchema) }));
export const OpsVipLevelResponseSchema = envelope(OpsVipLevelSchema);
export const OpsVipLevelParamsSchema = z.object({ level: z.coerce.number().int().min(0).max(VIP_MAX_LEVEL) });
