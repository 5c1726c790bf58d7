import type { FieldProblem } from '@playfront/contract/registration-patterns';
import { PATTERNS } from '@playfront/contract/registration-patterns';
import type { FieldRuleDto, RegValidata } from '@playfront/contract/system';
import { z } from 'zod';
import { encodeProblem } from './field-problem.ts';
import {
  CONFIRM_MISMATCH,
  type Country,
  checkMobileDigits,
  checkValue,
  type Issue,
  OPTIONAL_FIELDS,
  type OptionalField,
  REQUIRED,
  type RegisterPlan,
  registerProblems,
} from './register-plan.ts';

/**
 * Client-side validation of the account forms, built from what the server
 * serves (regValidata rules, register settings, whitelabel flags) and checked
 * with the contract's `validateField`, the very function the server runs.
 * Each builder returns a zod schema for react-hook-form's zodResolver; the
 * issue message is an encoded catalogue key (see field-problem.ts). The forms
 * fetch this module at their first check (lazy-resolver.ts); what a form needs
 * to draw itself lives in the zod-free register-plan.ts.
 */

function addIssues(ctx: z.RefinementCtx, issues: Issue[]) {
  for (const { path, problem } of issues) ctx.addIssue({ code: 'custom', path: [path], message: encodeProblem(problem) });
}

const text = z.string();

// ---- registration --------------------------------------------------------

/** The registration form's schema: every problem registerProblems finds, under its field. */
export function registerSchema(plan: RegisterPlan, rules: RegValidata, countries: Country[], minimumAge = 18) {
  return z
    .object({
      username: text,
      password: text,
      confirmPassword: text,
      countryDialingCode: text,
      mobileNum: text,
      verificationCode: text,
      captcha: text,
      terms: z.boolean(),
      ageConfirmed: z.boolean(),
      ...(Object.fromEntries(OPTIONAL_FIELDS.map((f) => [f, text])) as Record<OptionalField, typeof text>),
    })
    .superRefine((values, ctx) => addIssues(ctx, registerProblems(values, plan, rules, countries, minimumAge)));
}

// ---- login ---------------------------------------------------------------

export type PasswordLoginValues = { username: string; password: string; captcha: string; verificationCode: string; remember: boolean };

/** Username and password required; the captcha once shown; the code in the second (new IP) step. */
export function passwordLoginSchema(options: { captcha: boolean; verification: boolean }) {
  return z
    .object({ username: text, password: text, captcha: text, verificationCode: text, remember: z.boolean() })
    .superRefine((v, ctx) => {
      const issues: Issue[] = [];
      if (v.username.trim() === '') issues.push({ path: 'username', problem: REQUIRED });
      if (v.password === '') issues.push({ path: 'password', problem: REQUIRED });
      if (options.captcha && v.captcha.trim() === '') issues.push({ path: 'captcha', problem: { key: 'patterns.captcha' } });
      if (options.verification && v.verificationCode.trim() === '') {
        issues.push({ path: 'verificationCode', problem: { key: 'patterns.verificationCode' } });
      }
      addIssues(ctx, issues);
    });
}

export type MobileCodeValues = { countryDialingCode: string; mobileNum: string; verificationCode: string; captcha: string };

/** The mobile number alone: checked before a code is requested. */
export function mobileProblem(countryDialingCode: string, mobileNum: string, countries: Country[]): FieldProblem | null {
  const mobile = mobileNum.trim();
  if (mobile === '') return REQUIRED;
  return checkMobileDigits(
    mobile,
    countries.find((c) => c.dialingCode === countryDialingCode),
  );
}

export type SmsLoginValues = MobileCodeValues & { remember: boolean };

/** SMS login: a valid mobile number and the code (the captcha only guards the code request). */
export function smsLoginSchema(countries: Country[]) {
  return z
    .object({ countryDialingCode: text, mobileNum: text, verificationCode: text, captcha: text, remember: z.boolean() })
    .superRefine((v, ctx) => {
      const issues: Issue[] = [];
      const mobile = mobileProblem(v.countryDialingCode, v.mobileNum, countries);
      if (mobile) issues.push({ path: 'mobileNum', problem: mobile });
      if (v.verificationCode.trim() === '') issues.push({ path: 'verificationCode', problem: { key: 'patterns.verificationCode' } });
      addIssues(ctx, issues);
    });
}

// ---- passwords -----------------------------------------------------------

export type ChangePasswordValues = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Old password unless already known (forced change after login); the new one by the brand's password rule; confirmation equal. */
export function changePasswordSchema(rules: RegValidata | undefined, askOld: boolean) {
  return z.object({ oldPassword: text, newPassword: text, confirmNewPassword: text }).superRefine((v, ctx) => {
    const issues: Issue[] = [];
    if (askOld && v.oldPassword === '') issues.push({ path: 'oldPassword', problem: REQUIRED });
    const problem = checkValue(v.newPassword, true, rules?.password);
    if (problem) issues.push({ path: 'newPassword', problem });
    if (v.confirmNewPassword === '') issues.push({ path: 'confirmNewPassword', problem: REQUIRED });
    else if (v.confirmNewPassword !== v.newPassword) issues.push({ path: 'confirmNewPassword', problem: CONFIRM_MISMATCH });
    addIssues(ctx, issues);
  });
}

export type ForgotEmailValues = { username: string; email: string };

const EMAIL_RULE: FieldRuleDto = {
  patternId: 'EMAIL',
  acceptedPattern: PATTERNS.EMAIL,
  minLength: 3,
  maxLength: 255,
  show: true,
  required: true,
};

/** Username by the username rule; a valid e-mail address. */
export function forgotEmailSchema(rules: RegValidata | undefined) {
  return z.object({ username: text, email: text }).superRefine((v, ctx) => {
    const issues: Issue[] = [];
    const username = checkValue(v.username.trim(), true, rules?.username);
    if (username) issues.push({ path: 'username', problem: username });
    const email = checkValue(v.email.trim(), true, { ...EMAIL_RULE, minLength: rules?.email?.minLength ?? 3 });
    if (email) issues.push({ path: 'email', problem: email });
    addIssues(ctx, issues);
  });
}

export type ResetCodeValues = { username: string; verificationCode: string; newPassword: string };

/** The e-mailed code and a new password by the password rule. */
export function resetByEmailSchema(rules: RegValidata | undefined) {
  return z.object({ username: text, verificationCode: text, newPassword: text }).superRefine((v, ctx) => {
    const issues: Issue[] = [];
    if (v.username.trim() === '') issues.push({ path: 'username', problem: REQUIRED });
    if (v.verificationCode.trim() === '') issues.push({ path: 'verificationCode', problem: { key: 'patterns.verificationCode' } });
    const password = checkValue(v.newPassword, true, rules?.password);
    if (password) issues.push({ path: 'newPassword', problem: password });
    addIssues(ctx, issues);
  });
}

export type ResetPhoneValues = MobileCodeValues & { newPassword: string };

/** Mobile, code and a new password by the password rule. */
export function resetByPhoneSchema(rules: RegValidata | undefined, countries: Country[]) {
  return z
    .object({ countryDialingCode: text, mobileNum: text, verificationCode: text, captcha: text, newPassword: text })
    .superRefine((v, ctx) => {
      const issues: Issue[] = [];
      const mobile = mobileProblem(v.countryDialingCode, v.mobileNum, countries);
      if (mobile) issues.push({ path: 'mobileNum', problem: mobile });
      if (v.verificationCode.trim() === '') issues.push({ path: 'verificationCode', problem: { key: 'patterns.verificationCode' } });
      const password = checkValue(v.newPassword, true, rules?.password);
      if (password) issues.push({ path: 'newPassword', problem: password });
      addIssues(ctx, issues);
    });
}
