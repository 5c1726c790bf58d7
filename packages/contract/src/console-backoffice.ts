import { z } from 'zod';
import {
  DEPOSIT_SORTS,
  MANUAL_DEPOSIT_STATUSES,
  MEMBER_RECORD_KINDS,
  OPERATOR_SCOPES,
  REPORT_DAILY_SORTS,
  REPORT_GAME_DIMENSIONS,
  REPORT_GAME_SORTS,
} from './console-backoffice-paths.ts';
import { SORT_ORDERS } from './console-paths.ts';
import { envelope } from './envelope.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the console back office (lane C, decision 045). Paths and lists: console-backoffice-paths.ts. */
export * from './console-backoffice-paths.ts';

const Id = z.string().regex(/^[1-9]\d{0,17}$/);
const NonNegativeMinor = z.string().regex(new RegExp(`^(0|[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}})$`));
const Reason = z.string().trim().min(3).max(500);
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

// --- member records and notes --------------------------------------------------------------------------------------

export const MemberRecordParamsSchema = z.object({ memberId: Id, kind: z.enum(MEMBER_RECORD_KINDS) });
export const PagingQuerySchema = z.object(Paging);
/** One row of any record kind: the columns the kind has, all strings (money in minor units), null when absent. */
export const MemberRecordRowSchema = z.record(z.string(), z.string().nullable());
export type MemberRecordRow = z.infer<typeof MemberRecordRowSchema>;
export const MemberRecordsResponseSchema = envelope(page(MemberRecordRowSchema));

export const MemberNoteRequestSchema = z.object({ body: z.string().trim().min(1).max(2000) }).strict();
export const MemberNoteSchema = z.object({ id: z.string(), body: z.string(), staff: z.string(), at: z.string() });
export type MemberNote = z.infer<typeof MemberNoteSchema>;
export const MemberNoteResponseSchema = envelope(MemberNoteSchema);
export const MemberNotesResponseSchema = envelope(page(MemberNoteSchema));

// --- deposits --------------------------------------------------------------------------------------------------------

export const DepositListQuerySchema = z.object({
  status: z.enum(['PENDING', 'PAID', 'FAILED', 'EXPIRED']).optional(),
  gateway: z.string().trim().max(40).optional(),
  q: z.string().trim().max(40).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  sort: z.enum(DEPOSIT_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...Paging,
});
export type DepositListQuery = z.infer<typeof DepositListQuerySchema>;
export const DepositItemSchema = z.object({
  orderNo: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  channel: z.string(),
  gateway: z.string(),
  status: z.string(),
  gatewayPaymentId: z.string().nullable(),
  gatewayTxnId: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type DepositItem = z.infer<typeof DepositItemSchema>;
export const DepositListResponseSchema = envelope(page(DepositItemSchema));

// --- manual deposits -------------------------------------------------------------------------------------------------

/** The text fields of the multipart request (the proof image is the file part `proof`). */
export const ManualDepositFieldsSchema = z
  .object({
    memberId: Id,
    amount: z.string().regex(new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`)),
    /** The bank or wallet transaction the money came with. */
    reference: z.string().trim().min(3).max(100),
    reason: Reason,
    /** Client-chosen; a repeat with the same key gives the same answer and credits nothing twice. */
    idempotencyKey: z.string().min(8).max(64),
  })
  .strict();
export type ManualDepositFields = z.infer<typeof ManualDepositFieldsSchema>;
export const ManualDepositIdParamsSchema = z.object({ manualDepositId: Id });
export const ManualDepositListQuerySchema = z.object({ status: z.enum(MANUAL_DEPOSIT_STATUSES).optional(), ...Paging });
export const ManualDepositSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  amount: MinorUnitsSchema,
  currency: z.string(),
  reference: z.string(),
  reason: z.string(),
  status: z.enum(MANUAL_DEPOSIT_STATUSES),
  needsSecondApproval: z.boolean(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The PAID deposit order once applied. */
  orderNo: z.string().nullable(),
});
export type ManualDeposit = z.infer<typeof ManualDepositSchema>;
export const ManualDepositResponseSchema = envelope(ManualDepositSchema);
export const ManualDepositListResponseSchema = envelope(page(ManualDepositSchema));

// --- thresholds ------------------------------------------------------------------------------------------------------

export const ThresholdsSchema = z.object({
  adjustment: NonNegativeMinor,
  withdrawal: NonNegativeMinor,
  manualDeposit: NonNegativeMinor,
});
export type Thresholds = z.infer<typeof ThresholdsSchema>;
export const ThresholdsRequestSchema = ThresholdsSchema.strict();
export const ThresholdsViewSchema = ThresholdsSchema.extend({
  currency: z.string(),
  /** False while the brand uses the defaults. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ThresholdsView = z.infer<typeof ThresholdsViewSchema>;
export const ThresholdsResponseSchema = envelope(ThresholdsViewSchema);

// --- reports ---------------------------------------------------------------------------------------------------------

export const ReportDailyQuerySchema = z.object({
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  sort: z.enum(REPORT_DAILY_SORTS).default('day'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...Paging,
});
export type ReportDailyQuery = z.infer<typeof ReportDailyQuerySchema>;
export const ReportDayRowSchema = z.object({
  day: z.string(),
  deposits: MinorUnitsSchema,
  withdrawals: MinorUnitsSchema,
  bets: MinorUnitsSchema,
  wins: MinorUnitsSchema,
  ggr: z.string(),
  bonuses: MinorUnitsSchema,
  ngr: z.string(),
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
});
export type ReportDayRow = z.infer<typeof ReportDayRowSchema>;
export const ReportDailyResponseSchema = envelope(
  page(ReportDayRowSchema).extend({
    currency: z.string(),
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    totals: ReportDayRowSchema.omit({ day: true }),
  }),
);

export const ReportGamesQuerySchema = z.object({
  by: z.enum(REPORT_GAME_DIMENSIONS).default('category'),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  sort: z.enum(REPORT_GAME_SORTS).default('ggr'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...Paging,
});
export type ReportGamesQuery = z.infer<typeof ReportGamesQuerySchema>;
export const ReportGameRowSchema = z.object({
  /** The game type (RNG, LIVE…; OTHER when unknown) or the vendor's code. */
  key: z.string(),
  /** The vendor's display name (vendor rows only). */
  name: z.string().nullable(),
  /** Stakes less rollbacks and wins, from the member wallets (as the daily report). GGR = bets − wins. */
  bets: MinorUnitsSchema,
  wins: MinorUnitsSchema,
  ggr: z.string(),
  betCount: z.number().int(),
  /** Rounds settled. */
  rounds: z.number().int(),
  /** Members who played, each counted once over the period. */
  players: z.number().int(),
});
export type ReportGameRow = z.infer<typeof ReportGameRowSchema>;
export const ReportGamesResponseSchema = envelope(
  page(ReportGameRowSchema).extend({
    by: z.enum(REPORT_GAME_DIMENSIONS),
    currency: z.string(),
    timezone: z.string(),
    from: z.string(),
    to: z.string(),
    totals: ReportGameRowSchema.omit({ key: true, name: true }),
  }),
);

// --- operator keys ---------------------------------------------------------------------------------------------------

export const OperatorKeyIdParamsSchema = z.object({ keyId: Id });
export const OperatorKeyCreateRequestSchema = z
  .object({
    label: z.string().trim().min(1).max(80),
    scopes: z.array(z.enum(OPERATOR_SCOPES)).min(1).max(OPERATOR_SCOPES.length),
  })
  .strict();
export const OperatorKeyRevokeRequestSchema = z.object({ reason: Reason }).strict();
export const OperatorKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(OPERATOR_SCOPES)),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  rotatedFrom: z.string().nullable(),
});
export type OperatorKey = z.infer<typeof OperatorKeySchema>;
export const OperatorKeyListResponseSchema = envelope(z.object({ list: z.array(OperatorKeySchema) }));
/** The key in clear: in this answer only, never again. */
export const OperatorKeySecretSchema = z.object({ key: OperatorKeySchema, secret: z.string() });
export type OperatorKeySecret = z.infer<typeof OperatorKeySecretSchema>;
export const OperatorKeySecretResponseSchema = envelope(OperatorKeySecretSchema);
export const OperatorKeyResponseSchema = envelope(OperatorKeySchema);
