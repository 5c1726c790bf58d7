import { PATTERNS, type PatternId } from '@playfront/contract/registration-patterns';
import type { FieldRuleDto, RegistrationField, RegValidata, Whitelabel } from '@playfront/contract/system';
import { describe, expect, it } from 'vitest';
import { changePasswordSchema, passwordLoginSchema, registerSchema } from './form-rules.ts';
import {
  type Country,
  checkMobileDigits,
  codeCoversCaptcha,
  emptyRegisterValues,
  mobileAsSent,
  planRegister,
  type RegisterValues,
  registerProblems,
} from './register-plan.ts';

const rule = (patternId: PatternId, minLength: number, maxLength: number, show: boolean, required: boolean): FieldRuleDto => ({
  patternId,
  acceptedPattern: PATTERNS[patternId],
  minLength,
  maxLength,
  show,
  required,
});

// The shape of a brand's answer: every field named, most hidden.
const hidden = rule('ANY', 0, 255, false, false);
const RULES = {
  username: rule('LETTER_FIRST_ALNUM', 6, 11, true, true),
  password: rule('ALNUM_BOTH', 6, 20, true, true),
  confirmPassword: rule('ALNUM_BOTH', 6, 20, true, true),
  mobileNum: rule('DIGITS', 10, 11, true, false),
  verificationCode: rule('DIGITS', 4, 8, true, false),
  payeeName: rule('FULL_NAME', 3, 50, true, false),
  paymentPassword: rule('DIGITS', 6, 6, false, false),
  qqNum: hidden,
  line: hidden,
  whatsapp: rule('DIGITS', 8, 15, true, false),
  facebook: hidden,
  wechat: hidden,
  idNumber: hidden,
  email: rule('EMAIL', 6, 100, true, false),
  affiliateCode: rule('ALNUM', 4, 20, true, false),
  captcha: rule('ALNUM', 4, 6, true, true),
} satisfies Record<RegistrationField, FieldRuleDto> as RegValidata;

const flags = (on: Partial<Record<string, boolean>>): Whitelabel =>
  ({ flags: { USERNAMEREG3: true, MOBILENUMREG3: true, ...on }, features: {} }) as Whitelabel;
const COUNTRIES: Country[] = [
  { code: 'BD', dialingCode: '+880', minDigits: 10, maxDigits: 11 },
  { code: 'IN', dialingCode: '+91', minDigits: 10, maxDigits: 10 },
];
const valid = (over: Partial<RegisterValues> = {}): RegisterValues => ({
  ...emptyRegisterValues('+880'),
  username: 'player01',
  password: 'secret12',
  confirmPassword: 'secret12',
  captcha: 'AB12',
  terms: true,
  ageConfirmed: true,
  ...over,
});
const problemsOf = (values: RegisterValues, plan = planRegister('username', RULES, flags({ REGMOBVERF3: true }))) =>
  Object.fromEntries(registerProblems(values, plan, RULES, COUNTRIES).map((i) => [i.path, i.problem]));

describe('the registration form plan', () => {
  it('shows only the fields the rules mark shown, with the captcha and the mobile code', () => {
    const plan = planRegister('username', RULES, flags({ REGMOBVERF3: true }));
    expect(plan.username).toEqual({ shown: true, required: true });
    expect(plan.optional.map((o) => o.field)).toEqual(['payeeName', 'whatsapp', 'email', 'affiliateCode']);
    expect(plan.optional.every((o) => !o.required)).toBe(true);
    expect(plan.captcha).toEqual({ shown: true, required: true });
    expect(plan.verificationCode).toMatchObject({ shown: true, required: false, whenMobileTyped: true });
  });

  it('uses the mobile as the username in the mobile tab, and asks a password only with MOBILENUMPASSREG3', () => {
    const withPassword = planRegister('mobile', RULES, flags({ MOBILENUMPASSREG3: true, REGMOBVERF3: true }));
    expect(withPassword.username.shown).toBe(false);
    expect(withPassword.mobileNum).toEqual({ shown: true, required: true });
    expect(withPassword.verificationCode).toMatchObject({ shown: true, required: true });
    expect(withPassword.password.shown).toBe(true);
    expect(planRegister('mobile', RULES, flags({ MOBILENUMPASSREG3: false })).password.shown).toBe(false);
  });

  it('has no code field without SMS verification, and requires the payment password whenever it is shown', () => {
    const rules = { ...RULES, paymentPassword: rule('DIGITS', 6, 6, true, false) } as RegValidata;
    const plan = planRegister('username', rules, flags({ REGMOBVERF3: false }));
    expect(plan.verificationCode.shown).toBe(false);
    expect(plan.optional.find((o) => o.field === 'paymentPassword')).toEqual({ field: 'paymentPassword', required: true });
  });
});

describe('registration validation', () => {
  it('passes a complete form', () => {
    expect(problemsOf(valid())).toEqual({});
  });

  it('reports each rule with its length bounds and the terms inline', () => {
    const problems = problemsOf(valid({ username: '1abc', password: 'abcdefgh', confirmPassword: 'abcdefgh', terms: false, captcha: '' }));
    expect(problems.username).toEqual({ key: 'patterns.LETTER_FIRST_ALNUM', params: { min: 6, max: 11 } });
    expect(problems.password).toEqual({ key: 'patterns.ALNUM_BOTH', params: { min: 6, max: 20 } });
    expect(problems.terms).toEqual({ key: 'patterns.termsRequired' });
    expect(problems.captcha).toEqual({ key: 'patterns.captcha' });
  });

  it('asks for the brand’s minimum age with the message that names it: 18 by default, 21 when the brand sets it', () => {
    const plan = planRegister('username', RULES, flags({}));
    const of = (age?: number) =>
      Object.fromEntries(registerProblems(valid({ ageConfirmed: false }), plan, RULES, COUNTRIES, age).map((i) => [i.path, i.problem]));
    expect(of()).toEqual({ ageConfirmed: { key: 'patterns.age18Required' } });
    expect(of(18)).toEqual({ ageConfirmed: { key: 'patterns.age18Required' } });
    expect(of(21)).toEqual({ ageConfirmed: { key: 'patterns.age21Required' } });
    expect(registerProblems(valid(), plan, RULES, COUNTRIES, 21)).toEqual([]);
  });

  it("says 'Incorrect confirmation input' when the confirmation differs", () => {
    expect(problemsOf(valid({ confirmPassword: 'secret13' })).confirmPassword).toEqual({ key: 'patterns.confirmMismatch' });
  });

  it('checks optional fields only when filled, and then by their rule', () => {
    expect(problemsOf(valid({ email: 'not-an-email' })).email?.key).toBe('patterns.EMAIL');
    expect(problemsOf(valid({ payeeName: 'Rahim' })).payeeName?.key).toBe('patterns.FULL_NAME');
    expect(problemsOf(valid({ payeeName: 'Rahim Uddin', whatsapp: '01711000001' }))).toEqual({});
  });

  it('requires the SMS code once a mobile is typed, and checks the digits per country', () => {
    expect(problemsOf(valid({ mobileNum: '01711000009' })).verificationCode).toEqual({ key: 'patterns.verificationCode' });
    expect(problemsOf(valid({ mobileNum: '01711000009', verificationCode: '123456' }))).toEqual({});
    const india = problemsOf(valid({ countryDialingCode: '+91', mobileNum: '98765432101', verificationCode: '1234' }));
    expect(india.mobileNum).toEqual({ key: 'patterns.mobileDigits', params: { min: 10, max: 10 } });
  });

  it('asks the captcha once: not on submit when the SMS code of this registration stands for it (issue 22)', () => {
    const usernameTab = planRegister('username', RULES, flags({ REGMOBVERF3: true }));
    // A number typed: the code goes with it, and the captcha was answered to get the code.
    expect(codeCoversCaptcha(usernameTab, '01711000009')).toBe(true);
    expect(problemsOf(valid({ mobileNum: '01711000009', verificationCode: '123456', captcha: '' }))).toEqual({});
    // No number: no code, so the brand's captcha is asked on submit.
    expect(codeCoversCaptcha(usernameTab, '  ')).toBe(false);
    expect(problemsOf(valid({ captcha: '' })).captcha).toEqual({ key: 'patterns.captcha' });
    // The mobile tab always has a code; without SMS verification the captcha stays on the form.
    const mobileTab = planRegister('mobile', RULES, flags({ REGMOBVERF3: true, MOBILENUMPASSREG3: true }));
    expect(codeCoversCaptcha(mobileTab, '')).toBe(true);
    expect(codeCoversCaptcha(planRegister('username', RULES, flags({ REGMOBVERF3: false })), '01711000009')).toBe(false);
  });

  it('feeds react-hook-form through zod with encoded messages', () => {
    const result = registerSchema(planRegister('username', RULES, flags({})), RULES, COUNTRIES).safeParse(valid({ username: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['username', 'patterns:required']]);
  });
});

describe('other account forms', () => {
  it('mobile digits: leading zeros may be typed or left out', () => {
    const bd = COUNTRIES[0];
    expect(checkMobileDigits('01711000001', bd)).toBeNull();
    expect(checkMobileDigits('1711000001', bd)).toBeNull();
    expect(checkMobileDigits('17110', bd)).toEqual({ key: 'patterns.mobileDigits', params: { min: 10, max: 11 } });
    expect(checkMobileDigits('17110abc01', bd)?.key).toBe('patterns.mobileDigits');
  });

  it('mobile numbers typed with +880, 880, 00880, spaces or dashes are one number (issue 22)', () => {
    const bd = COUNTRIES[0];
    for (const typed of ['+880 1711-000001', '8801711000001', '00880 1711 000001', '017-1100-0001', '০১৭১১০০০০০১']) {
      expect(checkMobileDigits(typed, bd), typed).toBeNull();
      expect(mobileAsSent(typed, bd), typed).toBe('1711000001');
    }
    expect(mobileAsSent('+91 98765 43210', bd)).toBe('+91 98765 43210');
    expect(checkMobileDigits('+91 98765 43210', bd)?.key).toBe('patterns.mobileDigits');
  });

  it('login needs the captcha only once the server asked for it', () => {
    const values = { username: 'demomember', password: 'demo1234', captcha: '', verificationCode: '', remember: false };
    expect(passwordLoginSchema({ captcha: false, verification: false }).safeParse(values).success).toBe(true);
    const withCaptcha = passwordLoginSchema({ captcha: true, verification: false }).safeParse(values);
    expect(withCaptcha.error?.issues.map((i) => i.message)).toEqual(['patterns:captcha']);
  });

  it('a password change does not ask the old password when it is known, and applies the password rule', () => {
    const values = { oldPassword: '', newPassword: 'short', confirmNewPassword: 'short' };
    const forced = changePasswordSchema(RULES, false).safeParse(values);
    expect(forced.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['newPassword', 'patterns:ALNUM_BOTH?min=6&max=20']]);
    const normal = changePasswordSchema(RULES, true).safeParse({ ...values, newPassword: 'better12', confirmNewPassword: 'better13' });
    expect(normal.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['oldPassword', 'patterns:required'],
      ['confirmNewPassword', 'patterns:confirmMismatch'],
    ]);
  });
});
