import { z } from 'zod';
import { AgentContractSchema, AgentSettlementSchema } from './agent-contracts.ts';
import { AGENT_CONTRACT_KINDS, AGENT_CONTRACT_STATES, AGENT_SETTLEMENT_STATES } from './agent-contracts-paths.ts';
import { envelope } from './envelope.ts';
import {
  LOTTERY_OPERATOR_DRAW_STATUSES,
  type LotteryOperatorDraw,
  type LotteryOperatorDrawDetail,
  type LotteryOperatorGame,
  type LotteryOperatorVoidAnswer,
} from './lottery-operator.ts';

/**
 * The console's oversight pages of lane H (decision 050): agents and their contracts, the lottery, the support
 * desk. Paths live here (not in console-paths.ts) so these pages stay one file; every route still declares its
 * permission (`agents.*`, `lottery.*`, `support.desk`) and is in the authorization matrix like the others.
 */
export const CONSOLE_OVERSIGHT_PATHS = {
  // --- agents and contracts ---------------------------------------------------------------------------------------
  /** GET ?q&from&to&pageNo&pageSize → agents with team size and the team's figures over the days (rollups). */
  agents: '/console/api/agents',
  /** GET ?kind&state&q&pageNo&pageSize → every contract of the brand; POST ContractOffer → the house offers a top agent one. */
  agentContracts: '/console/api/agent-contracts',
  /** POST { reason } → the house's contract (or offer) ends. */
  agentContractTerminate: '/console/api/agent-contracts/:id/terminate',
  /** GET ?kind&state&pageNo&pageSize → settlements with totals owed and paid. */
  agentSettlements: '/console/api/agent-settlements',

  // --- lottery ----------------------------------------------------------------------------------------------------
  /** GET → the brand's lottery games (on and off) with bet types, odds and limits. */
  lotteryGames: '/console/api/lottery/games',
  /** POST { reason } → the game takes no new draws or slips (draws holding slips still settle). */
  lotteryGameDisable: '/console/api/lottery/games/:code/disable',
  /** POST { reason } */
  lotteryGameEnable: '/console/api/lottery/games/:code/enable',
  /** GET ?game&status&before&limit → draws of a game, newest first, with seed hash and figures. */
  lotteryDraws: '/console/api/lottery/draws',
  /** GET → a draw with slips by status, its exposure and its last slips. */
  lotteryDraw: '/console/api/lottery/draws/:drawId',
  /** POST { reason } → voided, every slip refunded by rollback once (a repeat answers `already_void`). */
  lotteryDrawVoid: '/console/api/lottery/draws/:drawId/void',
  /** GET → { games, own }: the odds and limits this brand's players get (its own, else the default ones). */
  lotteryBrandGames: '/console/api/lottery/odds',
  /** PUT { …LotteryOddsEdit, reason } → { before, game }: change one game's odds and limits for this brand. */
  lotteryBrandGame: '/console/api/lottery/odds/:code',

  // --- support desk -----------------------------------------------------------------------------------------------
  /** GET ?status&pageNo&pageSize → conversations, waiting first. */
  supportChats: '/console/api/support/chats',
  /** GET → one conversation. */
  supportChat: '/console/api/support/chats/:conversationId',
  /** GET ?afterSeq|beforeSeq&limit → messages; POST { text } → a reply (a waiting conversation is claimed by it). */
  supportChatMessages: '/console/api/support/chats/:conversationId/messages',
  /** GET → an image a customer sent. */
  supportChatImage: '/console/api/support/chats/:conversationId/images/:messageId',
  /** POST → the signed-in staff member takes the conversation. */
  supportChatClaim: '/console/api/support/chats/:conversationId/claim',
  /** POST { seq } → staff read up to seq. */
  supportChatRead: '/console/api/support/chats/:conversationId/read',
  /** POST → closed (a system line tells the customer). */
  supportChatClose: '/console/api/support/chats/:conversationId/close',
  /** GET ?status&pageNo&pageSize → members' feedback. */
  supportFeedback: '/console/api/support/feedback',
  /** POST { content } → answered. */
  supportFeedbackReply: '/console/api/support/feedback/:feedbackId/reply',
  /** POST → closed. */
  supportFeedbackClose: '/console/api/support/feedback/:feedbackId/close',
} as const;

export type ConsoleOversightPathKey = keyof typeof CONSOLE_OVERSIGHT_PATHS;

/** Fill `:name` placeholders of an oversight path. */
export function oversightPath(key: ConsoleOversightPathKey, params: Record<string, string | number> = {}): string {
  return CONSOLE_OVERSIGHT_PATHS[key].replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`oversightPath(${key}): missing ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** How often the desk asks for new messages and the queue (the staff side holds no socket: decision 050). */
export const SUPPORT_DESK_POLL_MS = 3_000;
export const SUPPORT_DESK_QUEUE_POLL_MS = 10_000;

const Paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const page = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Minor = z.string().regex(/^-?\d+$/);
export const OversightReasonSchema = z.object({ reason: z.string().trim().min(3).max(500) });

// --- agents ---------------------------------------------------------------------------------------------------------

export const ConsoleAgentsQuerySchema = z.object({
  /** Username contains (case-insensitive). */
  q: z.string().trim().max(40).optional(),
  /** Inclusive UTC days of the team figures; neither: the last 30 days. */
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  ...Paging,
});
export type ConsoleAgentsQuery = z.infer<typeof ConsoleAgentsQuerySchema>;

export const ConsoleAgentSchema = z.object({
  id: z.string(),
  username: z.string(),
  type: z.number().int(),
  upline: z.string().nullable(),
  teamSize: z.number().int(),
  directCount: z.number().int(),
  activeContracts: z.number().int(),
  /** The team's figures over the period (everyone below the agent), minor units. */
  deposits: Minor,
  withdrawals: Minor,
  bets: Minor,
  wins: Minor,
  validBets: Minor,
  /** Settlements owed to the agent (not paid yet: the payer's balance was short). */
  owed: Minor,
});
export type ConsoleAgent = z.infer<typeof ConsoleAgentSchema>;
export const ConsoleAgentsResponseSchema = envelope(page(ConsoleAgentSchema).extend({ from: IsoDay, to: IsoDay }));

export const ConsoleContractsQuerySchema = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS).optional(),
  state: z.enum(AGENT_CONTRACT_STATES).optional(),
  /** The downline's username contains. */
  q: z.string().trim().max(40).optional(),
  ...Paging,
});
export const ConsoleContractsResponseSchema = envelope(page(AgentContractSchema));
export const ConsoleContractIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

export const ConsoleSettlementsQuerySchema = z.object({
  kind: z.enum(AGENT_CONTRACT_KINDS).optional(),
  state: z.enum(AGENT_SETTLEMENT_STATES).optional(),
  ...Paging,
});
export const ConsoleSettlementsResponseSchema = envelope(
  page(AgentSettlementSchema).extend({ totals: z.object({ owed: Minor, paid: Minor, owedCount: z.number().int() }) }),
);

// --- lottery --------------------------------------------------------------------------------------------------------

export const LotteryGameParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_]{1,40}$/) });
export const LotteryDrawParamsSchema = z.object({ drawId: z.string().regex(/^[A-Za-z0-9_:-]{1,80}$/) });
export const ConsoleLotteryDrawsQuerySchema = z.object({
  game: z.string().regex(/^[A-Za-z0-9_]{1,40}$/),
  status: z.enum(LOTTERY_OPERATOR_DRAW_STATUSES).optional(),
  /** ISO instant: draws drawn before it (the next page). */
  before: z.string().datetime().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleLotteryDrawsQuery = z.infer<typeof ConsoleLotteryDrawsQuerySchema>;
export type { LotteryOperatorDraw, LotteryOperatorDrawDetail, LotteryOperatorGame, LotteryOperatorVoidAnswer };
export type LotteryGameToggle = { game: LotteryOperatorGame; changed: boolean };
const OddsMinor = z.string().regex(/^[1-9][0-9]{0,14}$/);
/** One game's odds and limits for the brand (decision 054): decimal odds ("1.95", gross) where the bet type has fixed odds. */
export const LotteryOddsEditSchema = z.object({
  closeBeforeSeconds: z.number().int().min(0).max(86_400),
  maxExposure: OddsMinor,
  betTypes: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z0-9_]{1,20}$/),
        odds: z
          .string()
          .regex(/^[1-9][0-9]{0,8}(\.[0-9]{1,3})?$/)
          .nullable(),
        minStake: OddsMinor,
        maxStake: OddsMinor,
        maxPerNumber: OddsMinor,
      }),
    )
    .min(1)
    .max(10),
});
export const ConsoleLotteryOddsBodySchema = LotteryOddsEditSchema.extend({ reason: z.string().trim().min(3).max(500) });
export type ConsoleLotteryOddsBody = z.infer<typeof ConsoleLotteryOddsBodySchema>;
export type LotteryBrandGames = { games: LotteryOperatorGame[]; own: boolean };
export type LotteryOddsChange = { before: LotteryOperatorGame; game: LotteryOperatorGame };
