import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
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
  const locale = lang === 'BN' ? 'bn-BD-u-nu-latn' : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    lang,
    money: (minor: string | bigint) => formatMoney(minor, { symbol }),
    day: (iso: string) => day.format(new Date(iso)),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
  };
}
