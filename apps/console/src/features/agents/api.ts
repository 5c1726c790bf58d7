import type { AgentContract, AgentSettlement, ContractOfferBody } from '@playfront/contract/agent-contracts';
import { type ConsoleAgent, oversightPath, CONSOLE_OVERSIGHT_PATHS as P } from '@playfront/contract/console-oversight';
import { api } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

export type AgentsPage = Page<ConsoleAgent> & { from: string; to: string };
export type SettlementsPage = Page<AgentSettlement> & { totals: { owed: string; paid: string; owedCount: number } };

export const agentsList = (q: { q?: string; from?: string; to?: string; pageNo: number; pageSize: number }) =>
  api<AgentsPage>(P.agents, { query: q });

export const contractsList = (q: { kind?: string; state?: string; q?: string; pageNo: number; pageSize: number }) =>
  api<Page<AgentContract>>(P.agentContracts, { query: q });

export const offerContract = (body: ContractOfferBody) => api<{ contract: AgentContract }>(P.agentContracts, { method: 'POST', body });

export const terminateContract = (id: string, reason: string) =>
  api<{ contract: AgentContract }>(oversightPath('agentContractTerminate', { id }), { method: 'POST', body: { reason } });

export const settlementsList = (q: { kind?: string; state?: string; pageNo: number; pageSize: number }) =>
  api<SettlementsPage>(P.agentSettlements, { query: q });

/** Basis points as a percent with two decimals ("0.50 %"). */
export const bpsText = (bps: number) => `${(bps / 100).toFixed(2)} %`;
