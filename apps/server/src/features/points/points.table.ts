import type { PointType, RedeemStatus, RewardKind } from '@playfront/contract/points-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the points tables (migration 20261126T1300_points). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;
type Reference = ColumnType<Record<string, string>, string | undefined, never>;

export type PointsConfigTable = {
  brand_id: number;
  rate_live: number;
  rate_lottery: number;
  rate_pvp: number;
  rate_slots: number;
  rate_sports: number;
  rate_deposit: number;
  convert_points: number;
  convert_amount: bigint;
  min_convert_points: number;
  convert_enabled: boolean;
  updated_at: Timestamp;
};
export type PointsConfigRow = Selectable<PointsConfigTable>;

export type PointsBalanceTable = {
  member_id: number;
  balance: Generated<bigint>;
  updated_at: Timestamp;
};

/** Append-only: rows are written only by the database function points_post. */
export type PointsEntryTable = {
  id: Generated<bigint>;
  member_id: number;
  type: PointType;
  amount: bigint;
  balance_after: bigint;
  source_key: string;
  reference: Reference;
  created_at: Timestamp;
};
export type PointsEntryRow = Selectable<PointsEntryTable>;

export type PointsRewardTable = {
  id: Generated<number>;
  brand_id: number;
  code: string;
  kind: RewardKind;
  name_en: string;
  name_bn: string;
  description_en: Generated<string>;
  description_bn: Generated<string>;
  picture: string;
  price: bigint;
  stock: number | null;
  per_member_limit: number | null;
  cash_amount: bigint | null;
  voucher_spins: number | null;
  voucher_game: string | null;
  min_vip_level: Generated<number>;
  needs_verified_mobile: Generated<boolean>;
  active: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
};
export type PointsRewardRow = Selectable<PointsRewardTable>;

export type PointsRedemptionTable = {
  id: Generated<bigint>;
  order_no: string;
  brand_id: number;
  member_id: number;
  reward_id: number;
  request_id: string;
  request_hash: string;
  quantity: number;
  points: bigint;
  cash_amount: bigint | null;
  currency: string;
  status: Generated<RedeemStatus>;
  address: string | null;
  reference_no: string | null;
  remark: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: Timestamp;
};
export type PointsRedemptionRow = Selectable<PointsRedemptionTable>;

export type PointsVoucherTable = {
  id: Generated<bigint>;
  redemption_id: bigint;
  member_id: number;
  code: string;
  spins: number;
  game: string | null;
  used_at: Date | null;
  created_at: Timestamp;
};

export type PointsConversionTable = {
  id: Generated<bigint>;
  member_id: number;
  request_id: string;
  request_hash: string;
  points: bigint;
  amount: bigint;
  currency: string;
  created_at: Timestamp;
};
export type PointsConversionRow = Selectable<PointsConversionTable>;
