import { describe, expect, it } from 'vitest';
import { RECORD_TYPE_FILTER, recordFilterKey, recordTypeKey } from './record-labels.ts';

describe('account record labels from the viewer side (issue 22)', () => {
  it('names a member-to-member transfer by the side the viewer is on', () => {
    // The downline sent money up; the upline received it.
    expect(recordTypeKey('UPLINE_TRANSFER', '-7000')).toBe('UPLINE_TRANSFER');
    expect(recordTypeKey('UPLINE_TRANSFER', '7000')).toBe('FROM_DOWNLINE');
    // The agent sent money down; the member received "Transfer from upline".
    expect(recordTypeKey('DOWNLINE_TRANSFER', '-2500')).toBe('DOWNLINE_TRANSFER');
    expect(recordTypeKey('DOWNLINE_TRANSFER', '2500')).toBe('FROM_UPLINE');
  });

  it('leaves every other kind as it is, whatever the sign', () => {
    expect(recordTypeKey('BET', '-100')).toBe('BET');
    expect(recordTypeKey('WIN', '250')).toBe('WIN');
    expect(recordTypeKey('VENDOR_TRANSFER_IN', '-100')).toBe('VENDOR_TRANSFER_IN');
  });

  it('offers each kind once in the filter, transfers under a name that covers both sides', () => {
    expect(new Set(RECORD_TYPE_FILTER).size).toBe(RECORD_TYPE_FILTER.length);
    expect(recordFilterKey('UPLINE_TRANSFER')).toBe('filter.UPLINE_TRANSFER');
    expect(recordFilterKey('BET')).toBe('types.BET');
  });
});
