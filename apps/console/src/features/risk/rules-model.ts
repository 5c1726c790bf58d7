import type { RiskRules } from '@playfront/contract/kyc';
import { formatMinor, parseAmountToMinor } from '../../lib/format.ts';

/** The rules form's text fields as typed (and its one checkbox). */
export type RulesDraft = {
  kycAbove: string;
  kycFirst: boolean;
  turnover: string;
  littlePlay: string;
  largeWin: string;
  sharedIp: string;
  travel: string;
  kycRetention: string;
};
export type RulesTextField = Exclude<keyof RulesDraft, 'kycFirst'>;

const plain = (minor: string) => formatMinor(minor).replace(/,/g, '');
export const toDraft = (r: RiskRules): RulesDraft => ({
  kycAbove: r.kycWithdrawalAbove === null ? '' : plain(r.kycWithdrawalAbove),
  kycFirst: r.kycFirstWithdrawal,
  turnover: String(r.turnoverBps / 10_000),
  littlePlay: String(r.littlePlayBps / 100),
  largeWin: plain(r.largeWinAbove),
  sharedIp: String(r.sharedIpMembers),
  travel: String(r.travelKmh),
  kycRetention: r.kycRetentionDays === undefined ? '' : String(r.kycRetentionDays),
});

/** Whole numbers or up to 2 decimals of a multiple or percentage, as basis points; null when not a number in range. */
function bps(text: string, per: number, max: number): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const value = Math.round((Number(m[1]) + Number(`0.${m[2] ?? '0'}`)) * per);
  return value <= max ? value : null;
}

/** A whole number in [min, max] typed with at most `digits` digits; NaN otherwise. */
const whole = (text: string, digits: number, min: number, max: number) => {
  const n = new RegExp(`^\\d{1,${digits}}$`).test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return n >= min && n <= max ? n : Number.NaN;
};

/** The rules to save, or the fields that are not valid (nothing is sent then). */
export function fromDraft(d: RulesDraft): { rules: RiskRules; bad: [] } | { rules: null; bad: RulesTextField[] } {
  const kycAbove = d.kycAbove.trim() === '' ? null : parseAmountToMinor(d.kycAbove);
  const largeWin = parseAmountToMinor(d.largeWin);
  const turnover = bps(d.turnover, 10_000, 1_000_000);
  const littlePlay = bps(d.littlePlay, 100, 1_000_000);
  const sharedIp = whole(d.sharedIp, 4, 2, 1000);
  const travel = whole(d.travel, 6, 1, 100_000);
  // Days the files of a rejected KYC submission are kept (risk_rules.kyc_retention_days, the API's 1 to 3650).
  const retention = whole(d.kycRetention, 4, 1, 3650);
  const bad: RulesTextField[] = [];
  if (d.kycAbove.trim() !== '' && kycAbove === null) bad.push('kycAbove');
  if (turnover === null) bad.push('turnover');
  if (littlePlay === null) bad.push('littlePlay');
  if (largeWin === null) bad.push('largeWin');
  if (Number.isNaN(sharedIp)) bad.push('sharedIp');
  if (Number.isNaN(travel)) bad.push('travel');
  if (Number.isNaN(retention)) bad.push('kycRetention');
  if (bad.length > 0 || turnover === null || littlePlay === null || largeWin === null) return { rules: null, bad };
  return {
    rules: {
      kycWithdrawalAbove: kycAbove,
      kycFirstWithdrawal: d.kycFirst,
      turnoverBps: turnover,
      littlePlayBps: littlePlay,
      largeWinAbove: largeWin,
      sharedIpMembers: sharedIp,
      travelKmh: travel,
      kycRetentionDays: retention,
    },
    bad: [],
  };
}
