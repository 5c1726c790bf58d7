import { DEFAULT_LANGUAGE, type LanguageCode } from '@playfront/contract/constants';
import { matchLanguage } from '@playfront/contract/language';

// The language choice rule (stored choice, then the browser's languages, then BN) is shared with the server.
export { detectLanguage, matchLanguage } from '@playfront/contract/language';

/** Brand codes (BN, EN) ↔ i18next codes (bn, en). */
export const toI18n = (code: LanguageCode) => code.toLowerCase();
export const fromI18n = (lng: string | undefined): LanguageCode => matchLanguage(lng) ?? DEFAULT_LANGUAGE;
