import { describe, expect, it } from 'vitest';
import { detectLanguage, fromI18n, matchLanguage } from './language.ts';

describe('language detection', () => {
  it('prefers the stored choice over the browser', () => {
    expect(detectLanguage('EN', ['bn-BD'])).toBe('EN');
    expect(detectLanguage('BN', ['en-US', 'en'])).toBe('BN');
  });

  it('ignores a stored value the brand does not offer', () => {
    expect(detectLanguage('FR', ['en-US'])).toBe('EN');
    expect(detectLanguage('', ['en-US'])).toBe('EN');
  });

  it('matches the browser languages by primary subtag, in order of preference', () => {
    expect(detectLanguage(null, ['en-GB', 'bn'])).toBe('EN');
    expect(detectLanguage(null, ['bn-IN', 'en'])).toBe('BN');
    expect(detectLanguage(null, ['fr-FR', 'fr', 'en-US'])).toBe('EN');
  });

  it('falls back to Bengali when nothing matches', () => {
    expect(detectLanguage(null, ['fr-FR', 'fr'])).toBe('BN');
    expect(detectLanguage(null, [])).toBe('BN');
  });

  it('maps i18next codes back to brand codes', () => {
    expect(fromI18n('en')).toBe('EN');
    expect(fromI18n('en-US')).toBe('EN');
    expect(fromI18n('de')).toBe('BN');
    expect(fromI18n(undefined)).toBe('BN');
    expect(matchLanguage('eng')).toBeUndefined();
  });
});
