import { z } from 'zod';
import { envelope } from './envelope.ts';
import { KYC_DOCUMENT_KINDS, KYC_NAME_MAX, KYC_NAME_MIN, KYC_STATUSES, RISK_FLAG_KINDS, RISK_FLAG_STATUSES } from './kyc-paths.ts';
import { MAX_AMOUNT_DIGITS } from './money.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the KYC and risk calls. Import as `@playfront/contract/kyc`; paths live zod-free in kyc-paths.ts. */
export * from './kyc-paths.ts';

const IdSchema = z.string().regex(/^[1-9]\d{0,17}$/);
const Minor = z.string().regex(new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}$`));
const Paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

export const KycStatusSchema = z.enum(KYC_STATUSES);
export const KycDocumentKindSchema = z.enum(KYC_DOCUMENT_KINDS);
/** The name as on the identity document; surrounding and repeated spaces do not count. */
export const KycNameSchema = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(KYC_NAME_MIN).max(KYC_NAME_MAX));

// --- member -----------------------------------------------------------------------------------------------------------

export const MyKycSchema = z.object({
  status: KycStatusSchema,
  /** The name sent with the newest submission (the verified name once approved). */
  fullName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The brand's rules: an approved KYC is needed for withdrawals above this (minor units), or for the first one. */
  rules: z.object({ withdrawalAbove: MinorUnitsSchema.nullable(), firstWithdrawal: z.boolean(), turnoverBps: z.number().int() }),
  /** What is left to play (settled stakes) before a withdrawal is allowed; "0" when nothing. */
  turnoverLeft: MinorUnitsSchema,
});
export type MyKyc = z.infer<typeof MyKycSchema>;
export const MyKycResponseSchema = envelope(MyKycSchema);

// --- console: KYC -----------------------------------------------------------------------------------------------------

export const KycQueueQuerySchema = z.object({
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).default('PENDING'),
  /** Username prefix. */
  q: z.string().trim().max(64).optional(),
  ...Paging,
});
export const KycSubmissionItemSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  fullName: z.string(),
  /** The payee name the member set in the security centre, for comparison. */
  payeeName: z.string().nullable(),
  status: KycStatusSchema,
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type KycSubmissionItem = z.infer<typeof KycSubmissionItemSchema>;
export const KycQueueResponseSchema = envelope(page(KycSubmissionItemSchema));
export const KycSubmissionParamsSchema = z.object({ submissionId: IdSchema });
export const KycDocumentParamsSchema = z.object({ submissionId: IdSchema, documentId: IdSchema });
export const KycDocumentSchema = z.object({ id: z.string(), kind: KycDocumentKindSchema, mime: z.string(), size: z.number().int() });
export const KycSubmissionDetailSchema = KycSubmissionItemSchema.extend({
  documents: z.array(KycDocumentSchema),
  /** The member's earlier submissions, newest first. */
  history: z.array(KycSubmissionItemSchema),
  /** The member's open risk flags. */
  openFlags: z.number().int(),
});
export type KycSubmissionDetail = z.infer<typeof KycSubmissionDetailSchema>;
export const KycSubmissionDetailResponseSchema = envelope(KycSubmissionDetailSchema);
export const KycRejectRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) }).strict();
export const KycDecisionResponseSchema = envelope(KycSubmissionItemSchema);

// --- console: risk ----------------------------------------------------------------------------------------------------

export const RiskFlagKindSchema = z.enum(RISK_FLAG_KINDS);
export const RiskFlagQuerySchema = z.object({
  status: z.enum(RISK_FLAG_STATUSES).optional(),
  kind: RiskFlagKindSchema.optional(),
  memberId: IdSchema.optional(),
  ...Paging,
});
export const RiskFlagSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberUsername: z.string(),
  kind: RiskFlagKindSchema,
  /** What raised it (addresses, amounts, other members' usernames…), by kind. */
  details: z.record(z.string(), z.unknown()),
  raisedAt: z.string(),
  status: z.enum(RISK_FLAG_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type RiskFlag = z.infer<typeof RiskFlagSchema>;
export const RiskFlagListResponseSchema = envelope(page(RiskFlagSchema));
export const RiskFlagParamsSchema = z.object({ flagId: IdSchema });
export const RiskFlagReviewRequestSchema = z.object({ note: z.string().trim().max(500).default('') }).strict();
export const RiskFlagResponseSchema = envelope(RiskFlagSchema);

export const RiskRulesSchema = z
  .object({
    kycWithdrawalAbove: Minor.nullable(),
    kycFirstWithdrawal: z.boolean(),
    turnoverBps: z.number().int().min(0).max(1_000_000),
    littlePlayBps: z.number().int().min(0).max(1_000_000),
    largeWinAbove: Minor.refine((s) => BigInt(s) > 0n),
    sharedIpMembers: z.number().int().min(2).max(1000),
    travelKmh: z.number().int().min(1).max(100_000),
    /** Days the files of a rejected KYC submission are kept before the retention job deletes them; absent: unchanged. */
    kycRetentionDays: z.number().int().min(1).max(3650).optional(),
  })
  .strict();
export type RiskRules = z.infer<typeof RiskRulesSchema>;
export const RiskRulesResponseSchema = envelope(RiskRulesSchema);

export const RiskLocationSchema = z
  .object({
    cidr: z.string().min(3).max(50),
    label: z.string().trim().min(1).max(80),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  })
  .strict();
export const RiskLocationsSchema = z.object({ list: z.array(RiskLocationSchema).max(5000) }).strict();
export type RiskLocations = z.infer<typeof RiskLocationsSchema>;
export const RiskLocationsResponseSchema = envelope(RiskLocationsSchema);
