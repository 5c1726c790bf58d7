import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableBigint = ColumnType<bigint | null, bigint | null | undefined, bigint | null>;

/** One row per member who set a limit, a reality check or a block (migration 20261201T1000_player_protection). */
export type MemberProtectionTable = {
  member_id: number;
  deposit_day: NullableBigint;
  deposit_week: NullableBigint;
  deposit_month: NullableBigint;
  loss_day: NullableBigint;
  loss_week: NullableBigint;
  loss_month: NullableBigint;
  wager_day: NullableBigint;
  wager_week: NullableBigint;
  wager_month: NullableBigint;
  /** Minutes a day. */
  session_day: NullableBigint;
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  block_kind: ColumnType<
    'COOL_OFF' | 'SELF_EXCLUSION' | null,
    'COOL_OFF' | 'SELF_EXCLUSION' | null | undefined,
    'COOL_OFF' | 'SELF_EXCLUSION' | null
  >;
  block_started_at: NullableTimestamp;
  /** null with a block_kind: permanent. */
  block_until: NullableTimestamp;
  updated_at: Timestamp;
};

export type MemberLimitChangeTable = {
  member_id: number;
  limit_name: string;
  /** null: remove the limit. */
  new_value: bigint | null;
  requested_at: Timestamp;
  available_at: Timestamp;
};
