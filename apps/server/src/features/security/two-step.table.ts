import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The member's authenticator-app secret (migration 20261130T1300_two_step); enabled_at null: enrolment pending. */
export type MemberTwoFactorTable = {
  member_id: number;
  /** encryptAtRest of the base32 secret under TWO_FACTOR_SECRET. */
  secret_sealed: string;
  /** The last accepted TOTP time step; a code is accepted only for a step above it. */
  last_step: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  enabled_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type MemberTwoFactorRow = Selectable<MemberTwoFactorTable>;

export type MemberRecoveryCodeTable = {
  id: Generated<bigint>;
  member_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: NullableTimestamp;
};

/** The single-use ticket between a correct password and the second step. */
export type LoginChallengeTable = {
  id: Generated<bigint>;
  /** SHA-256 of the challenge, hex. */
  token_hash: string;
  member_id: number;
  site: 'member' | 'agent';
  method: 'PASSWORD' | 'SMS' | 'SOCIAL';
  must_change_password: boolean;
  password_expired: boolean;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};
export type LoginChallengeRow = Selectable<LoginChallengeTable>;
