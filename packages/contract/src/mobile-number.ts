/**
 * Mobile numbers as people type them (issue 22): "+880 1711-000001", "8801711000001", "01711 000001" and
 * "1711000001" are one number. Shared by the web (login and registration fields) and the server (login by the
 * mobile username, registration, SMS login), so both sides agree on the one form.
 */

/** Spaces, dashes, dots, brackets and the Unicode dashes a phone keyboard or a paste may bring. */
const SEPARATORS = /[\s\-.()\u2010-\u2015\u00a0]/g;
const BN_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Bengali digits to Latin digits (a Bengali keyboard types ০১৭…). */
export const latinDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(BN_DIGITS.indexOf(d)));

/**
 * The national number without leading zeros, from what was typed, for a country with `dialingCode` (like "+880")
 * whose national numbers have `minDigits`..`maxDigits` digits. The country code is dropped when typed with "+" or
 * "00", or without them when what is left is a whole national number. Answers null when the text is not a number
 * (letters, a "+" with another country's code, nothing left): callers then treat it as typed.
 */
export function normaliseMobile(typed: string, dialingCode: string, minDigits = 1, maxDigits = 15): string | null {
  const compact = latinDigits(typed.trim()).replace(SEPARATORS, '');
  if (!/^(\+|00)?[0-9]+$/.test(compact)) return null;
  const code = dialingCode.replace(/^\+/, '');
  let digits: string;
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const international = compact.replace(/^(\+|00)/, '');
    if (!code || !international.startsWith(code)) return null;
    digits = international.slice(code.length);
  } else if (code && compact.startsWith(code)) {
    // "8801711000001": the country code without "+", when the rest is a whole national number.
    const rest = compact.slice(code.length).replace(/^0+/, '');
    const whole = compact.replace(/^0+/, '');
    digits = whole.length > maxDigits && rest.length >= minDigits ? rest : compact;
  } else {
    digits = compact;
  }
  const national = digits.replace(/^0+/, '');
  return national.length > 0 ? national : null;
}

/** Whether a login name is a mobile number rather than a username (usernames start with a letter). */
export const looksLikeMobile = (typed: string) => /^(\+|00)?[0-9]+$/.test(latinDigits(typed.trim()).replace(SEPARATORS, ''));
