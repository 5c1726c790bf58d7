import type { FieldProblem } from '@playfront/contract/registration-patterns';
import type { Db } from '../../db/database.ts';

/**
 * Mobile numbers: the country's dialing code from the brand's list plus the
 * national number. The digit count is per country (`country_dialing`), and
 * the stored form drops leading zeros, so 01711000001 and 1711000001 are one
 * number (as the spec's mobile registration username is).
 */
export type Mobile = { dialingCode: string; national: string; e164: string };

export type CheckedMobile = { ok: true; mobile: Mobile } | { ok: false; field: 'mobileNum' | 'countryDialingCode'; problem: FieldProblem };

export const stripLeadingZeros = (digits: string) => digits.replace(/^0+/, '');

export async function checkMobile(db: Db, brandId: number, dialingCode: string | undefined, typed: string): Promise<CheckedMobile> {
  const country = dialingCode
    ? await db
        .selectFrom('country_dialing')
        .select(['dialing_code', 'min_digits', 'max_digits'])
        .where('brand_id', '=', brandId)
        .where('dialing_code', '=', dialingCode)
        .executeTakeFirst()
    : undefined;
  if (!country) return { ok: false, field: 'countryDialingCode', problem: { key: 'patterns.countryDialingCode' } };
  const digits = typed.trim();
  const national = stripLeadingZeros(digits);
  const within = (n: number) => n >= country.min_digits && n <= country.max_digits;
  if (!/^[0-9]+$/.test(digits) || national.length === 0 || !(within(digits.length) || within(national.length))) {
    return {
      ok: false,
      field: 'mobileNum',
      problem: { key: 'patterns.mobileDigits', params: { min: country.min_digits, max: country.max_digits } },
    };
  }
  return { ok: true, mobile: { dialingCode: country.dialing_code, national, e164: `${country.dialing_code}${national}` } };
}
