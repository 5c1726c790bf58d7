import { normaliseMobile } from '@playfront/contract/mobile-number';
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
  // One form for "+880 1711-000001", "8801711000001", "01711000001" (issue 22); the count allows the trunk 0.
  const national = normaliseMobile(typed, country.dialing_code, country.min_digits, country.max_digits) ?? '';
  const within = (n: number) => n >= country.min_digits && n <= country.max_digits;
  if (national.length === 0 || !(within(national.length) || within(national.length + 1))) {
    return {
      ok: false,
      field: 'mobileNum',
      problem: { key: 'patterns.mobileDigits', params: { min: country.min_digits, max: country.max_digits } },
    };
  }
  return { ok: true, mobile: { dialingCode: country.dialing_code, national, e164: `${country.dialing_code}${national}` } };
}
