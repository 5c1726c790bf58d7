import { z } from 'zod';
import { envelope } from './envelope.ts';
import { MAX_REDEEM_QUANTITY, POINT_TYPES, REDEEM_BLOCKS, REDEEM_STATUSES, REWARD_KINDS, REWARD_SORTS } from './points-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the points calls. Import as `@playfront/contract/points`; paths live zod-free in points-paths.ts. */
export * from './points-paths.ts';

/** A count of points as a decimal string (points never expire, so a long-time player's total can grow large). */
export const PointsSchema = z.string().regex(/^-?\d{1,18}$/);
/** A positive number of points, as the member types it (at most 15 digits, like money). */
export const PositivePointsSchema = z.string().regex(/^[1-9]\d{0,14}$/);
const RequestIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const OrderNoSchema = z.string().regex(/^P[0-9A-Z]{10,40}$/);

export const PointsBalanceSchema = z.object({
  points: PointsSchema,
  currency: z.string(),
  currencySymbol: z.string(),
  /** What converting every convertible point now would pay, in minor units. */
  convertibleAmount: MinorUnitsSchema,
  /** Whether a payment password is set (redeem and convert ask for it). */
  hasPaymentPassword: z.boolean(),
});
export type PointsBalance = z.infer<typeof PointsBalanceSchema>;
export const PointsBalanceResponseSchema = envelope(PointsBalanceSchema);

export const PointsConfigSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** Points earned per `rateBase` minor units of valid bet (per category) or of deposit. */
  rates: z.object({
    live: z.number().int().min(0),
    lottery: z.number().int().min(0),
    pvp: z.number().int().min(0),
    slots: z.number().int().min(0),
    sports: z.number().int().min(0),
    deposit: z.number().int().min(0),
  }),
  rateBase: MinorUnitsSchema,
  /** Conversion ratio: `convertPoints` points pay `convertAmount` minor units; a convert is a whole multiple. */
  convertPoints: z.number().int().min(1),
  convertAmount: MinorUnitsSchema,
  minConvertPoints: z.number().int().min(1),
  convertEnabled: z.boolean(),
});
export type PointsConfig = z.infer<typeof PointsConfigSchema>;
export const PointsConfigResponseSchema = envelope(PointsConfigSchema);

export const RewardsQuerySchema = z.object({
  kind: z.enum(REWARD_KINDS).optional(),
  sort: z.enum(REWARD_SORTS).default('default'),
});

export const RewardSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(REWARD_KINDS),
  /** In the request's language (EN or BN). */
  name: z.string(),
  description: z.string(),
  /** Picture key; the image is at `pointsPictureUrl(picture)`. */
  picture: z.string(),
  price: PointsSchema,
  /** Left in stock; null: unlimited. */
  stock: z.number().int().nullable(),
  /** How many one member may redeem in all; null: no limit. */
  perMemberLimit: z.number().int().nullable(),
  /** How many this member has redeemed (in process or approved). */
  redeemedByMe: z.number().int(),
  /** CASH: minor units credited per unit. */
  cashAmount: MinorUnitsSchema.nullable(),
  /** VOUCHER: free spins per unit, and the game they are for. */
  voucherSpins: z.number().int().nullable(),
  voucherGame: z.string().nullable(),
  minVipLevel: z.number().int(),
  needsVerifiedMobile: z.boolean(),
  /** The conditions this member does not meet now (empty: redeemable). */
  blocked: z.array(z.enum(REDEEM_BLOCKS)),
});
export type Reward = z.infer<typeof RewardSchema>;
export const RewardsResponseSchema = envelope(z.object({ list: z.array(RewardSchema) }));

/** Sealed body. `requestId` is the client's idempotency key: a resend returns the first redemption. */
export const RedeemBodySchema = z.object({
  requestId: RequestIdSchema,
  rewardId: z.string().regex(/^\d{1,9}$/),
  quantity: z.number().int().min(1).max(MAX_REDEEM_QUANTITY),
  /** Goods only: where to send them (name, phone and address, as the member writes it). */
  address: z.string().trim().min(10).max(300).optional(),
  paymentPassword: z.string().min(1).max(128),
});
export type RedeemBody = z.infer<typeof RedeemBodySchema>;

/** The redeem form as the web fills it (quantity typed as text, password required, address checked per kind). */
export const RedeemFormSchema = z.object({
  quantity: z.coerce.number().int().min(1).max(MAX_REDEEM_QUANTITY),
  address: z.string().trim().max(300),
  paymentPassword: z.string().min(1).max(128),
});
export type RedeemForm = z.input<typeof RedeemFormSchema>;

export const RedemptionSchema = z.object({
  orderNo: z.string(),
  rewardId: z.string(),
  rewardName: z.string(),
  kind: z.enum(REWARD_KINDS),
  picture: z.string(),
  quantity: z.number().int(),
  /** Points spent (price × quantity). */
  points: PointsSchema,
  /** CASH: minor units credited (or to be credited). */
  amount: MinorUnitsSchema.nullable(),
  status: z.enum(REDEEM_STATUSES),
  address: z.string().nullable(),
  /** Goods: the shipment's transaction reference number; cash: the ledger transfer. */
  referenceNo: z.string().nullable(),
  /** The operator's remark (the reason of a rejection). */
  remark: z.string().nullable(),
  voucherCode: z.string().nullable(),
  applyTime: z.string(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;
export const RedeemResponseSchema = envelope(RedemptionSchema.extend({ balance: PointsSchema, replayed: z.boolean() }));

export const RedemptionsQuerySchema = z.object({
  status: z.enum(REDEEM_STATUSES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const RedemptionsResponseSchema = envelope(z.object({ list: z.array(RedemptionSchema), total: z.number().int() }));

export const PointsDetailsQuerySchema = z.object({
  type: z.enum(POINT_TYPES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const PointsEntrySchema = z.object({
  id: z.string(),
  type: z.enum(POINT_TYPES),
  /** Signed: negative when points were spent. */
  points: PointsSchema,
  balanceAfter: PointsSchema,
  /** In a few words: the game vendor, the deposit or redemption order number, `wallet` for a convert. */
  source: z.string(),
  /**
   * What it came from or went to, by type: a settled round (`vendor`, `gameCode`, `roundId`, `validBet`), a deposit
   * (`amount`, `orderNo` when known), a redemption (`orderNo`, `reward`, `rewardBn`), a convert (`amount`).
   */
  reference: z.record(z.string(), z.string()),
  time: z.string(),
});
export type PointsEntry = z.infer<typeof PointsEntrySchema>;
export const PointsDetailsResponseSchema = envelope(z.object({ list: z.array(PointsEntrySchema), total: z.number().int() }));

/** Sealed body. */
export const ConvertBodySchema = z.object({
  requestId: RequestIdSchema,
  points: PositivePointsSchema,
  paymentPassword: z.string().min(1).max(128),
});
export type ConvertBody = z.infer<typeof ConvertBodySchema>;
export const ConvertFormSchema = z.object({
  points: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/),
  paymentPassword: z.string().min(1).max(128),
});
export type ConvertForm = z.infer<typeof ConvertFormSchema>;
export const ConvertResponseSchema = envelope(
  z.object({
    points: PointsSchema,
    amount: MinorUnitsSchema,
    /** The member's points and main wallet after the convert. */
    balance: PointsSchema,
    wallet: MinorUnitsSchema,
    replayed: z.boolean(),
  }),
);

// ---------------------------------------------------------------- operator

export const OpsRedemptionSchema = RedemptionSchema.extend({ username: z.string() });
export const OpsRedemptionsQuerySchema = RedemptionsQuerySchema;
export const OpsRedemptionsResponseSchema = envelope(z.object({ list: z.array(OpsRedemptionSchema), total: z.number().int() }));
export const OpsRedemptionParamsSchema = z.object({ orderNo: OrderNoSchema });
export const OpsApproveRedemptionBodySchema = z
  .object({
    /** Goods: the shipment's transaction reference number (required for goods). */
    referenceNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,64}$/)
      .optional(),
    remark: z.string().trim().min(1).max(200).optional(),
  })
  .default({});
export const OpsRejectRedemptionBodySchema = z.object({ reason: z.string().trim().min(1).max(200) });
export const OpsRedemptionResponseSchema = envelope(OpsRedemptionSchema);

export const OpsPointsConfigBodySchema = z.object({
  rates: PointsConfigSchema.shape.rates.extend({
    live: z.number().int().min(0).max(1_000_000),
    lottery: z.number().int().min(0).max(1_000_000),
    pvp: z.number().int().min(0).max(1_000_000),
    slots: z.number().int().min(0).max(1_000_000),
    sports: z.number().int().min(0).max(1_000_000),
    deposit: z.number().int().min(0).max(1_000_000),
  }),
  convertPoints: z.number().int().min(1).max(1_000_000),
  convertAmount: z.string().regex(/^[1-9]\d{0,8}$/),
  minConvertPoints: z.number().int().min(1).max(1_000_000_000),
  convertEnabled: z.boolean(),
});
