import type { RiskRules } from '@playfront/contract/kyc';
import { describe, expect, it } from 'vitest';
import { fromDraft, toDraft } from './rules-model.ts';

/** The risk rules form's model: what staff type becomes the body the console PUTs to /console/api/risk/rules. */
const SAVED: RiskRules = {
  kycWithdrawalAbove: '500000',
  kycFirstWithdrawal: true,
  turnoverBps: 10_000,
  littlePlayBps: 2_000,
  largeWinAbove: '10000000',
  sharedIpMembers: 3,
  travelKmh: 900,
  kycRetentionDays: 90,
};

describe('risk rules form', () => {
  it('shows the stored KYC retention days, and saving a new number changes only that rule', () => {
    const draft = toDraft(SAVED);
    expect(draft.kycRetention).toBe('90');
    expect(fromDraft(draft)).toEqual({ rules: SAVED, bad: [] });
    expect(fromDraft({ ...draft, kycRetention: ' 30 ' })).toEqual({ rules: { ...SAVED, kycRetentionDays: 30 }, bad: [] });
  });

  it('refuses retention days outside 1 to 3650 or not whole, on that field, and sends nothing', () => {
    const draft = toDraft(SAVED);
    for (const typed of ['0', '3651', '12.5', '', 'ninety', '-1'])
      expect(fromDraft({ ...draft, kycRetention: typed }), typed).toEqual({ rules: null, bad: ['kycRetention'] });
    expect(fromDraft({ ...draft, kycRetention: '3650' }).rules?.kycRetentionDays).toBe(3650);
    expect(fromDraft({ ...draft, kycRetention: '1' }).rules?.kycRetentionDays).toBe(1);
  });

  it('names every refused field', () => {
    expect(fromDraft({ ...toDraft(SAVED), sharedIp: '1', travel: 'x', kycAbove: '1.234' }).bad).toEqual(['kycAbove', 'sharedIp', 'travel']);
  });
});
