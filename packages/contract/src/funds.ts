import { z } from 'zod';
import { envelope } from './envelope.ts';
import { DATE_PRESETS, DEPOSIT_ORDER_STATUSES, WITHDRAWAL_METHODS, WITHDRAWAL_OUTCOMES, WITHDRAWAL_STATUSES } from './funds-paths.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the funds calls. Import as `@playfront/contract/funds`; paths live zod-free in funds-paths.ts. */
export * from './funds-paths.ts';

/** A positive amount in minor units, as a decimal string without sign or leading zeros. */
/** A positive amount in minor units, at most MAX_AMOUNT_MINOR (15 digits). */
export const PositiveMinorUnitsSchema = z.string().regex(new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`));

export const VendorWalletSchema = z.object({
  vendorCode: z.string(),
  balance: MinorUnitsSchema,
});

export const ConsolidatedFundsSchema = z.object({
  currency: z.string(),
  currencySymbol: z.string(),
  /** Main wallet balance. */
  main: MinorUnitsSchema,
  /** Balances at transfer-mode vendors (only vendors where the member ever had a wallet). */
  vendors: z.array(VendorWalletSchema),
  /** Money held for withdrawals awaiting the operator. */
  pendingWithdrawals: MinorUnitsSchema,
  /** main + vendors + pendingWithdrawals. */
  total: MinorUnitsSchema,
});
export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsSchema>;
export const ConsolidatedFundsResponseSchema = envelope(ConsolidatedFundsSchema);

export const MerchantWalletSchema = z.object({
  /** true: every vendor is seamless (one wallet, no transfers); false: some vendors use transfer wallets. */
  isSingle: z.boolean(),
  /** Vendors whose games need money moved into their wallet first. */
  transferVendors: z.array(z.string()),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;
export const MerchantWalletResponseSchema = envelope(MerchantWalletSchema);

export const DepositChannelSchema = z.object({
  code: z.string(),
  name: z.string(),
  min: MinorUnitsSchema,
  max: MinorUnitsSchema,
});
export type DepositChannel = z.infer<typeof DepositChannelSchema>;
export const DepositChannelsResponseSchema = envelope(z.object({ currency: z.string(), list: z.array(DepositChannelSchema) }));

export const CreateDepositBodySchema = z.object({
  channelCode: z.string().min(1).max(32),
  amount: PositiveMinorUnitsSchema,
  /** A deposit promotion the member picked (`depositOffers`): its bonus follows when the deposit is credited. */
  promotionCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,47}$/)
    .optional(),
});
export type CreateDepositBody = z.infer<typeof CreateDepositBodySchema>;

export const DepositOrderSchema = z.object({
  orderNo: z.string(),
  channelCode: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof DepositOrderSchema>;
export const DepositOrderResponseSchema = envelope(DepositOrderSchema);

export const CreateDepositResponseSchema = envelope(
  DepositOrderSchema.extend({
    /** The gateway's payment page: open it in the same tab; the gateway sends the payer back to depositv2. */
    payUrl: z.string(),
  }),
);

export const DepositOrderParamsSchema = z.object({ orderNo: z.string().regex(/^D[0-9A-Z]{10,40}$/) });

/** The webhook's acknowledgement (what the gateway sees). */
export const WebhookAckSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

export const WithdrawInfoSchema = z.object({
  hasPaymentPassword: z.boolean(),
  currency: z.string(),
  min: MinorUnitsSchema,
  max: MinorUnitsSchema,
  /** What can be withdrawn now (the main wallet balance). */
  available: MinorUnitsSchema,
  methods: z.array(z.enum(WITHDRAWAL_METHODS)),
  /** The member's VIP level's daily limit and what is left of it today (UTC); absent when the brand runs no VIP. */
  dailyLimit: MinorUnitsSchema.optional(),
  dailyLeft: MinorUnitsSchema.optional(),
});
export const WithdrawInfoResponseSchema = envelope(WithdrawInfoSchema);

/** Sealed body. Setting it the first time needs the login password, changing it the old payment password. */
export const SetPaymentPasswordBodySchema = z
  .object({
    newPaymentPassword: z.string().regex(/^\d{6}$/),
    password: z.string().min(1).max(128).optional(),
    oldPaymentPassword: z.string().min(1).max(128).optional(),
    /** The SMS code sent by `paymentPasswordCode`: required with `oldPaymentPassword` (a change). */
    smsCode: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  })
  .refine((b) => (b.password === undefined) !== (b.oldPaymentPassword === undefined), {
    message: 'give either password or oldPaymentPassword',
  });
export const SetPaymentPasswordResponseSchema = envelope(z.object({ hasPaymentPassword: z.literal(true) }));
/** The code went to the member's mobile (masked as `+880 ******5678`) and lives `expiredMinutes`. */
export const PaymentPasswordCodeResponseSchema = envelope(z.object({ maskedMobile: z.string(), expiredMinutes: z.number().int() }));

/** Sealed body. `requestId` is the client's idempotency key: a resend returns the first answer. */
export const CreateWithdrawalBodySchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  amount: PositiveMinorUnitsSchema,
  method: z.enum(WITHDRAWAL_METHODS),
  accountName: z.string().trim().min(1).max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{5,34}$/),
  bankName: z.string().trim().min(1).max(100).optional(),
  paymentPassword: z.string().min(1).max(128),
  /** The member accepts that the active bonus is forfeited by this withdrawal (else BONUS_FORFEIT_REQUIRED). */
  forfeitBonus: z.boolean().optional(),
});
export type CreateWithdrawalBody = z.infer<typeof CreateWithdrawalBodySchema>;

export const WithdrawalSchema = z.object({
  orderNo: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  accountName: z.string(),
  /** Masked except the last 4 characters. */
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The member's answer once approved (null until then); `forced` when it was counted as received after the time limit. */
  confirmation: z
    .object({
      outcome: z.enum(WITHDRAWAL_OUTCOMES),
      forced: z.boolean(),
      note: z.string().nullable(),
      at: z.string(),
      proofIds: z.array(z.string()),
    })
    .nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalConfirmParamsSchema = z.object({ orderNo: z.string().regex(/^W[0-9A-Z]{10,40}$/) });
export const WithdrawalProofParamsSchema = WithdrawalConfirmParamsSchema.extend({ proofId: z.string().regex(/^\d{1,18}$/) });
export const WithdrawalResponseSchema = envelope(WithdrawalSchema);
export const WithdrawalsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const WithdrawalsResponseSchema = envelope(z.object({ list: z.array(WithdrawalSchema), total: z.number().int() }));

export const OpsWithdrawalSchema = WithdrawalSchema.extend({
  username: z.string(),
  accountNumber: z.string(),
  /** The member was never paid to this account before: check the payee before approving. */
  newPayee: z.boolean(),
});
export const OpsWithdrawalsQuerySchema = WithdrawalsQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const OpsWithdrawalsResponseSchema = envelope(z.object({ list: z.array(OpsWithdrawalSchema), total: z.number().int() }));
export const OpsWithdrawalParamsSchema = z.object({ orderNo: z.string().regex(/^W[0-9A-Z]{10,40}$/) });
export const OpsRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(200) });
export const OpsWithdrawalResponseSchema = envelope(OpsWithdrawalSchema);

// ---------------------------------------------------------------- records

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Either a preset or `from`/`to` (inclusive days, YYYY-MM-DD, brand time); neither means the last 7 days. */
export const RecordWindowQuerySchema = z.object({
  preset: z.enum(DATE_PRESETS).optional(),
  from: DaySchema.optional(),
  to: DaySchema.optional(),
});
export const TransactionsQuerySchema = RecordWindowQuerySchema.extend({
  /** Ledger transfer kind, e.g. DEPOSIT, WITHDRAWAL_HOLD, BET, WIN, VENDOR_TRANSFER_IN. */
  type: z
    .string()
    .regex(/^[A-Z_]{2,40}$/)
    .optional(),
  /** The language of game names (EN default). */
  language: z.enum(['en', 'bn', 'EN', 'BN']).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const TransactionRecordSchema = z.object({
  id: z.string(),
  type: z.string(),
  /** MAIN, HOLD (held for a withdrawal) or the vendor code of a vendor wallet. */
  wallet: z.string(),
  /** Signed minor units: negative when money left this wallet. */
  amount: MinorUnitsSchema,
  balanceAfter: MinorUnitsSchema,
  time: z.string(),
  /** The order, game round or counterpart the movement belongs to, when known. */
  reference: z.string().nullable(),
  /** A bet, win or rollback: the game's name in the asked language (issue 22). */
  gameName: z.string().nullable().optional(),
  /** An upline/downline transfer: the other member's username, so the row reads from the viewer's side. */
  counterpart: z.string().nullable().optional(),
});
export type TransactionRecord = z.infer<typeof TransactionRecordSchema>;
export const TransactionsResponseSchema = envelope(
  z.object({
    from: DaySchema,
    to: DaySchema,
    list: z.array(TransactionRecordSchema),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
);

export const ProfitDaySchema = z.object({
  day: DaySchema,
  deposits: MinorUnitsSchema,
  withdrawals: MinorUnitsSchema,
  bets: MinorUnitsSchema,
  wins: MinorUnitsSchema,
  bonuses: MinorUnitsSchema,
  /** wins + bonuses − bets: the member's result from play (deposits and withdrawals move money, they are not profit). */
  net: MinorUnitsSchema,
});
export type ProfitDay = z.infer<typeof ProfitDaySchema>;
export const PersonalProfitResponseSchema = envelope(
  z.object({
    from: DaySchema,
    to: DaySchema,
    currency: z.string(),
    days: z.array(ProfitDaySchema),
    total: ProfitDaySchema.omit({ day: true }),
  }),
);

// ---------------------------------------------------------------- transfers

/** IN: main wallet → vendor wallet (before playing); OUT: vendor wallet → main wallet. */
export const WalletTransferBodySchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  vendorCode: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
  direction: z.enum(['IN', 'OUT']),
  amount: PositiveMinorUnitsSchema,
});
export type WalletTransferBody = z.infer<typeof WalletTransferBodySchema>;
export const WalletTransferResponseSchema = envelope(
  z.object({ vendorCode: z.string(), main: MinorUnitsSchema, vendor: MinorUnitsSchema, replayed: z.boolean() }),
);

/** Sealed body (carries the payment password). */
export const TransferUplineBodySchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  amount: PositiveMinorUnitsSchema,
  paymentPassword: z.string().min(1).max(128),
});
export const TransferDownlineBodySchema = TransferUplineBodySchema.extend({
  /** The receiving member's username. */
  downline: z.string().min(1).max(64),
});
export const MemberTransferResponseSchema = envelope(
  z.object({ to: z.string(), amount: MinorUnitsSchema, balance: MinorUnitsSchema, replayed: z.boolean() }),
);
