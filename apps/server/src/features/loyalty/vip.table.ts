import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the VIP tables (migration 20261126T1400_vip_levels). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type VipLevelTable = {
  brand_id: number;
  level: number;
  name_en: string;
  name_bn: string;
  icon: string;
  valid_bet_threshold: bigint;
  deposit_threshold: bigint;
  keep_valid_bet: bigint;
  level_up_bonus: bigint;
  monthly_bonus: bigint;
  /** Game category → basis points; written as JSON text. */
  rebate_bps: ColumnType<Record<string, number>, string, string>;
  daily_withdrawal_limit: bigint;
};
export type VipLevelRow = Selectable<VipLevelTable>;

export type VipMemberDailyTable = {
  member_id: number;
  /** A UTC day, `YYYY-MM-DD` on the way in. */
  day: ColumnType<Date | string, string, string>;
  valid_bet: Generated<bigint>;
  deposit: Generated<bigint>;
};

export type VipLevelChangeTable = {
  id: Generated<bigint>;
  member_id: number;
  from_level: number;
  to_level: number;
  reason: 'UPGRADE' | 'REVIEW';
  valid_bet: bigint;
  deposit: bigint;
  created_at: Timestamp;
};

export type VipBonusTable = {
  id: Generated<bigint>;
  member_id: number;
  kind: 'LEVEL_UP' | 'MONTHLY';
  level: number;
  period: string;
  amount: bigint;
  currency: string;
  transfer_id: bigint | null;
  created_at: Timestamp;
};
export type VipBonusRow = Selectable<VipBonusTable>;

export type VipReviewTable = {
  member_id: number;
  month: string;
  from_level: number;
  to_level: number;
  created_at: Timestamp;
};
