import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the rebate tables (migration 20261127T1100_rebates). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type RebateSettingsTable = {
  brand_id: number;
  enabled: boolean;
  /** Game category → basis points; written as JSON text. */
  default_bps: ColumnType<Record<string, number>, string, string>;
  minimum_payout: bigint;
  manual_enabled: boolean;
  claim_interval_seconds: number;
  auto_enabled: boolean;
  auto_period: 'DAILY' | 'WEEKLY';
  /** When the automatic payout was last switched on: periods ending after it are paid. */
  auto_since: Timestamp;
  cashback_enabled: boolean;
  cashback_share_bps: number;
  cashback_cap: bigint;
  cashback_minimum: bigint;
  cashback_period: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  cashback_since: Timestamp;
  bonus_promotion_id: number | null;
  updated_at: Timestamp;
};
export type RebateSettingsRow = Selectable<RebateSettingsTable>;

export type RebateAccrualTable = {
  member_id: number;
  category: string;
  valid_bet: bigint;
  /** Σ valid bet × rate (bps): minor units × 10⁴. */
  accrued_e4: bigint;
  updated_at: Timestamp;
};
export type RebateAccrualRow = Selectable<RebateAccrualTable>;

export type RebatePayoutTable = {
  id: Generated<bigint>;
  member_id: number;
  brand_id: number;
  kind: 'REBATE' | 'CASHBACK';
  source: 'AUTO' | 'MANUAL';
  period: string;
  amount: bigint;
  base: bigint;
  currency: string;
  status: 'PAID' | 'DEFERRED';
  paid_as: 'CASH' | 'BONUS' | null;
  transfer_id: bigint | null;
  grant_id: bigint | null;
  detail: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  paid_at: Date | null;
};
export type RebatePayoutRow = Selectable<RebatePayoutTable>;

export type RebateBrandRunTable = {
  brand_id: number;
  kind: 'REBATE' | 'CASHBACK';
  period: string;
  members: number;
  created_at: Timestamp;
};
