import { DEFAULT_LANGUAGE, type LanguageCode, SUPPORTED_LANGUAGES } from './constants.ts';

/**
 * Language choice rules (spec section 4): the stored choice first, then the
 * browser's preferred languages matched against the brand's supported list by
 * their primary subtag (en-GB → EN), else the brand default (BN). Pure, so it
 * is tested without a browser; the web feeds it storage and navigator.languages, the server its
 * `lang` cookie and Accept-Language (the boot screen of the home page).
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

/** `en-GB,en;q=0.9,bn;q=0.8` → `['en-GB', 'en', 'bn']`, most preferred first (an Accept-Language header). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
