import type { LanguageCode } from '@playfront/contract/constants';
import { useTranslation } from 'react-i18next';
import { fromI18n } from './language.ts';

/**
 * One rule for dates, times and counts per language (issue 22): English shows "24 Nov 2026, 18:00" in Latin
 * digits; Bengali shows "২৪ নভে ২০২৬, ১৮:০০" in Bengali digits, as the banners do. A 24-hour clock in both, so
 * no Latin "AM/PM" sits inside a Bengali date. Money is not formatted here: amounts keep Latin digits in every
 * language (lib/format.ts), as Bangladeshi banking sites show them.
 *
 * Written by hand, not with Intl.DateTimeFormat: a page's first formatter costs ~25 ms of main thread (~100 ms
 * on a phone), and dates show on the first screen (hot matches). Times are in the visitor's own time zone.
 */
const MONTHS: Record<LanguageCode, readonly string[]> = {
  EN: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  BN: ['জানু', 'ফেব্রু', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুলা', 'আগ', 'সেপ্টে', 'অক্টো', 'নভে', 'ডিসে'],
};

/** Short weekday names from Sunday, as Intl writes them (en-GB, bn-BD `weekday: 'short'`). */
const WEEKDAYS: Record<LanguageCode, readonly string[]> = {
  EN: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  BN: ['রবি', 'সোম', 'মঙ্গল', 'বুধ', 'বৃহস্পতি', 'শুক্র', 'শনি'],
};

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** The digits of a number or a digit string in the language's script: `localDigits(2026, 'BN')` → `২০২৬`. */
export function localDigits(value: number | string, lang: LanguageCode): string {
  const text = String(value);
  return lang === 'BN' ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d) : text;
}

type DateInput = Date | string | number;
/** `utc`: read the date in UTC (a brand day `YYYY-MM-DD` carries no zone); `seconds`: show them. */
export type DateFormatOptions = { utc?: boolean; seconds?: boolean };

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));
const pad = (n: number) => String(n).padStart(2, '0');
const parts = (d: Date, utc: boolean) =>
  utc
    ? { y: d.getUTCFullYear(), m: d.getUTCMonth(), day: d.getUTCDate(), h: d.getUTCHours(), min: d.getUTCMinutes(), s: d.getUTCSeconds() }
    : { y: d.getFullYear(), m: d.getMonth(), day: d.getDate(), h: d.getHours(), min: d.getMinutes(), s: d.getSeconds() };

/** "24 Nov 2026" / "২৪ নভে ২০২৬"; an invalid date gives "" rather than "NaN". */
export function formatDate(value: DateInput, lang: LanguageCode, options: DateFormatOptions = {}): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = parts(d, options.utc ?? false);
  return localDigits(`${p.day} ${MONTHS[lang][p.m]} ${p.y}`, lang);
}

/** "18:05" / "১৮:০৫" (with seconds when asked: "18:05:09"). */
export function formatTime(value: DateInput, lang: LanguageCode, options: DateFormatOptions = {}): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = parts(d, options.utc ?? false);
  return localDigits(`${pad(p.h)}:${pad(p.min)}${options.seconds ? `:${pad(p.s)}` : ''}`, lang);
}

/** "Tue 18:05" / "মঙ্গল ১৮:০৫": a time within the coming week. */
export function formatWeekdayTime(value: DateInput, lang: LanguageCode): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${WEEKDAYS[lang][d.getDay()]} ${formatTime(d, lang)}`;
}

/** "24 Nov 2026, 18:05" / "২৪ নভে ২০২৬, ১৮:০৫". */
export function formatDateTime(value: DateInput, lang: LanguageCode, options: DateFormatOptions = {}): string {
  const date = formatDate(value, lang, options);
  return date && `${date}, ${formatTime(value, lang, options)}`;
}

/** A brand day `YYYY-MM-DD` as a date, with no time-zone shift: "2026-11-24" → "24 Nov 2026". */
export const formatDay = (day: string, lang: LanguageCode) => formatDate(`${day}T00:00:00Z`, lang, { utc: true });

/** The page language's date formatting, for components (the language follows the language switch). */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const lang = fromI18n(i18n.resolvedLanguage ?? i18n.language);
  return {
    lang,
    date: (value: DateInput) => formatDate(value, lang),
    time: (value: DateInput) => formatTime(value, lang),
    dateTime: (value: DateInput) => formatDateTime(value, lang),
    day: (day: string) => formatDay(day, lang),
  };
}
