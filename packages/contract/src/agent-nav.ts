import { AGENT_CONTRACT_PAGE, type AgentContractKind } from './agent-contracts-paths.ts';
import type { FeatureFlag } from './constants.ts';

/**
 * The agent centre's left-nav entries of spec section 2 with their `?page=` names; the contract pages need their brand
 * flag. The web draws the nav from it (apps/web/src/features/agent/agent-home.tsx), and the server draws the same nav
 * into /agentHome's first screen before any script (apps/server/src/features/web/boot-screen.ts).
 */
export const AGENT_NAV = [
  { key: 'deposit', page: 'depositv2' },
  { key: 'withdraw', page: 'withdraw' },
  { key: 'announcement', page: 'agentAnnouncement' },
  { key: 'overview', page: 'agentTeamOverview' },
  { key: 'registerCenter', page: 'registerCenter' },
  { key: 'teamManagement', page: 'downlineManagmentView' },
  { key: 'teamBetting', page: 'personalHistoryCopy' },
  { key: 'userLoss', page: 'palStatementsAgentCopy' },
  { key: 'myIncome', page: 'agentRevenueReport' },
  { key: 'accountDetails', page: 'agentDownlineTransactionDetailsCopy' },
  { key: 'dividendRecord', page: AGENT_CONTRACT_PAGE.DIVIDEND, feature: 'CONTRACT_DIVIDEND', kind: 'DIVIDEND' },
  { key: 'dailyWages', page: AGENT_CONTRACT_PAGE.DAILY_SALARY, feature: 'CONTRACT_SALARY', kind: 'DAILY_SALARY' },
  { key: 'hourlySalary', page: AGENT_CONTRACT_PAGE.HOUR_SALARY, feature: 'CONTRACT_HOUR_SALARY', kind: 'HOUR_SALARY' },
  { key: 'realtimeSalary', page: AGENT_CONTRACT_PAGE.REALTIME_SALARY, feature: 'CONTRACT_REALTIME_SALARY', kind: 'REALTIME_SALARY' },
  { key: 'messages', page: 'messageV2' },
  { key: 'customerService', page: 'customerService' },
] as const satisfies readonly { key: string; page: string; feature?: FeatureFlag; kind?: AgentContractKind }[];

export type AgentNavEntry = (typeof AGENT_NAV)[number];
export type AgentNavKey = AgentNavEntry['key'];

export const DEFAULT_AGENT_PAGE: AgentNavKey = 'overview';

/** The member-centre pages shown in the agent centre: they bring their own visible heading. */
export const AGENT_MEMBER_PAGE_KEYS: readonly AgentNavKey[] = ['deposit', 'withdraw', 'messages'];

/** Entries the brand enables; while the brand is unknown (`features` undefined) the flagged ones stay hidden. */
export function visibleNav(features: Partial<Record<string, boolean>> | undefined): AgentNavEntry[] {
  return AGENT_NAV.filter((e) => !('feature' in e) || Boolean(features?.[e.feature]));
}

/**
 * `?page=` → what to show (any case). An unknown page shows the overview; a contract page whose flag is off (opened by
 * URL) is still that entry but `refused`, so the page says the brand does not offer it instead of showing another page.
 */
export function agentPageOf(page: string | null, features: Partial<Record<string, boolean>> | undefined) {
  const entry =
    AGENT_NAV.find((e) => e.page.toLowerCase() === (page ?? '').toLowerCase()) ?? AGENT_NAV.find((e) => e.key === DEFAULT_AGENT_PAGE);
  const found = entry as AgentNavEntry;
  const refused = 'feature' in found && features !== undefined && !features[found.feature];
  return { entry: found, refused, pending: 'feature' in found && features === undefined };
}
