import type {
  AgentContractEnder,
  AgentContractKind,
  AgentContractPeriod,
  AgentContractState,
} from '@playfront/contract/agent-contracts-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the agent contract tables (migration 20261128T1000_agent_contracts). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** jsonb written as JSON text, read parsed. */
type Jsonb<T> = ColumnType<T, string, string>;

/** The stored terms (ContractTerms of the contract package). */
export type StoredTerms = {
  rateBps: number;
  period: AgentContractPeriod;
  tiers: { minActiveMembers: number; minBetAmount: string; rateBps: number }[];
  winLossRateBps: number;
  effectiveFrom: string | null;
  effectiveTo: string | null;
};

export type AgentContractTable = {
  id: Generated<bigint>;
  brand_id: number;
  /** null: the house. */
  upline_id: number | null;
  downline_id: number;
  kind: AgentContractKind;
  state: AgentContractState;
  rate_bps: number;
  win_loss_rate_bps: number;
  period: AgentContractPeriod;
  terms: Jsonb<StoredTerms>;
  replaces_id: bigint | null;
  created_at: Date;
  decided_at: Date | null;
  active_from: Date | null;
  ended_at: Date | null;
  ended_by: AgentContractEnder | null;
  ended_by_member: number | null;
};
export type AgentContractRow = Selectable<AgentContractTable>;

export type AgentSettlementTable = {
  id: Generated<bigint>;
  contract_id: bigint;
  brand_id: number;
  kind: AgentContractKind;
  period: string;
  period_start: Date;
  period_end: Date;
  /** null: the house (the brand's budget). */
  payer_id: number | null;
  payee_id: number;
  currency: string;
  team_valid_bet: bigint;
  team_bet_amount: bigint;
  team_net_loss: bigint;
  active_members: number;
  rate_bps: number;
  win_loss_rate_bps: number;
  amount: bigint;
  state: 'PAID' | 'OWED';
  transfer_id: bigint | null;
  attempts: Generated<number>;
  last_attempt_at: Date | null;
  created_at: Date;
  paid_at: Date | null;
};
export type AgentSettlementRow = Selectable<AgentSettlementTable>;

export type AgentMoney5minTable = {
  member_id: number;
  slot: Date;
  kind: string;
  currency: string;
  total: bigint;
  moves: number;
};

export type AgentContractSettingsTable = {
  brand_id: number;
  max_rate_bps: Jsonb<Record<AgentContractKind, number>>;
  max_win_loss_rate_bps: number;
  updated_at: Timestamp;
};
