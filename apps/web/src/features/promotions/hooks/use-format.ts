import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/date-format.ts';
import { formatMoney } from '../../../lib/format.ts';
import { fromI18n } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/permission.ts';

/**
 * The page language (query keys include it: titles come in it), money with the brand's symbol, and dates in the
 * page language with Latin digits, like the amounts.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang: LanguageCode = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  const symbol = usePermission().data?.brand.currencySymbol ?? '';
  return {
    lang,
    money: (minor: string | bigint) => formatMoney(minor, { symbol }),
    day: (iso: string) => formatDate(iso, lang),
    dateTime: (iso: string) => formatDateTime(iso, lang),
  };
}
