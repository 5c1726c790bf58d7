import { DEFAULT_LANGUAGE, type LanguageCode, SUPPORTED_LANGUAGES } from '@playfront/contract/constants';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES_AT_BOOT } from '../i18n/boot-namespaces.ts';
import { detectLanguage, fromI18n, toI18n } from './language.ts';
import { cookies, local, PREFERENCE_COOKIE_MS } from './storage.ts';

/**
 * i18n: one JSON file per language and namespace under `src/i18n/locales/<lng>/<ns>.json`.
 * English is the typed key source (see i18next.d.ts). Only the active language's
 * files are fetched, as lazy chunks, so adding one of the ~40 catalogue languages
 * is adding a folder; the brand decides which are offered (SUPPORTED_LANGUAGES). The namespaces read at start are
 * NAMESPACES_AT_BOOT (one file per language in the build); screens load their own on demand.
 */

/** Languages whose catalogues hold every key (the EN/BN parity test), so they need no fallback. */
const COMPLETE_LANGUAGES: string[] = ['en', 'bn'];

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/*.json');

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogues[`../i18n/locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

export { fromI18n, toI18n };

/**
 * Stored choice first; else the browser's preferred languages against the
 * supported list; else the brand default (BN). The rule is the pure
 * `detectLanguage` (language.ts, unit-tested); it replaces
 * i18next-browser-languagedetector, whose only remaining job was to call it
 * (~2 kB gzip less in the first bundle).
 */
const detected = toI18n(detectLanguage(local.get('lang'), typeof navigator === 'undefined' ? [] : navigator.languages));

/** The language this visit starts in, known before the catalogues have loaded. */
export const startLanguage = (): LanguageCode => fromI18n(detected);

/** Tells the server the page's language: its next visit's boot screen shows the first banner in it. */
const rememberForServer = (code: LanguageCode) => cookies.set(COOKIE_KEYS.language, code, PREFERENCE_COOKIE_MS);
rememberForServer(startLanguage());

export const i18nReady = i18next
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: detected,
    supportedLngs: SUPPORTED_LANGUAGES.map(toI18n),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // EN and BN are complete (a test checks key parity), so they fetch no fallback catalogue;
    // any other language falls back to the brand default.
    fallbackLng: (code: string) => (COMPLETE_LANGUAGES.includes(code) ? [] : [toI18n(DEFAULT_LANGUAGE)]),
    ns: [...NAMESPACES_AT_BOOT],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** Switch language and remember it: `lang` is the choice, `hisLang` the one before it. */
export async function changeLanguage(code: LanguageCode) {
  const previous = local.get('lang');
  if (previous && previous !== code) local.set('hisLang', previous);
  local.set('lang', code);
  rememberForServer(code);
  await i18next.changeLanguage(toI18n(code));
}

export const currentLanguage = (): LanguageCode => fromI18n(i18next.resolvedLanguage ?? i18next.language);

/** Server messages are catalogue keys like `errors.notLoggedIn`: the first segment is the namespace. */
export const serverKey = (key: string) => key.replace('.', ':');

export default i18next;
