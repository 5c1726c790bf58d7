import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the red envelope tables (migration 20261127T1400_envelopes). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type EnvelopeRainTable = {
  id: Generated<bigint>;
  brand_id: number;
  name: string;
  starts_at: Timestamp;
  duration_seconds: number;
  /** Null: a one-off rain. */
  repeat_minutes: number | null;
  budget: bigint;
  envelope_count: number;
  min_amount: bigint;
  max_amount: bigint;
  min_vip_level: number;
  bonus_promotion_id: number | null;
  currency: string;
  active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type EnvelopeRainRow = Selectable<EnvelopeRainTable>;

export type EnvelopeOccurrenceTable = {
  id: Generated<bigint>;
  rain_id: bigint;
  brand_id: number;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  budget: bigint;
  envelope_count: number;
  min_vip_level: number;
  bonus_promotion_id: number | null;
  currency: string;
  /** Hex; the split and shuffle of the budget are drawn from it (kept for audit). */
  seed: string;
  state: 'RUNNING' | 'ENDED';
  started_at: Timestamp;
  ended_at: Date | null;
};
export type EnvelopeOccurrenceRow = Selectable<EnvelopeOccurrenceTable>;

export type EnvelopeSlotTable = {
  id: Generated<bigint>;
  occurrence_id: bigint;
  position: number;
  amount: bigint;
  member_id: number | null;
  opened_at: Date | null;
  transfer_id: bigint | null;
  grant_id: bigint | null;
};
