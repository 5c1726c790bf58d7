import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** int8 is read as bigint on both engines (db/database.ts). */
type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;

/** Migration 20261201T1200_console_backoffice (decision 045). */
export type OperatorApiKeyTable = {
  id: Generated<number>;
  brand_id: number;
  label: string;
  /** SHA-256 (hex) of the key; the key itself is shown once and never stored. */
  key_hash: string;
  key_prefix: string;
  scopes: string[];
  created_by: number | null;
  created_at: Timestamp;
  rotated_from: number | null;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
  last_used_at: NullableTimestamp;
};
export type OperatorApiKeyRow = Selectable<OperatorApiKeyTable>;

export type BrandConsoleSettingTable = {
  brand_id: number;
  adjustment_second_above: Int8;
  withdrawal_second_above: Int8;
  manual_deposit_second_above: Int8;
  updated_by: number | null;
  updated_at: Timestamp;
};

export type StaffMemberNoteTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  staff_id: number;
  body: string;
  created_at: Timestamp;
};

export type ManualDepositTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  amount: Int8;
  currency: string;
  reference: string;
  reason: string;
  proof_mime: 'image/png' | 'image/jpeg';
  proof_sha256: string;
  proof: Uint8Array;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  needs_second_approval: boolean;
  idempotency_key: string;
  requested_by: number;
  requested_at: Timestamp;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
  order_no: string | null;
};
export type ManualDepositRow = Selectable<ManualDepositTable>;
