import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A brand's OpenID Connect provider (migration 20261202T1200_social_login). */
export type SocialProviderTable = {
  id: Generated<number>;
  brand_id: number;
  slug: string;
  display_name: string;
  issuer: string;
  client_id: string;
  /** encryptAtRest of the client secret; never leaves the server. */
  client_secret_sealed: string;
  redirect_uri: string;
  enabled: boolean;
  allow_registration: boolean;
  sort: number;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type SocialProviderRow = Selectable<SocialProviderTable>;

/** One started authorization-code flow; spent once (used_at) by the callback. */
export type SocialFlowTable = {
  id: Generated<bigint>;
  /** SHA-256 of the state, hex. */
  state_hash: string;
  provider_id: number;
  purpose: 'login' | 'link';
  /** The member who links (purpose link); null for a login. */
  member_id: number | null;
  code_verifier: string;
  nonce: string;
  referral_code: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
};
export type SocialFlowRow = Selectable<SocialFlowTable>;

/** An identity linked to a member for good. */
export type MemberIdentityTable = {
  id: Generated<bigint>;
  member_id: number;
  provider_id: number;
  subject: string;
  email: string | null;
  linked_at: Timestamp;
};
export type MemberIdentityRow = Selectable<MemberIdentityTable>;
