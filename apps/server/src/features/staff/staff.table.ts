import type { StaffRole, StaffStatus } from '@playfront/contract/console-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** int8 is read as bigint on both engines (db/database.ts). */
type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
type Jsonb = ColumnType<unknown, string | null, string | null>;

/** Migration 20261130T1100_staff_console (decision 040). */
export type StaffTable = {
  id: Generated<number>;
  brand_id: number;
  username: string;
  password_hash: string | null;
  role: StaffRole;
  status: Generated<StaffStatus>;
  /** encryptAtRest of the base32 TOTP secret (TWO_FACTOR_SECRET); null until enrolled. */
  totp_secret_sealed: string | null;
  /** A secret shown at enrolment start, not yet confirmed with a code. */
  totp_pending_sealed: string | null;
  totp_last_step: Generated<bigint>;
  enrolled_at: NullableTimestamp;
  failed_logins: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  last_login_at: NullableTimestamp;
};
export type StaffRow = Selectable<StaffTable>;

export type StaffRecoveryCodeTable = {
  id: Generated<bigint>;
  staff_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
};

export type StaffEnrolmentTable = {
  id: Generated<bigint>;
  staff_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type StaffSessionTable = {
  id: Generated<bigint>;
  staff_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  absolute_expires_at: Timestamp;
  second_factor_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
};
export type StaffSessionRow = Selectable<StaffSessionTable>;

export type StaffAuditTable = {
  id: Generated<bigint>;
  brand_id: number;
  staff_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: Jsonb;
  after: Jsonb;
  ip: string | null;
  user_agent: string | null;
  at: Timestamp;
};

export type StaffAdjustmentTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  direction: 'CREDIT' | 'DEBIT';
  amount: Int8;
  currency: string;
  reason: string;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  needs_second_approval: boolean;
  idempotency_key: string;
  requested_by: number;
  requested_at: Timestamp;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  decision_reason: string | null;
  transfer_id: Int8 | null;
};
export type StaffAdjustmentRow = Selectable<StaffAdjustmentTable>;

export type StaffWithdrawalApprovalTable = {
  order_no: string;
  staff_id: number;
  approved_at: Timestamp;
};

export type StaffIpAllowTable = {
  id: Generated<number>;
  brand_id: number;
  cidr: string;
  label: Generated<string>;
};
