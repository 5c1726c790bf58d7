import { z } from 'zod';
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATUSES,
  AUDIT_ACTIONS,
  AUDIT_SORTS,
  AUDIT_TARGET_TYPES,
  BANNER_GROUPS,
  BANNER_LINKAGE_TYPES,
  MEMBER_SEARCH_BY,
  MEMBER_SORTS,
  SORT_ORDERS,
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  STAFF_STATUSES,
  STAFF_USERNAME_PATTERN,
  WITHDRAWAL_SORTS,
} from './console-paths.ts';
import { envelope } from './envelope.ts';
import { WITHDRAWAL_METHODS, WITHDRAWAL_STATUSES } from './funds-paths.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Schemas of the operator console API (issue 17). Import as `@playfront/contract/console`; paths, roles,
 * permissions and limits live zod-free in console-paths.ts (re-exported here).
 * Every answer is the usual envelope `{ success, message, value }`; money is minor units as a decimal string;
 * times are ISO 8601 strings (UTC).
 */
export * from './console-paths.ts';

const PositiveMinor = z.string().regex(new RegExp(`^[1-9]\\d{0,${MAX_AMOUNT_DIGITS - 1}}$`));
const Reason = z.string().trim().min(3).max(500);
const TotpCode = z.string().regex(/^\d{6}$/);
const RecoveryCode = z.string().trim().min(8).max(40);
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export const StaffPermissionSchema = z.enum(STAFF_PERMISSIONS);
export const StaffUsernameSchema = z.string().trim().toLowerCase().regex(STAFF_USERNAME_PATTERN);
export const StaffPasswordSchema = z.string().min(STAFF_PASSWORD_MIN).max(STAFF_PASSWORD_MAX);

// --- auth -----------------------------------------------------------------------------------------------------------

export const StaffLoginRequestSchema = z
  .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(256) })
  .strict();
export type StaffLoginRequest = z.infer<typeof StaffLoginRequestSchema>;

/**
 * What login leads to: a staff member without TOTP gets a one-time enrolment token (and no session);
 * otherwise a session that can only call `auth/second-factor`, `auth/me` and `auth/logout` until a code is given.
 */
export const StaffLoginStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('ENROL'), enrolmentToken: z.string() }),
  z.object({ step: z.literal('SECOND_FACTOR'), sessionToken: z.string(), expiresAt: z.string() }),
]);
export type StaffLoginStep = z.infer<typeof StaffLoginStepSchema>;
export const StaffLoginResponseSchema = envelope(StaffLoginStepSchema);

export const EnrolInfoQuerySchema = z.object({ token: z.string().min(10).max(200) });
export const EnrolInfoSchema = z.object({
  username: z.string(),
  role: StaffRoleSchema,
  passwordRequired: z.boolean(),
  expiresAt: z.string(),
});
export type EnrolInfo = z.infer<typeof EnrolInfoSchema>;
export const EnrolInfoResponseSchema = envelope(EnrolInfoSchema);

export const EnrolStartRequestSchema = z.object({ token: z.string().min(10).max(200), password: StaffPasswordSchema.optional() }).strict();
export type EnrolStartRequest = z.infer<typeof EnrolStartRequestSchema>;
export const EnrolStartSchema = z.object({
  /** Base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
  /** Shown once; each works once in place of a code. */
  recoveryCodes: z.array(z.string()),
});
export type EnrolStart = z.infer<typeof EnrolStartSchema>;
export const EnrolStartResponseSchema = envelope(EnrolStartSchema);

export const EnrolConfirmRequestSchema = z.object({ token: z.string().min(10).max(200), code: TotpCode }).strict();
export type EnrolConfirmRequest = z.infer<typeof EnrolConfirmRequestSchema>;

export const SecondFactorRequestSchema = z.union([
  z.object({ code: TotpCode }).strict(),
  z.object({ recoveryCode: RecoveryCode }).strict(),
]);
export type SecondFactorRequest = z.infer<typeof SecondFactorRequestSchema>;

export const StaffSessionSchema = z.object({ sessionToken: z.string(), expiresAt: z.string() });
export type StaffSession = z.infer<typeof StaffSessionSchema>;
/** Answer of enrolConfirm and secondFactor: a session with the second factor passed. */
export const StaffSessionResponseSchema = envelope(StaffSessionSchema);

export const StaffMeSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: StaffRoleSchema,
  permissions: z.array(StaffPermissionSchema),
  brandCode: z.string(),
  secondFactorPassed: z.boolean(),
  /** When the session ends if idle from now (the earlier of idle and absolute expiry). */
  expiresAt: z.string(),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: z.number().int(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;
export const StaffMeResponseSchema = envelope(StaffMeSchema);

export const OkResponseSchema = envelope(z.object({ ok: z.literal(true) }));

// --- dashboard ------------------------------------------------------------------------------------------------------

export const DashboardQuerySchema = z.object({ from: IsoDay.optional(), to: IsoDay.optional() });
export const DashboardFiguresSchema = z.object({
  deposits: MinorUnitsSchema,
  withdrawals: MinorUnitsSchema,
  bets: MinorUnitsSchema,
  wins: MinorUnitsSchema,
  /** bets − wins. */
  ggr: MinorUnitsSchema,
  bonuses: MinorUnitsSchema,
  /** ggr − bonuses. */
  ngr: MinorUnitsSchema,
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;
export const DashboardSchema = z.object({
  currency: z.string(),
  timezone: z.string(),
  today: DashboardFiguresSchema,
  period: z.object({ from: IsoDay, to: IsoDay, figures: DashboardFiguresSchema }),
  /** One point per day of the period (for the charts). */
  daily: z.array(DashboardFiguresSchema.extend({ day: IsoDay })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
export const DashboardResponseSchema = envelope(DashboardSchema);

export const AdjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: MinorUnitsSchema,
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** True when above the threshold: a different staff member must approve. */
  needsSecondApproval: z.boolean(),
  /** The ledger transfer once applied. */
  transferId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

// --- members --------------------------------------------------------------------------------------------------------

export const MemberIdParamsSchema = z.object({ memberId: z.string().regex(/^[1-9]\d{0,17}$/) });
export const MemberSearchQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  by: z.enum(MEMBER_SEARCH_BY).default('username'),
  sort: z.enum(MEMBER_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...Paging,
});
export type MemberSearchQuery = z.infer<typeof MemberSearchQuerySchema>;
export const MemberRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Masked mobile. */
  mobile: z.string().nullable(),
  status: z.string(),
  locked: z.boolean(),
  balance: MinorUnitsSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type MemberRow = z.infer<typeof MemberRowSchema>;
export const MemberSearchResponseSchema = envelope(page(MemberRowSchema));

export const MemberProfileSchema = z.object({
  member: MemberRowSchema.extend({
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    vipLevel: z.number().int().nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  balances: z.object({ main: MinorUnitsSchema, bonus: MinorUnitsSchema, pendingWithdrawals: MinorUnitsSchema, currency: z.string() }),
  ledger: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      kind: z.string(),
      amount: MinorUnitsSchema,
      balanceAfter: MinorUnitsSchema.nullable(),
      reference: z.string().nullable(),
    }),
  ),
  bets: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      vendorCode: z.string(),
      gameCode: z.string().nullable(),
      stake: MinorUnitsSchema,
      payout: MinorUnitsSchema.nullable(),
      status: z.string(),
    }),
  ),
  deposits: z.array(
    z.object({ orderNo: z.string(), at: z.string(), amount: MinorUnitsSchema, status: z.string(), channel: z.string().nullable() }),
  ),
  withdrawals: z.array(z.object({ orderNo: z.string(), at: z.string(), amount: MinorUnitsSchema, status: z.string() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      startedAt: z.string(),
      lastSeenAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  /** Operator-visible markers: LOCKED, PAYMENT_PASSWORD_LOCKED, TRIAL… */
  flags: z.array(z.string()),
  /** Pending two-person adjustments of this member. */
  pendingAdjustments: z.array(AdjustmentSchema),
});
export type MemberProfile = z.infer<typeof MemberProfileSchema>;
export const MemberProfileResponseSchema = envelope(MemberProfileSchema);

export const ReasonRequestSchema = z.object({ reason: Reason }).strict();
export type ReasonRequest = z.infer<typeof ReasonRequestSchema>;
export const ResetPasswordRequestSchema = z.object({ channel: z.enum(['SMS', 'EMAIL']), reason: Reason }).strict();
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
export const MemberActionResultSchema = z.object({ memberId: z.string(), locked: z.boolean(), sessionsEnded: z.number().int() });
export const MemberActionResponseSchema = envelope(MemberActionResultSchema);

export const AdjustmentRequestSchema = z
  .object({
    direction: z.enum(ADJUSTMENT_DIRECTIONS),
    amount: PositiveMinor,
    reason: Reason,
    /** Client-chosen; a repeat with the same key gives the same answer and moves nothing twice. */
    idempotencyKey: z.string().min(8).max(64),
  })
  .strict();
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;
export const AdjustmentResponseSchema = envelope(AdjustmentSchema);
export const AdjustmentIdParamsSchema = z.object({ adjustmentId: z.string().regex(/^[1-9]\d{0,17}$/) });
export const AdjustmentListQuerySchema = z.object({ status: z.enum(ADJUSTMENT_STATUSES).optional(), ...Paging });
export const AdjustmentListResponseSchema = envelope(page(AdjustmentSchema));

// --- payments -------------------------------------------------------------------------------------------------------

export const WithdrawalQueueQuerySchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).default('PENDING'),
  /** Default: oldest first for PENDING, newest first otherwise. */
  sort: z.enum(WITHDRAWAL_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).optional(),
  ...Paging,
});
export const WithdrawalOrderNoParamsSchema = z.object({ orderNo: z.string().min(1).max(64) });
export const MemberRiskSchema = z.object({
  /** Sums over the last 30 days. */
  deposits30d: MinorUnitsSchema,
  withdrawals30d: MinorUnitsSchema,
  bets30d: MinorUnitsSchema,
  wins30d: MinorUnitsSchema,
  /** The member's open risk flags (features/risk, decision 044). */
  openFlags: z.number().int(),
});
export const WithdrawalQueueItemSchema = z.object({
  orderNo: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  amount: MinorUnitsSchema,
  method: z.enum(WITHDRAWAL_METHODS),
  /** Masked account number. */
  account: z.string(),
  payeeName: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  needsSecondApproval: z.boolean(),
  /** Username of the staff member who gave the first approval, when awaiting the second. */
  firstApprovedBy: z.string().nullable(),
  risk: MemberRiskSchema,
});
export type WithdrawalQueueItem = z.infer<typeof WithdrawalQueueItemSchema>;
export const WithdrawalQueueResponseSchema = envelope(page(WithdrawalQueueItemSchema));
export const WithdrawalDecisionSchema = z.object({
  orderNo: z.string(),
  /** AWAITING_SECOND: the first of two approvals is recorded; nothing paid yet. */
  outcome: z.enum(['APPROVED', 'REJECTED', 'AWAITING_SECOND']),
});
export type WithdrawalDecision = z.infer<typeof WithdrawalDecisionSchema>;
export const WithdrawalDecisionResponseSchema = envelope(WithdrawalDecisionSchema);

// --- content --------------------------------------------------------------------------------------------------------

/** EN and BN side by side. */
export const LocalisedTextSchema = z.object({ EN: z.string().max(500), BN: z.string().max(500) });
export const BannerIdParamsSchema = z.object({ bannerId: z.string().regex(/^[1-9]\d{0,17}$/) });
export const BannerListQuerySchema = z.object({ group: z.enum(BANNER_GROUPS).optional() });
export const BannerInputSchema = z
  .object({
    group: z.enum(BANNER_GROUPS),
    /** Image path per language (under the brand's image host, e.g. `/banners/home-1.webp`) or an https URL. */
    imageUrl: z.object({ EN: z.string().min(1).max(500), BN: z.string().min(1).max(500) }),
    title: LocalisedTextSchema,
    linkageType: z.enum(BANNER_LINKAGE_TYPES).default('NONE'),
    linkTarget: z.string().max(500).default(''),
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .strict();
export type BannerInput = z.input<typeof BannerInputSchema>;
export const BannerSchema = z.object({
  id: z.string(),
  group: z.enum(BANNER_GROUPS),
  imageUrl: z.object({ EN: z.string(), BN: z.string() }),
  title: LocalisedTextSchema,
  linkageType: z.enum(BANNER_LINKAGE_TYPES),
  linkTarget: z.string(),
  sort: z.number().int(),
  active: z.boolean(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerResponseSchema = envelope(BannerSchema);
export const BannerListResponseSchema = envelope(z.object({ list: z.array(BannerSchema) }));

// --- staff ----------------------------------------------------------------------------------------------------------

export const StaffIdParamsSchema = z.object({ staffId: z.string().regex(/^[1-9]\d{0,17}$/) });
export const StaffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: StaffRoleSchema,
  status: z.enum(STAFF_STATUSES),
  enrolled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;
export const StaffListResponseSchema = envelope(z.object({ list: z.array(StaffMemberSchema) }));
export const StaffCreateRequestSchema = z.object({ username: StaffUsernameSchema, role: StaffRoleSchema }).strict();
export type StaffCreateRequest = z.infer<typeof StaffCreateRequestSchema>;
export const StaffEnrolmentLinkSchema = z.object({
  staff: StaffMemberSchema,
  /** `/console/enrol?token=…` (relative; single use). Shown once. */
  enrolmentLink: z.string(),
  expiresAt: z.string(),
});
export type StaffEnrolmentLink = z.infer<typeof StaffEnrolmentLinkSchema>;
export const StaffEnrolmentLinkResponseSchema = envelope(StaffEnrolmentLinkSchema);
export const StaffRoleRequestSchema = z.object({ role: StaffRoleSchema }).strict();
export const StaffMemberResponseSchema = envelope(StaffMemberSchema);

// --- audit ----------------------------------------------------------------------------------------------------------

export const AuditQuerySchema = z.object({
  staffId: z
    .string()
    .regex(/^[1-9]\d{0,17}$/)
    .optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z.string().max(64).optional(),
  /** Inclusive days (UTC). */
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  sort: z.enum(AUDIT_SORTS).default('at'),
  order: z.enum(SORT_ORDERS).default('desc'),
  ...Paging,
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  staffUsername: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListResponseSchema = envelope(page(AuditEntrySchema));
