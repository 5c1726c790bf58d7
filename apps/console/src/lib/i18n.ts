import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
// The error texts are the member site's catalogue: one place per error code (packages/contract/src/errors.ts keys).
import bnErrors from '../../../web/src/i18n/locales/bn/errors.json';
import enErrors from '../../../web/src/i18n/locales/en/errors.json';
import bn from '../i18n/bn.json';
import en from '../i18n/en.json';

export const CONSOLE_LANGUAGES = ['en', 'bn'] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];
const LANG_KEY = 'console.lang';

/** Stored choice, else the browser's first of EN/BN, else English (staff tools default to it). */
export function pickLanguage(stored: string | null, browser: readonly string[]): ConsoleLanguage {
  if (stored === 'en' || stored === 'bn') return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'bn') return base;
  }
  return 'en';
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

export const i18nReady = i18next.use(initReactI18next).init({
  lng: pickLanguage(storedLanguage(), typeof navigator === 'undefined' ? [] : navigator.languages),
  fallbackLng: 'en',
  supportedLngs: CONSOLE_LANGUAGES,
  defaultNS: 'console',
  ns: ['console', 'errors'],
  resources: {
    en: { console: en, errors: enErrors },
    bn: { console: bn, errors: bnErrors },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const currentLanguage = (): ConsoleLanguage => (i18next.resolvedLanguage === 'bn' ? 'bn' : 'en');

export function setLanguage(language: ConsoleLanguage) {
  try {
    localStorage.setItem(LANG_KEY, language);
  } catch {
    // not remembered
  }
  document.documentElement.setAttribute('lang', language);
  void i18next.changeLanguage(language);
}

/** The text for a server message key (`errors.xxx`); unknown keys fall back to the generic error. */
export function errorText(messageKey: string): string {
  const key = messageKey.replace('.', ':');
  return i18next.exists(key) ? i18next.t(key) : i18next.t('errors:unknown');
}

export default i18next;
