import type { RiskFlagKind, RiskFlagStatus } from '@playfront/contract/kyc-paths';
import type { Generated, Selectable } from 'kysely';

/** A brand's withdrawal, turnover and risk rules (no row: RISK_RULE_DEFAULTS). */
export type RiskRulesTable = {
  brand_id: number;
  kyc_withdrawal_above: bigint | null;
  kyc_first_withdrawal: boolean;
  turnover_bps: number;
  little_play_bps: number;
  large_win_above: bigint;
  shared_ip_members: number;
  travel_kmh: number;
  /** Days the files of a rejected KYC submission are kept (decision 051). */
  kyc_retention_days: Generated<number>;
  updated_at: Generated<Date>;
};
export type RiskRulesRow = Selectable<RiskRulesTable>;

/** What a member still has to play before withdrawing, kept by the risk-turnover outbox consumer. */
export type MemberTurnoverTable = {
  member_id: number;
  remaining: bigint;
  last_deposit: bigint;
  played_since_deposit: bigint;
  last_deposit_at: Date | null;
  updated_at: Date;
};

export type RiskFlagTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  kind: RiskFlagKind;
  dedupe_key: string;
  details: Generated<Record<string, unknown>>;
  raised_at: Date;
  status: Generated<RiskFlagStatus>;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  review_note: string | null;
};
export type RiskFlagRow = Selectable<RiskFlagTable>;

export type RiskIpLocationTable = {
  id: Generated<number>;
  brand_id: number;
  cidr: string;
  label: string;
  latitude: number;
  longitude: number;
};
