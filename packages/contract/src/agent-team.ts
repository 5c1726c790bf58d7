import { z } from 'zod';
import {
  SORT_ORDERS,
  TEAM_MEMBER_KINDS,
  TEAM_MEMBER_SORTS,
  TEAM_MEMBER_STATUSES,
  TEAM_OVERVIEW_RANGES,
  TEAM_PAGE_MAX,
  TEAM_PAGE_SIZE,
  TEAM_SERIES_STEPS,
  TEAM_TRANSACTION_TYPES,
} from './agent-team-paths.ts';
import { envelope } from './envelope.ts';
import { RecordWindowQuerySchema } from './funds.ts';
import { GameTypeSchema, LanguageParamSchema, PageNoSchema } from './games.ts';
import { BetRoundSchema, BettingTotalsSchema } from './play.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Schemas of the agent team calls. Import as `@playfront/contract/agent-team`; paths live zod-free in agent-team-paths.ts. */
export * from './agent-team-paths.ts';

const PageSizeSchema = z.coerce.number().int().min(1).max(TEAM_PAGE_MAX).default(TEAM_PAGE_SIZE);
const MemberIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
/** A team member by username (exact, case-insensitive), as typed in a filter. */
const MemberFilterSchema = z.string().trim().max(64).optional();

/** Money figures of a team, a member or a period. All minor units; bets and withdrawals as positive magnitudes. */
export const TeamFiguresSchema = z.object({
  deposits: MinorUnitsSchema,
  /** Withdrawals requested and not released back (held + paid). */
  withdrawals: MinorUnitsSchema,
  /** Stakes taken, net of rolled-back stakes. */
  bets: MinorUnitsSchema,
  wins: MinorUnitsSchema,
  /** Stakes of settled rounds (turnover). */
  validBets: MinorUnitsSchema,
  /** Bonuses, rebates, commissions and rewards received. */
  bonuses: MinorUnitsSchema,
  /** For the members: wins − bets (negative when the team lost). */
  profitLoss: MinorUnitsSchema,
});
export type TeamFigures = z.infer<typeof TeamFiguresSchema>;

// ---- overview ----------------------------------------------------------

export const TeamOverviewQuerySchema = z.object({ range: z.enum(TEAM_OVERVIEW_RANGES).default('today') });

export const TeamSeriesPointSchema = TeamFiguresSchema.extend({
  /** Start of the hour or brand day, ISO instant. */
  at: z.string(),
  /** `HH:00` (hour steps) or `YYYY-MM-DD` (day steps), in the brand's time. */
  label: z.string(),
  newMembers: z.number().int(),
  /** Members with a settled bet in that day; null for hour steps (not kept per hour). */
  activeMembers: z.number().int().nullable(),
});
export type TeamSeriesPoint = z.infer<typeof TeamSeriesPointSchema>;

export const TeamOverviewSchema = TeamFiguresSchema.extend({
  range: z.enum(TEAM_OVERVIEW_RANGES),
  /** [from, to) of the range, ISO instants; `to` is the end of the range, possibly in the future (this week). */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Every member below me (all levels). */
  teamSize: z.number().int(),
  /** My direct downlines. */
  directCount: z.number().int(),
  /** Sub-agents in my team. */
  agentCount: z.number().int(),
  /** Joined my team within the range. */
  newMembers: z.number().int(),
  /** Had at least one settled bet within the range (distinct members). */
  activeMembers: z.number().int(),
  step: z.enum(TEAM_SERIES_STEPS),
  series: z.array(TeamSeriesPointSchema),
});
export type TeamOverview = z.infer<typeof TeamOverviewSchema>;
export const TeamOverviewResponseSchema = envelope(TeamOverviewSchema);

// ---- members table and tree -------------------------------------------

export const TeamMembersQuerySchema = z.object({
  /** Part of a username (case-insensitive). */
  search: z.string().trim().max(64).optional(),
  /** Only the direct children of this node of my tree (the tree view's table). */
  parentId: MemberIdSchema.optional(),
  sort: z.enum(TEAM_MEMBER_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  pageNo: PageNoSchema,
  pageSize: PageSizeSchema,
});
export type TeamMembersQuery = z.input<typeof TeamMembersQuerySchema>;

export const TeamMemberRowSchema = z.object({
  id: z.number().int(),
  /** Masked (`ab***yz`) for members below my direct level. */
  username: z.string(),
  masked: z.boolean(),
  /** 1 = my direct downline, 2 = theirs… */
  level: z.number().int(),
  kind: z.enum(TEAM_MEMBER_KINDS),
  /** The account type (0 member, 1/2/41/42 agent). */
  type: z.number().int(),
  parentId: z.number().int().nullable(),
  balance: MinorUnitsSchema,
  lastLoginAt: z.string().nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** Their direct downlines. */
  directCount: z.number().int(),
  createdAt: z.string(),
});
export type TeamMemberRow = z.infer<typeof TeamMemberRowSchema>;

export const TeamMembersSchema = z.object({
  currency: z.string(),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(TeamMemberRowSchema),
});
export type TeamMembers = z.infer<typeof TeamMembersSchema>;
export const TeamMembersResponseSchema = envelope(TeamMembersSchema);

export const TeamTreeQuerySchema = z.object({ parentId: MemberIdSchema.optional() });
export const TeamTreeNodeSchema = TeamMemberRowSchema.extend({
  /** Everyone below this node (all levels). */
  teamSize: z.number().int(),
});
export type TeamTreeNode = z.infer<typeof TeamTreeNodeSchema>;
export const TeamTreeSchema = z.object({
  /** The node whose children these are (my own id when no parentId was given). */
  parentId: z.number().int(),
  nodes: z.array(TeamTreeNodeSchema),
});
export type TeamTree = z.infer<typeof TeamTreeSchema>;
export const TeamTreeResponseSchema = envelope(TeamTreeSchema);

// ---- one downline ------------------------------------------------------

export const TeamMemberParamsSchema = z.object({ id: MemberIdSchema });
export const TeamMemberDetailQuerySchema = RecordWindowQuerySchema;
export const TeamMemberDetailSchema = z.object({
  member: TeamMemberRowSchema,
  /** From me down to the member (my direct downline first), usernames masked as in the table. */
  path: z.array(z.object({ id: z.number().int(), username: z.string() })),
  teamSize: z.number().int(),
  currency: z.string(),
  /** The window the figures cover (brand days, inclusive). */
  from: z.string(),
  to: z.string(),
  figures: TeamFiguresSchema,
  /** Their own figures since they joined. */
  lifetime: TeamFiguresSchema,
});
export type TeamMemberDetail = z.infer<typeof TeamMemberDetailSchema>;
export const TeamMemberDetailResponseSchema = envelope(TeamMemberDetailSchema);

// ---- registration center -----------------------------------------------

const optionalText = (max = 128) => z.string().trim().max(max).optional();

/** The brand's registration rules apply to every field (as the member registration, without captcha and SMS code). */
export const TeamRegisterRequestSchema = z.object({
  kind: z.enum(TEAM_MEMBER_KINDS),
  username: z.string().trim().max(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  payeeName: optionalText(),
  email: optionalText(),
  mobileNum: optionalText(20),
  countryDialingCode: z
    .string()
    .regex(/^\+\d{1,4}$/)
    .optional(),
  paymentPassword: z.string().max(128).optional(),
  qqNum: optionalText(),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
});
export type TeamRegisterRequest = z.input<typeof TeamRegisterRequestSchema>;
export const TeamRegisteredSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: z.enum(TEAM_MEMBER_KINDS),
  type: z.number().int(),
  /** A new sub-agent's own affiliate code (null for a member). */
  affiliateCode: z.string().nullable(),
});
export type TeamRegistered = z.infer<typeof TeamRegisteredSchema>;
export const TeamRegisterResponseSchema = envelope(TeamRegisteredSchema);

export const ReferralSchema = z.object({
  affiliateCode: z.string(),
  /** Absolute link to the registration with the code (`…/register?affiliateCode=CODE`), for copying and the QR code. */
  link: z.string(),
});
export type Referral = z.infer<typeof ReferralSchema>;
export const ReferralResponseSchema = envelope(ReferralSchema);

// ---- team bets ---------------------------------------------------------

export const TeamBetsQuerySchema = RecordWindowQuerySchema.extend({
  member: MemberFilterSchema,
  gameType: GameTypeSchema.optional(),
  pageNo: PageNoSchema,
  pageSize: PageSizeSchema,
  language: LanguageParamSchema,
});
/** A page of a team report over a date window: the window, the currency, the page of rows (and the window's totals). */
const windowPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    from: z.string(),
    to: z.string(),
    currency: z.string(),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(row),
  });

export const TeamBetRoundSchema = BetRoundSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
});
export type TeamBetRound = z.infer<typeof TeamBetRoundSchema>;
export const TeamBetsSchema = windowPageSchema(TeamBetRoundSchema).extend({ totals: BettingTotalsSchema });
export type TeamBets = z.infer<typeof TeamBetsSchema>;
export const TeamBetsResponseSchema = envelope(TeamBetsSchema);

// ---- user profit and loss ----------------------------------------------

export const TeamProfitLossQuerySchema = RecordWindowQuerySchema.extend({
  member: MemberFilterSchema,
  pageNo: PageNoSchema,
  pageSize: PageSizeSchema,
});
export const TeamProfitLossRowSchema = TeamFiguresSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  kind: z.enum(TEAM_MEMBER_KINDS),
});
export type TeamProfitLossRow = z.infer<typeof TeamProfitLossRowSchema>;
/** `total`: members with any activity in the window; the list is sorted by P&L, lowest first. */
export const TeamProfitLossSchema = windowPageSchema(TeamProfitLossRowSchema).extend({ totals: TeamFiguresSchema });
export type TeamProfitLoss = z.infer<typeof TeamProfitLossSchema>;
export const TeamProfitLossResponseSchema = envelope(TeamProfitLossSchema);

// ---- team transactions -------------------------------------------------

export const TeamTransactionsQuerySchema = RecordWindowQuerySchema.extend({
  member: MemberFilterSchema,
  type: z.enum(TEAM_TRANSACTION_TYPES).optional(),
  pageNo: PageNoSchema,
  pageSize: PageSizeSchema,
});
export const TeamTransactionSchema = z.object({
  id: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  level: z.number().int(),
  type: z.enum(TEAM_TRANSACTION_TYPES),
  /** The ledger transfer kind (DEPOSIT, WITHDRAWAL_HOLD, WITHDRAWAL_RELEASE, UPLINE_TRANSFER, DOWNLINE_TRANSFER…). */
  kind: z.string(),
  /** Signed change of the member's wallet. */
  amount: MinorUnitsSchema,
  balanceAfter: MinorUnitsSchema,
  time: z.string(),
});
export type TeamTransaction = z.infer<typeof TeamTransactionSchema>;
export const TeamTransactionsSchema = windowPageSchema(TeamTransactionSchema);
export type TeamTransactions = z.infer<typeof TeamTransactionsSchema>;
export const TeamTransactionsResponseSchema = envelope(TeamTransactionsSchema);

// ---- announcements -----------------------------------------------------

export const AgentAnnouncementsQuerySchema = z.object({ language: LanguageParamSchema });
export const AgentAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  publishedAt: z.string(),
});
export type AgentAnnouncement = z.infer<typeof AgentAnnouncementSchema>;
export const AgentAnnouncementsSchema = z.object({ list: z.array(AgentAnnouncementSchema) });
export const AgentAnnouncementsResponseSchema = envelope(AgentAnnouncementsSchema);
