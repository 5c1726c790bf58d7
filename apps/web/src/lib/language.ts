import { DEFAULT_LANGUAGE, type LanguageCode, SUPPORTED_LANGUAGES } from '@playfront/contract/constants';

/**
 * Language choice rules (spec section 4): the stored choice first, then the
 * browser's preferred languages matched against the brand's supported list by
 * their primary subtag (en-GB → EN), else the brand default (BN). Pure, so it
 * is tested without a browser; lib/i18n.ts feeds it storage and navigator.
 */
const isSupported = (code: string): code is LanguageCode => (SUPPORTED_LANGUAGES as readonly string[]).includes(code);

/** `en-GB` → `EN`; anything without a supported primary subtag → undefined. */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toUpperCase() ?? '';
  return isSupported(primary) ? primary : undefined;
}

export function detectLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): LanguageCode {
  const fromStorage = matchLanguage(stored);
  if (fromStorage) return fromStorage;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** Brand codes (BN, EN) ↔ i18next codes (bn, en). */
export const toI18n = (code: LanguageCode) => code.toLowerCase();
export const fromI18n = (lng: string | undefined): LanguageCode => matchLanguage(lng) ?? DEFAULT_LANGUAGE;
