import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { fromI18n } from '../../../lib/i18n.ts';

/** The current language code, re-rendering on a switch (query keys include it). */
export function useLang(): LanguageCode {
  const { i18n } = useTranslation();
  return fromI18n(i18n.resolvedLanguage ?? i18n.language);
}
