import type { RiskRules } from '@playfront/contract/kyc';
import { RISK_RULE_DEFAULTS } from '@playfront/contract/kyc-paths';
import type { Db } from '../../db/database.ts';

/** A brand's rules as the server uses them (money as bigint). */
export type BrandRiskRules = {
  kycWithdrawalAbove: bigint | null;
  kycFirstWithdrawal: boolean;
  turnoverBps: number;
  littlePlayBps: number;
  largeWinAbove: bigint;
  sharedIpMembers: number;
  travelKmh: number;
  kycRetentionDays: number;
};

export const DEFAULT_RULES: BrandRiskRules = {
  kycWithdrawalAbove: null,
  kycFirstWithdrawal: RISK_RULE_DEFAULTS.kycFirstWithdrawal,
  turnoverBps: RISK_RULE_DEFAULTS.turnoverBps,
  littlePlayBps: RISK_RULE_DEFAULTS.littlePlayBps,
  largeWinAbove: BigInt(RISK_RULE_DEFAULTS.largeWinAbove),
  sharedIpMembers: RISK_RULE_DEFAULTS.sharedIpMembers,
  travelKmh: RISK_RULE_DEFAULTS.travelKmh,
  kycRetentionDays: RISK_RULE_DEFAULTS.kycRetentionDays,
};

/** The brand's rules (no row: DEFAULT_RULES: no KYC or turnover rule, the default flag thresholds). */
export async function rulesOf(db: Db, brandId: number): Promise<BrandRiskRules> {
  const row = await db.selectFrom('risk_rules').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  return {
    kycWithdrawalAbove: row.kyc_withdrawal_above === null ? null : BigInt(row.kyc_withdrawal_above),
    kycFirstWithdrawal: row.kyc_first_withdrawal,
    turnoverBps: row.turnover_bps,
    littlePlayBps: row.little_play_bps,
    largeWinAbove: BigInt(row.large_win_above),
    sharedIpMembers: row.shared_ip_members,
    travelKmh: row.travel_kmh,
    kycRetentionDays: row.kyc_retention_days,
  };
}

export const rulesView = (r: BrandRiskRules): RiskRules => ({
  kycWithdrawalAbove: r.kycWithdrawalAbove === null ? null : String(r.kycWithdrawalAbove),
  kycFirstWithdrawal: r.kycFirstWithdrawal,
  turnoverBps: r.turnoverBps,
  littlePlayBps: r.littlePlayBps,
  largeWinAbove: String(r.largeWinAbove),
  sharedIpMembers: r.sharedIpMembers,
  travelKmh: r.travelKmh,
  kycRetentionDays: r.kycRetentionDays,
});

/** Writes the brand's rules (one row per brand). */
export async function saveRules(db: Db, brandId: number, rules: RiskRules, at: Date): Promise<void> {
  const values = {
    kyc_withdrawal_above: rules.kycWithdrawalAbove === null ? null : BigInt(rules.kycWithdrawalAbove),
    kyc_first_withdrawal: rules.kycFirstWithdrawal,
    turnover_bps: rules.turnoverBps,
    little_play_bps: rules.littlePlayBps,
    large_win_above: BigInt(rules.largeWinAbove),
    shared_ip_members: rules.sharedIpMembers,
    travel_kmh: rules.travelKmh,
    ...(rules.kycRetentionDays === undefined ? {} : { kyc_retention_days: rules.kycRetentionDays }),
    updated_at: at,
  };
  await db
    .insertInto('risk_rules')
    .values({ brand_id: brandId, ...values })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet(values))
    .execute();
}
