import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type MemberTable = {
  id: Generated<number>;
  brand_id: number;
  username: string;
  /** 0 member, 4 trial, 1/2/41/42 agent, SYSTEM_ACCOUNT_TYPE for house/operator accounts. */
  type: Generated<number>;
  status: Generated<'active' | 'disabled'>;
  password_hash: string | null;
  payment_password_hash: string | null;
  password_changed_at: Timestamp;
  first_login: Generated<boolean>;
  /**
   * Set while the password is a one-time initial password someone else issued (decision 024): it may be used
   * for one login before this time; the login sets it to that moment (used), a password change clears it.
   */
  initial_password_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  nickname: Generated<string>;
  full_name: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  qq: string | null;
  line: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  zalo: string | null;
  telegram: string | null;
  id_number: string | null;
  birthday: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  place_of_birth: string | null;
  avatar: Generated<string>;
  vip_level: Generated<number>;
  upline_id: number | null;
  affiliate_code: string | null;
  /** The code the member signed up with, as sent (spec section 3, referralCode). */
  referral_code: string | null;
  // Migration 20261129T1100_referral.
  /** The member's own referral code, made once at random when first needed; unique in the brand. */
  own_referral_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whose own code `referral_code` was, resolved at sign-up; null for none or an unknown code. */
  referrer_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The saved language choice (EN | BN), applied after login on any device; null until chosen. */
  language: ColumnType<'EN' | 'BN' | null, 'EN' | 'BN' | null | undefined, 'EN' | 'BN' | null>;
  recommender_id: string | null;
  register_ip: string | null;
  register_method: string | null;
  register_url: string | null;
  register_domain: string | null;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_login_ip: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type MemberRow = Selectable<MemberTable>;
export type NewMember = Insertable<MemberTable>;

export type MemberKnownIpTable = {
  member_id: number;
  ip: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
};
