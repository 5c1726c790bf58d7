import type { Generated } from 'kysely';

/** The brand's referral reward rule (migration 20261201T1600_referral_rewards). */
export interface ReferralRewardSettingsTable {
  brand_id: number;
  enabled: Generated<boolean>;
  min_first_deposit: Generated<bigint>;
  min_turnover: Generated<bigint>;
  reward_amount: bigint;
  updated_at: Generated<Date>;
}

/** One row per referred member, kept by the referral outbox consumer; `rewarded_at` set once, when the referrer is paid. */
export interface ReferralProgressTable {
  invitee_id: number;
  referrer_id: number;
  brand_id: number;
  currency: string;
  first_deposit: bigint | null;
  turnover: Generated<bigint>;
  reward_amount: bigint | null;
  rewarded_at: Date | null;
  transfer_id: bigint | null;
}
