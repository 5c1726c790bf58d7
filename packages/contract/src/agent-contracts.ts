import { z } from 'zod';
import {
  AGENT_CONTRACT_ENDERS,
  AGENT_CONTRACT_KINDS,
  AGENT_CONTRACT_PERIODS,
  AGENT_CONTRACT_ROLES,
  AGENT_CONTRACT_STATES,
  AGENT_CONTRACT_STATUSES,
  AGENT_INCOME_GROUPS,
  AGENT_SETTLEMENT_STATES,
} from './agent-contracts-paths.ts';
import { envelope } from './envelope.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the agent contract calls. Import as `@playfront/contract/agent-contracts`; paths live zod-free in agent-contracts-paths.ts. */
export * from './agent-contracts-paths.ts';

/** 10,000 basis points = 100 %. */
const BpsSchema = z.number().int().min(0).max(10_000);
/** Non-negative minor units on the way in (never a float). */
const AmountInSchema = z.string().regex(/^\d{1,15}$/);
/** A UTC day, YYYY-MM-DD (a real date). */
const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const IsoSchema = z.iso.datetime({ offset: true });
const IdSchema = z.string().regex(/^\d{1,18}$/);

export const AgentContractKindSchema = z.enum(AGENT_CONTRACT_KINDS);

/**
 * A salary tier: applies when the team has at least `minActiveMembers` members with a bet in the period and at least
 * `minBetAmount` of valid bets (minor units). The highest tier met applies; none met pays no valid-bet salary.
 */
export const ContractTierSchema = z.object({
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  minBetAmount: AmountInSchema,
  rateBps: BpsSchema,
});
export type ContractTier = z.infer<typeof ContractTierSchema>;

/**
 * A contract's terms (spec section 3). `rateBps` is the contract's rate: of team net loss for a dividend, of team valid
 * bets for a salary without tiers, the top rate a tier may have with tiers; it is what bounds the downline's own
 * contracts. `winLossRateBps`: salaries only, an extra rate of the team's net loss (house win) of the period.
 * `period`: a dividend's WEEKLY | SEMIMONTHLY | MONTHLY; salaries have theirs (DAILY, HOURLY, FIVE_MINUTES) and may omit it.
 * `effectiveFrom`/`effectiveTo`: periods that end within them are settled (default: from acceptance, no end).
 */
export const ContractTermsInputSchema = z.object({
  rateBps: BpsSchema,
  period: z.enum(AGENT_CONTRACT_PERIODS).optional(),
  tiers: z.array(ContractTierSchema).max(20).default([]),
  winLossRateBps: BpsSchema.default(0),
  effectiveFrom: IsoSchema.nullable().optional(),
  effectiveTo: IsoSchema.nullable().optional(),
});
export type ContractTermsInput = z.input<typeof ContractTermsInputSchema>;

export const ContractTermsSchema = z.object({
  rateBps: BpsSchema,
  period: z.enum(AGENT_CONTRACT_PERIODS),
  tiers: z.array(ContractTierSchema),
  winLossRateBps: BpsSchema,
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
});
export type ContractTerms = z.infer<typeof ContractTermsSchema>;

export const ContractPartySchema = z.object({ id: z.number().int(), username: z.string() });
export type ContractParty = z.infer<typeof ContractPartySchema>;

export const AgentContractSchema = z.object({
  id: IdSchema,
  kind: AgentContractKindSchema,
  state: z.enum(AGENT_CONTRACT_STATES),
  /** null: the house (a top agent's contract, offered by the operator). */
  upline: ContractPartySchema.nullable(),
  downline: ContractPartySchema,
  terms: ContractTermsSchema,
  /** The contract this one terminates when accepted (a higher rate replacing the downline's active contract). */
  replacesId: IdSchema.nullable(),
  createdAt: z.string(),
  /** When it was accepted or rejected. */
  decidedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedBy: z.enum(AGENT_CONTRACT_ENDERS).nullable(),
  /** The member who ended it (null for the operator or a replacement). */
  endedByMemberId: z.number().int().nullable(),
});
export type AgentContract = z.infer<typeof AgentContractSchema>;
export const AgentContractResponseSchema = envelope(AgentContractSchema);

// ---------------------------------------------------------------- consolidated and summaries

export const ContractKindStatusSchema = z.object({
  /** The brand flag of the kind is on. */
  enabled: z.boolean(),
  status: z.enum(AGENT_CONTRACT_STATUSES),
  /** I have an ACTIVE contract of this kind from my upline (or the house). */
  active: z.boolean(),
  /** An offer of this kind waits for my answer. */
  pendingOffer: z.boolean(),
  /** How many ACTIVE contracts of this kind I gave my direct downlines. */
  given: z.number().int(),
});
export type ContractKindStatus = z.infer<typeof ContractKindStatusSchema>;

export const ConsolidatedContractsSchema = z.object({
  divtypereq: z.enum(AGENT_CONTRACT_STATUSES),
  dailysalreqtype: z.enum(AGENT_CONTRACT_STATUSES),
  contracthoursalreq: z.enum(AGENT_CONTRACT_STATUSES),
  realtimesalreqtype: z.enum(AGENT_CONTRACT_STATUSES),
  kinds: z.object({
    DIVIDEND: ContractKindStatusSchema,
    DAILY_SALARY: ContractKindStatusSchema,
    HOUR_SALARY: ContractKindStatusSchema,
    REALTIME_SALARY: ContractKindStatusSchema,
  }),
});
export type ConsolidatedContracts = z.infer<typeof ConsolidatedContractsSchema>;
export const ConsolidatedContractsResponseSchema = envelope(ConsolidatedContractsSchema);

/** The answer of each process* call: one kind's contracts as the caller sees them. */
export const ContractSummarySchema = z.object({
  kind: AgentContractKindSchema,
  enabled: z.boolean(),
  /** My ACTIVE contract of this kind from my upline (or the house); null when none. */
  mine: AgentContractSchema.nullable(),
  /** Offers waiting for my answer (at most one per kind). */
  offers: z.array(AgentContractSchema),
  /** ACTIVE and OFFERED contracts I gave my direct downlines. */
  given: z.array(AgentContractSchema),
  /** The highest rate I may give a downline (my own contract's, or the brand maximum for a top agent without one); null: I cannot offer. */
  maxRateBps: BpsSchema.nullable(),
  maxWinLossRateBps: BpsSchema.nullable(),
});
export type ContractSummary = z.infer<typeof ContractSummarySchema>;
export const ContractSummaryResponseSchema = envelope(ContractSummarySchema);

// ---------------------------------------------------------------- list, offer, actions

export const AgentContractsQuerySchema = z.object({
  kind: AgentContractKindSchema.optional(),
  role: z.enum(AGENT_CONTRACT_ROLES).default('upline'),
  state: z.enum(AGENT_CONTRACT_STATES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentContractsQuery = z.infer<typeof AgentContractsQuerySchema>;
export const AgentContractsPageSchema = z.object({
  list: z.array(AgentContractSchema),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AgentContractsPage = z.infer<typeof AgentContractsPageSchema>;
export const AgentContractsResponseSchema = envelope(AgentContractsPageSchema);

export const ContractOfferBodySchema = z.object({
  downlineId: z.number().int().positive().max(2_147_483_647),
  kind: AgentContractKindSchema,
  terms: ContractTermsInputSchema,
  /** Confirms that accepting this offer terminates the lower contracts listed by CONTRACT_CONFIRM_REQUIRED. */
  confirm: z.boolean().default(false),
});
export type ContractOfferBody = z.input<typeof ContractOfferBodySchema>;

/** `value` of the CONTRACT_CONFIRM_REQUIRED error: the contracts the offer terminates once accepted. */
export const ContractConfirmRequiredValueSchema = z.object({ terminates: z.array(AgentContractSchema) });
export type ContractConfirmRequiredValue = z.infer<typeof ContractConfirmRequiredValueSchema>;

export const ContractOfferResultSchema = z.object({
  contract: AgentContractSchema,
  /** The contracts that terminate when this offer is accepted (empty when none). */
  terminates: z.array(AgentContractSchema),
});
export type ContractOfferResult = z.infer<typeof ContractOfferResultSchema>;
export const ContractOfferResponseSchema = envelope(ContractOfferResultSchema);

export const ContractIdParamsSchema = z.object({ id: IdSchema });

/** accept / reject / terminate: the contract after the action, and any contract the action terminated with it. */
export const ContractActionResultSchema = z.object({
  contract: AgentContractSchema,
  terminated: z.array(AgentContractSchema),
});
export type ContractActionResult = z.infer<typeof ContractActionResultSchema>;
export const ContractActionResponseSchema = envelope(ContractActionResultSchema);

// ---------------------------------------------------------------- settlements and income

export const AgentSettlementsQuerySchema = z.object({
  kind: AgentContractKindSchema.optional(),
  /** payee: paid to me; payer: paid by me; omitted: both. */
  role: z.enum(['payee', 'payer']).optional(),
  /** Inclusive UTC days of the period's end. */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AgentSettlementsQuery = z.infer<typeof AgentSettlementsQuerySchema>;

export const AgentSettlementSchema = z.object({
  id: IdSchema,
  contractId: IdSchema,
  kind: AgentContractKindSchema,
  /** The period key: `2026-11-25T10:05` (5 min), `2026-11-25T10` (hour), `2026-11-25`, `W2026-11-23`, `2026-11-H1`, `2026-11`. */
  period: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Which side the caller is on. */
  role: z.enum(['payee', 'payer']),
  /** null: the house paid (a top agent's house contract). */
  payer: ContractPartySchema.nullable(),
  payee: ContractPartySchema,
  /** Team figures of the period (the payee and their whole downline tree), minor units. */
  teamValidBet: MinorUnitsSchema,
  teamBetAmount: MinorUnitsSchema,
  /** The team's profit and loss as the players see it: negative when the team lost (the house won). */
  teamProfitLoss: MinorUnitsSchema,
  activeMembers: z.number().int(),
  /** The rate applied (the tier met, or the contract's rate). */
  rateBps: BpsSchema,
  winLossRateBps: BpsSchema,
  amount: MinorUnitsSchema,
  state: z.enum(AGENT_SETTLEMENT_STATES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type AgentSettlement = z.infer<typeof AgentSettlementSchema>;
export const AgentSettlementsPageSchema = z.object({
  list: z.array(AgentSettlementSchema),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AgentSettlementsPage = z.infer<typeof AgentSettlementsPageSchema>;
export const AgentSettlementsResponseSchema = envelope(AgentSettlementsPageSchema);

export const AgentIncomeQuerySchema = z.object({
  /** Inclusive UTC days; neither: the last 30 days. */
  from: DaySchema.optional(),
  to: DaySchema.optional(),
  group: z.enum(AGENT_INCOME_GROUPS).default('day'),
});
export type AgentIncomeQuery = z.infer<typeof AgentIncomeQuerySchema>;
export const AgentIncomeRowSchema = z.object({
  /** `2026-11-25` (day), the Monday `2026-11-23` (week), `2026-11` (month). */
  period: z.string(),
  salary: MinorUnitsSchema,
  dividend: MinorUnitsSchema,
  commission: MinorUnitsSchema,
  total: MinorUnitsSchema,
});
export type AgentIncomeRow = z.infer<typeof AgentIncomeRowSchema>;
export const AgentIncomeSchema = z.object({
  from: DaySchema,
  to: DaySchema,
  group: z.enum(AGENT_INCOME_GROUPS),
  /** Periods with income, oldest first. */
  list: z.array(AgentIncomeRowSchema),
  totals: AgentIncomeRowSchema.omit({ period: true }),
  /** Settlements owed to me (the payer's balance was short), not in the figures until paid. */
  owed: MinorUnitsSchema,
});
export type AgentIncome = z.infer<typeof AgentIncomeSchema>;
export const AgentIncomeResponseSchema = envelope(AgentIncomeSchema);

// ---------------------------------------------------------------- operator

export const OpsAgentSettleBodySchema = z.object({
  kind: AgentContractKindSchema,
  /** The clock to settle at (the periods that ended by then); default now. */
  at: IsoSchema.optional(),
});
export const OpsAgentSettleResultSchema = z.object({
  /** New settlements recorded (PAID or OWED). */
  settled: z.number().int(),
  /** Owed settlements paid now. */
  owedPaid: z.number().int(),
});
export type OpsAgentSettleResult = z.infer<typeof OpsAgentSettleResultSchema>;
export const OpsAgentSettleResponseSchema = envelope(OpsAgentSettleResultSchema);

export const AgentContractSettingsSchema = z.object({
  /** The highest rate the house offers a top agent, and a top agent without a house contract gives, per kind. */
  maxRateBps: z.object({ DIVIDEND: BpsSchema, DAILY_SALARY: BpsSchema, HOUR_SALARY: BpsSchema, REALTIME_SALARY: BpsSchema }),
  maxWinLossRateBps: BpsSchema,
});
export type AgentContractSettings = z.infer<typeof AgentContractSettingsSchema>;
export const AgentContractSettingsResponseSchema = envelope(AgentContractSettingsSchema);

export const OpsContractsQuerySchema = z.object({
  kind: AgentContractKindSchema.optional(),
  state: z.enum(AGENT_CONTRACT_STATES).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
