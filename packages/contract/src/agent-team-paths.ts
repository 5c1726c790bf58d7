/**
 * The agent's team: structure, downline registration, team reports, agent announcements (issue 14, spec section 2
 * "Agent centre"), zod-free so the agent layout can import paths and vocabulary without the schemas
 * (agent-team.ts re-exports this and adds them). Every call needs the session of an agent account (types 1, 2, 41,
 * 42; others get 403 NOT_AGENT) and never answers anything outside the caller's own downline tree.
 */
export const AGENT_TEAM_PATHS = {
  /** GET ?range=today|yesterday|week|month: team size, new and active members, money figures, and a chart series. */
  overview: '/wps/agent/team/overview',
  /** GET ?search&parentId&sort&order&pageNo&pageSize: the team table (downlineManagmentView). */
  members: '/wps/agent/team/members',
  /** GET: one downline's figures (404 NOT_FOUND for anyone outside my tree). */
  member: '/wps/agent/team/members/:id',
  /** GET ?parentId: the direct children of a node of my tree (lazy tree; no parentId: my direct downlines). */
  tree: '/wps/agent/team/tree',
  /** POST: create a downline member or sub-agent directly under me (registerCenter). */
  register: '/wps/agent/team/register',
  /** GET: my affiliate code and the link a visitor registers through. */
  referral: '/wps/agent/referral',
  /** GET ?member&gameType&preset|from&to&pageNo&pageSize: team rounds (personalHistoryCopy of the agent centre). */
  bets: '/wps/agent/team/bets',
  /** GET ?member&preset|from&to&pageNo&pageSize: profit and loss per team member over a window (palStatementsAgentCopy). */
  profitLoss: '/wps/agent/team/profit-loss',
  /** GET ?member&type&preset|from&to&pageNo&pageSize: team deposits, withdrawals, transfers (agentDownlineTransactionDetailsCopy). */
  transactions: '/wps/agent/team/transactions',
  /** GET: announcements for agents (agentAnnouncement). */
  announcements: '/wps/agent/announcements',
} as const;

export const agentTeamMemberPath = (id: string | number) => `/wps/agent/team/members/${encodeURIComponent(String(id))}`;

/** Overview ranges, in the brand's day (UTC+6, as the member records); weeks start on Monday. */
export const TEAM_OVERVIEW_RANGES = ['today', 'yesterday', 'week', 'month'] as const;
export type TeamOverviewRange = (typeof TEAM_OVERVIEW_RANGES)[number];
/** today/yesterday: one point per hour; week/month: one point per day. */
export const TEAM_SERIES_STEPS = ['hour', 'day'] as const;
export type TeamSeriesStep = (typeof TEAM_SERIES_STEPS)[number];

/** Sortable columns of the team table. */
export const TEAM_MEMBER_SORTS = ['username', 'level', 'balance', 'lastLogin', 'createdAt', 'directCount'] as const;
export type TeamMemberSort = (typeof TEAM_MEMBER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const TEAM_MEMBER_KINDS = ['member', 'agent'] as const;
export type TeamMemberKind = (typeof TEAM_MEMBER_KINDS)[number];
export const TEAM_MEMBER_STATUSES = ['active', 'disabled'] as const;

/** Transaction types of the team's account details; each groups ledger transfer kinds (see the server). */
export const TEAM_TRANSACTION_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'TRANSFER'] as const;
export type TeamTransactionType = (typeof TEAM_TRANSACTION_TYPES)[number];

export const TEAM_PAGE_SIZE = 20;
export const TEAM_PAGE_MAX = 100;

/**
 * The query parameter of the referral link that carries the affiliate code to the registration form
 * (`/register?affiliateCode=CODE`); the web's register form prefills its affiliate code field from it.
 */
export const REFERRAL_AFFILIATE_PARAM = 'affiliateCode';
