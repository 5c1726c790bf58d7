import type { ColumnType, Generated, Selectable } from 'kysely';

type Money = ColumnType<bigint, bigint | number | undefined, bigint | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Jsonb<T> = ColumnType<T, string, string>;
export type Localized = { en: string; bn: string };

export type PromotionTable = {
  id: Generated<number>;
  brand_id: number;
  code: string;
  category: 'WELCOME' | 'RELOAD' | 'CASHBACK' | 'VIP' | 'EVENT';
  title: Jsonb<Localized>;
  summary: Jsonb<Localized>;
  rules_html: Jsonb<Localized>;
  banner_theme: Generated<string>;
  starts_at: Timestamp;
  ends_at: Date | null;
  audience: 'ALL' | 'NEW_MEMBERS' | 'VIP' | 'AGENT_TEAM' | 'FIRST_DEPOSIT';
  audience_vip_level: Generated<number>;
  audience_agent_id: number | null;
  new_member_days: Generated<number>;
  weekdays: number[] | null;
  entry: 'AUTO' | 'JOIN' | 'APPLY' | 'CLAIM';
  trigger: 'DEPOSIT' | 'NONE' | 'NET_LOSS';
  min_deposit: Money;
  reward_kind: 'FIXED' | 'PERCENT';
  reward_amount: Money;
  reward_bps: Generated<number>;
  reward_cap: bigint | null;
  wagering_base: 'BONUS' | 'DEPOSIT_AND_BONUS';
  /** numeric(6,2): read as a string, never a float. */
  wagering_multiplier: ColumnType<string, string, string>;
  contribution: Jsonb<Record<string, number>>;
  max_bet: bigint | null;
  max_cashout: bigint | null;
  bonus_valid_days: number;
  limit_per_member: Generated<number>;
  limit_period: Generated<'NONE' | 'DAY' | 'WEEK' | 'MONTH'>;
  budget: Money;
  granted_total: Generated<bigint>;
  grants_count: Generated<number>;
  currency: string;
  status: Generated<'ACTIVE' | 'PAUSED' | 'ENDED'>;
  sort: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
};
export type PromotionRow = Selectable<PromotionTable>;

export type ParticipationState = 'signed' | 'claimable' | 'claimed' | 'applying' | 'issued' | 'rejected';

export type PromotionParticipationTable = {
  id: Generated<bigint>;
  promotion_id: number;
  member_id: number;
  period_key: Generated<string>;
  state: ParticipationState;
  deposit_amount: Money;
  deposit_order_no: string | null;
  reward_amount: Money;
  grant_id: bigint | null;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type PromotionParticipationRow = Selectable<PromotionParticipationTable>;

export type PromotionParticipationEventTable = {
  id: Generated<bigint>;
  participation_id: bigint;
  from_state: string | null;
  to_state: string;
  actor: 'member' | 'operator' | 'system';
  actor_id: string | null;
  note: string | null;
  created_at: Timestamp;
};

export type BonusGrantTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number;
  promotion_id: number;
  participation_id: bigint;
  currency: string;
  amount: Money;
  deposit_amount: Money;
  wagering_required: Money;
  wagered: Money;
  contribution: Jsonb<Record<string, number>>;
  max_bet: bigint | null;
  max_cashout: bigint | null;
  state: Generated<'active' | 'converted' | 'forfeited' | 'expired'>;
  end_reason: 'wagered' | 'cancelled' | 'expired' | 'withdrawal' | 'spent' | 'operator' | null;
  converted_amount: Money;
  forfeited_amount: Money;
  issued_at: Timestamp;
  expires_at: Timestamp;
  warned_at: Date | null;
  ended_at: Date | null;
};
export type BonusGrantRow = Selectable<BonusGrantTable>;

export type PromotionCommentTable = {
  id: Generated<bigint>;
  promotion_id: number;
  member_id: number;
  body: string;
  created_at: Generated<Date>;
};

export type PromotionCommentImageTable = {
  id: Generated<bigint>;
  comment_id: bigint;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
};
