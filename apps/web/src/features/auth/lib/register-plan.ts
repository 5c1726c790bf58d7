import { normaliseMobile } from '@playfront/contract/mobile-number';
import {
  type FieldProblem,
  type FieldRule,
  OPTIONAL_REGISTRATION_FIELDS,
  type PatternId,
  validateField,
} from '@playfront/contract/registration-patterns';
import type { FieldRuleDto, RegisterSettings, RegistrationField, RegValidata, Whitelabel } from '@playfront/contract/system';

/**
 * What the registration form needs to draw itself, with no zod in it: which fields a tab shows and requires, the
 * empty values, and every problem of a filled form (the field checks are the contract's `validateField`, the very
 * function the server runs). The form's resolver (form-rules.ts `registerSchema`, with zod) is fetched at its first
 * check; opening the popup runs none of it (issue 19).
 */

export const REQUIRED: FieldProblem = { key: 'patterns.required' };
export const CONFIRM_MISMATCH: FieldProblem = { key: 'patterns.confirmMismatch' };

export type Country = RegisterSettings['countries'][number];
export type RegisterMode = 'username' | 'mobile';

const asRule = (dto: FieldRuleDto): FieldRule => ({
  patternId: dto.patternId as PatternId,
  acceptedPattern: dto.acceptedPattern,
  minLength: dto.minLength,
  maxLength: dto.maxLength,
});

/** Empty → the "empty" message when required; otherwise the rule's pattern and length. */
export function checkValue(value: string, required: boolean, rule: FieldRuleDto | undefined, emptyKey = REQUIRED): FieldProblem | null {
  if (value === '') return required ? emptyKey : null;
  return rule ? validateField(asRule(rule), value) : null;
}

/**
 * Mobile digits for the chosen country. Leading zeros are not part of the
 * number (01711… and 1711… are one number), so either length may fit, as on the server.
 */
export function checkMobileDigits(typed: string, country: Country | undefined): FieldProblem | null {
  const min = country?.minDigits ?? 6;
  const max = country?.maxDigits ?? 15;
  const value = mobileAsSent(typed, country);
  const national = value.replace(/^0+/, '');
  const fits = (n: number) => n >= min && n <= max;
  if (!/^[0-9]+$/.test(value) || national === '' || !(fits(value.length) || fits(national.length))) {
    return { key: 'patterns.mobileDigits', params: { min, max } };
  }
  return null;
}

/**
 * The number as sent to the server (issue 22): "+880 1711-000001", "8801711000001" and "01711 000001" all become
 * "1711000001" for Bangladesh, as the server normalises them; text that is not a number of that country stays as
 * typed, so its error names the real problem.
 */
export function mobileAsSent(typed: string, country: Pick<Country, 'dialingCode' | 'minDigits' | 'maxDigits'> | undefined): string {
  const trimmed = typed.trim();
  if (!country) return trimmed;
  return normaliseMobile(trimmed, country.dialingCode, country.minDigits, country.maxDigits) ?? trimmed;
}

/** A field's problem, under the field's name. */
export type Issue = { path: string; problem: FieldProblem };

// ---- registration --------------------------------------------------------

/** Optional registration fields the brand may show, in the order of spec section 2. */
export const OPTIONAL_FIELDS = OPTIONAL_REGISTRATION_FIELDS;
export type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export type FieldPlan = { shown: boolean; required: boolean };
export type RegisterPlan = {
  mode: RegisterMode;
  username: FieldPlan;
  password: FieldPlan;
  confirmPassword: FieldPlan;
  mobileNum: FieldPlan;
  /** Required only once a mobile number is typed, in username registration. */
  verificationCode: FieldPlan & { whenMobileTyped: boolean };
  optional: { field: OptionalField; required: boolean }[];
  captcha: FieldPlan;
};

/**
 * Which fields a registration tab shows and which are required (spec section
 * 5), mirroring the server: username and password are always asked in
 * username registration; the mobile tab uses the number as the username and
 * asks a password only with MOBILENUMPASSREG3; the SMS code goes with the
 * mobile when REGMOBVERF3 is on; the payment password is required when shown;
 * every other field follows its rule's show/required.
 */
export function planRegister(mode: RegisterMode, rules: RegValidata, whitelabel: Whitelabel): RegisterPlan {
  const rule = (field: RegistrationField) => rules[field];
  const shownByRule = (field: RegistrationField) => Boolean(rule(field)?.show);
  const passwordShown = mode === 'username' || Boolean(whitelabel.flags.MOBILENUMPASSREG3);
  const mobileShown = mode === 'mobile' || shownByRule('mobileNum');
  const codeShown = mobileShown && Boolean(whitelabel.flags.REGMOBVERF3);
  return {
    mode,
    username: { shown: mode === 'username', required: mode === 'username' },
    password: { shown: passwordShown, required: passwordShown },
    confirmPassword: { shown: passwordShown, required: passwordShown },
    mobileNum: { shown: mobileShown, required: mode === 'mobile' || Boolean(rule('mobileNum')?.required && mobileShown) },
    verificationCode: { shown: codeShown, required: codeShown && mode === 'mobile', whenMobileTyped: codeShown && mode === 'username' },
    optional: OPTIONAL_FIELDS.filter(shownByRule).map((field) => ({
      field,
      required: field === 'paymentPassword' || Boolean(rule(field)?.required),
    })),
    captcha: { shown: shownByRule('captcha'), required: shownByRule('captcha') && Boolean(rule('captcha')?.required) },
  };
}

export type RegisterValues = {
  username: string;
  password: string;
  confirmPassword: string;
  countryDialingCode: string;
  mobileNum: string;
  verificationCode: string;
  captcha: string;
  terms: boolean;
  /** The brand's minimum age (18 or 21) confirmed: its own box, with the spec's message naming the age. */
  ageConfirmed: boolean;
} & Record<OptionalField, string>;

export const emptyRegisterValues = (countryDialingCode: string): RegisterValues => ({
  username: '',
  password: '',
  confirmPassword: '',
  countryDialingCode,
  mobileNum: '',
  verificationCode: '',
  captcha: '',
  terms: false,
  ageConfirmed: false,
  ...(Object.fromEntries(OPTIONAL_FIELDS.map((f) => [f, ''])) as Record<OptionalField, string>),
});

/**
 * Whether this registration's SMS code stands for its captcha (issue 22): the captcha is answered once, to get the
 * code, when a code is part of the registration (mobile tab, or a number typed where the code follows the mobile).
 * The server decides the same way (registration.service.ts).
 */
export function codeCoversCaptcha(plan: RegisterPlan, mobileTyped: string): boolean {
  return plan.verificationCode.shown && (plan.verificationCode.required || mobileTyped.trim() !== '');
}

/** The spec's message when the age box is not ticked: "Please confirm you are 21 years old." or the 18-year one. */
export const ageConfirmationKey = (minimumAge: number) => (minimumAge >= 21 ? 'patterns.age21Required' : 'patterns.age18Required');

/** Every problem of a registration form, by field (pure: the unit tests call it directly). */
export function registerProblems(
  values: RegisterValues,
  plan: RegisterPlan,
  rules: RegValidata,
  countries: Country[],
  minimumAge = 18,
): Issue[] {
  const issues: Issue[] = [];
  const check = (path: string, problem: FieldProblem | null) => {
    if (problem) issues.push({ path, problem });
  };
  if (plan.username.shown) check('username', checkValue(values.username.trim(), true, rules.username));
  if (plan.password.shown) {
    check('password', checkValue(values.password, plan.password.required, rules.password));
    if (values.confirmPassword === '') check('confirmPassword', plan.confirmPassword.required ? REQUIRED : null);
    else if (values.confirmPassword !== values.password) check('confirmPassword', CONFIRM_MISMATCH);
  }
  const country = countries.find((c) => c.dialingCode === values.countryDialingCode);
  const mobile = mobileAsSent(values.mobileNum, country);
  if (plan.mobileNum.shown) {
    const byRule = checkValue(mobile, plan.mobileNum.required, rules.mobileNum);
    check('mobileNum', byRule ?? (mobile === '' ? null : checkMobileDigits(mobile, country)));
  }
  if (plan.verificationCode.shown) {
    const required = plan.verificationCode.required || (plan.verificationCode.whenMobileTyped && mobile !== '');
    check(
      'verificationCode',
      checkValue(values.verificationCode.trim(), required, rules.verificationCode, { key: 'patterns.verificationCode' }),
    );
  }
  for (const { field, required } of plan.optional) check(field, checkValue(values[field].trim(), required, rules[field]));
  if (plan.captcha.shown && !codeCoversCaptcha(plan, mobile))
    check('captcha', checkValue(values.captcha.trim(), plan.captcha.required, rules.captcha, { key: 'patterns.captcha' }));
  if (!values.ageConfirmed) check('ageConfirmed', { key: ageConfirmationKey(minimumAge) });
  if (!values.terms) check('terms', { key: 'patterns.termsRequired' });
  return issues;
}
