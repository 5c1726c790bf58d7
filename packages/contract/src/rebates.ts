import { z } from 'zod';
import { envelope } from './envelope.ts';
import {
  CASHBACK_PERIODS,
  REBATE_CATEGORIES,
  REBATE_CLAIM_BLOCKS,
  REBATE_PAYOUT_KINDS,
  REBATE_PAYOUT_SOURCES,
  REBATE_PERIODS,
} from './rebates-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the rebate and cashback calls. Import as `@playfront/contract/rebates`; paths live zod-free in rebates-paths.ts. */
export * from './rebates-paths.ts';

const BpsSchema = z.number().int().min(0).max(10_000);
/** Non-negative minor units on the way in (never a float). */
const AmountInSchema = z.string().regex(/^\d{1,15}$/);

export const RebateCategoryLineSchema = z.object({
  category: z.enum(REBATE_CATEGORIES),
  /** Valid bets since the last payout, minor units. */
  validBet: MinorUnitsSchema,
  /** The member's rate for the category now (VIP level's, else the brand default), basis points. */
  rateBps: BpsSchema,
  /** Rebate accrued since the last payout, whole minor units (fractions carry to the next payout). */
  amount: MinorUnitsSchema,
});
export type RebateCategoryLine = z.infer<typeof RebateCategoryLineSchema>;

export const MyRebateSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** Every category, in the ladder's order, zero where nothing accrued. */
  categories: z.array(RebateCategoryLineSchema),
  total: MinorUnitsSchema,
  minimum: MinorUnitsSchema,
  claimIntervalSeconds: z.number().int(),
  claim: z.object({
    canClaim: z.boolean(),
    /** Why not, when canClaim is false. */
    blockedBy: z.enum(REBATE_CLAIM_BLOCKS).nullable(),
    lastClaimAt: z.string().nullable(),
    /** When a claim opens again (TOO_SOON), ISO time. */
    nextClaimAt: z.string().nullable(),
  }),
  /** The automatic payout: null when off. `nextAt` is when the current period's accrual is paid. */
  automatic: z.object({ period: z.enum(REBATE_PERIODS), nextAt: z.string() }).nullable(),
  /** Whether rewards are paid as bonus money (with wagering) rather than cash. */
  paidAsBonus: z.boolean(),
  /** The cashback terms: null when off. */
  cashback: z
    .object({ shareBps: BpsSchema, cap: MinorUnitsSchema, minimum: MinorUnitsSchema, period: z.enum(CASHBACK_PERIODS) })
    .nullable(),
});
export type MyRebate = z.infer<typeof MyRebateSchema>;
export const MyRebateResponseSchema = envelope(MyRebateSchema);

export const RebatePayoutSchema = z.object({
  id: z.string(),
  kind: z.enum(REBATE_PAYOUT_KINDS),
  source: z.enum(REBATE_PAYOUT_SOURCES),
  /** The period paid (`2026-11-25`, `W2026-11-23`, `2026-11`) or `claim` for a member's claim. */
  period: z.string(),
  amount: MinorUnitsSchema,
  /** Rebate: the valid bets paid for; cashback: the net loss it is a share of. */
  base: MinorUnitsSchema,
  paidAs: z.enum(['CASH', 'BONUS']),
  createdAt: z.string(),
});
export type RebatePayout = z.infer<typeof RebatePayoutSchema>;

export const RebateClaimResponseSchema = envelope(z.object({ payout: RebatePayoutSchema, rebate: MyRebateSchema }));
export type RebateClaimResult = { payout: RebatePayout; rebate: MyRebate };

export const RebateHistoryQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const RebateHistorySchema = z.object({ list: z.array(RebatePayoutSchema), total: z.number().int() });
export type RebateHistory = z.infer<typeof RebateHistorySchema>;
export const RebateHistoryResponseSchema = envelope(RebateHistorySchema);

/** The brand's settings, as the operator reads and writes them. */
export const RebateSettingsSchema = z.object({
  /** Accrual from settled bets: off stops accruing (what accrued stays claimable). */
  enabled: z.boolean(),
  /** Rate per category where the member has no VIP level or the brand runs no VIP (levels have their own, vip_level). */
  defaultBps: z.record(z.enum(REBATE_CATEGORIES), BpsSchema),
  /** The least a payout (automatic or claimed) pays, minor units. */
  minimumPayout: AmountInSchema,
  manualEnabled: z.boolean(),
  /** At most one claim per this many seconds (0: no limit). */
  claimIntervalSeconds: z
    .number()
    .int()
    .min(0)
    .max(31 * 86_400),
  autoEnabled: z.boolean(),
  autoPeriod: z.enum(REBATE_PERIODS),
  cashbackEnabled: z.boolean(),
  /** Share of the net loss, basis points. */
  cashbackShareBps: BpsSchema,
  /** Most a member gets per period, minor units (0: no cap). */
  cashbackCap: AmountInSchema,
  /** Least a cashback pays, minor units. */
  cashbackMinimum: AmountInSchema,
  cashbackPeriod: z.enum(CASHBACK_PERIODS),
  /** Pay rebates and cashback as bonus money of this promotion (its wagering), or cash when null. */
  bonusPromotionId: z.number().int().positive().nullable(),
});
export type RebateSettings = z.infer<typeof RebateSettingsSchema>;
export const RebateSettingsResponseSchema = envelope(RebateSettingsSchema);
