import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export type MemberSessionTable = {
  id: Generated<bigint>;
  member_id: number;
  /** SHA-256 of the token, hex. */
  token_hash: string;
  site: 'member' | 'agent';
  must_change_password: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Absolute expiry; idle expiry is `last_seen_at` + the configured idle time. */
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** WITHDRAW_ONLY: a blocked member's sign-in, accepted only by the balance and withdrawal calls (decision 051). */
  scope: Generated<'FULL' | 'WITHDRAW_ONLY'>;
};
export type MemberSessionRow = Selectable<MemberSessionTable>;

export type VerificationCodeTable = {
  id: Generated<bigint>;
  brand_id: number;
  purpose: string;
  recipient: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type UsedNonceTable = { nonce: string; expires_at: Timestamp };

export type ServerKeyTable = {
  id: string;
  public_spki: string;
  private_pkcs8: string;
  encrypted: boolean;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** Single-use 60-second sign-in codes for `/?token=` links (migration 20261124T1004). */
export type SignInCodeTable = {
  id: Generated<bigint>;
  code_hash: string;
  member_id: number;
  created_by_session_id: bigint | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
