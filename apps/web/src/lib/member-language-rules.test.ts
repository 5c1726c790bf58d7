import { describe, expect, it } from 'vitest';
import { languageToApply, savesToAccount } from './member-language-rules.ts';

describe('language saved to the account', () => {
  it('applies the saved language after login when another one is showing, else changes nothing', () => {
    expect(languageToApply('EN', 'BN')).toBe('EN');
    expect(languageToApply('BN', 'EN')).toBe('BN');
    expect(languageToApply('EN', 'EN')).toBeNull();
    expect(languageToApply(null, 'EN')).toBeNull();
    expect(languageToApply(undefined, 'BN')).toBeNull();
  });

  it('saves the choice only for a logged-in real member', () => {
    expect(savesToAccount({ token: 'tok-0123456789abcdef', loggedIn: true, isTrial: false })).toBe(true);
    expect(savesToAccount({ token: 'tok-0123456789abcdef', loggedIn: true, isTrial: true })).toBe(false);
    expect(savesToAccount({ token: null, loggedIn: false, isTrial: false })).toBe(false);
    // A token whose member info has not confirmed it yet.
    expect(savesToAccount({ token: 'tok-0123456789abcdef', loggedIn: false, isTrial: false })).toBe(false);
  });
});
