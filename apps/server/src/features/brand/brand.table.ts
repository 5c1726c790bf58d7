import type { Generated, Selectable } from 'kysely';

export type BrandTable = {
  id: Generated<number>;
  merchant_code: string;
  name: string;
  platform: Generated<string>;
  lottery_type: Generated<string>;
  languages: string[];
  default_language: string;
  currency: string;
  currency_symbol: string;
  maintenance: Generated<boolean>;
  /** What the maintenance page says, per language (migration 20261201T1300). */
  maintenance_message: Generated<Partial<Record<'EN' | 'BN', string>>>;
  main_domain: string;
  analytics_gtag_id: Generated<string>;
  image_cdns: Generated<string[]>;
  launch_cdns: Generated<string[]>;
  esport_codes: Generated<string[]>;
  cockfight_codes: Generated<string[]>;
  prize_modes: Generated<Record<string, string>>;
  agent_account_types: number[];
  trial_account_type: number;
  minimum_age: Generated<number>;
  updated_at: Generated<Date>;
};
export type BrandRow = Selectable<BrandTable>;

export type BrandFlagTable = { brand_id: number; code: string; enabled: boolean };

export type CustomerServiceTable = {
  id: Generated<number>;
  brand_id: number;
  cs_type: string;
  name: string;
  url: string;
  sort: Generated<number>;
};

export type SocialLinkTable = { id: Generated<number>; brand_id: number; kind: string; url: string; sort: Generated<number> };

export type BrandResourceTable = { brand_id: number; resource_type: string; url: string; label: string | null };

export type DomainRouteTable = { id: Generated<number>; brand_id: number; domain: string; purpose: string; path: Generated<string> };

/** `cidr` is a Postgres cidr; read and written as text like '203.0.113.0/24'. */
export type RegionRuleTable = { id: Generated<number>; brand_id: number; cidr: string; label: string };

export type RegistrationRuleTable = {
  brand_id: number;
  field: string;
  pattern_id: string;
  min_length: number;
  max_length: number;
  show: boolean;
  required: boolean;
};

export type CountryDialingTable = {
  brand_id: number;
  code: string;
  dialing_code: string;
  min_digits: number;
  max_digits: number;
  is_default: Generated<boolean>;
};
