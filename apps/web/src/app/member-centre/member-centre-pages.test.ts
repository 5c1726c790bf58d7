import { describe, expect, it } from 'vitest';
import { memberPageOf } from './member-centre-pages.ts';

describe('member centre page from the address', () => {
  it('takes the spec page names, and the header’s older tab names', () => {
    expect(memberPageOf(new URLSearchParams('page=depositv2&order=D123'))).toBe('depositv2');
    expect(memberPageOf(new URLSearchParams('page=messageV2'))).toBe('messageV2');
    expect(memberPageOf(new URLSearchParams('tab=deposit'))).toBe('depositv2');
    expect(memberPageOf(new URLSearchParams('tab=withdraw'))).toBe('withdraw');
  });

  it('falls back to the wallet overview for anything else', () => {
    expect(memberPageOf(new URLSearchParams(''))).toBe('transferFund');
    expect(memberPageOf(new URLSearchParams('page=../../admin'))).toBe('transferFund');
    expect(memberPageOf(new URLSearchParams('tab=nope'))).toBe('transferFund');
  });
});
