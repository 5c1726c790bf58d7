import { AGENT_ACCOUNT_TYPES, MEMBER_ACCOUNT_TYPE } from '@playfront/contract/constants';
import { normaliseMobile } from '@playfront/contract/mobile-number';
import type { LoginResult, RegisterRequestSchema } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { findReferrerByCode } from '../referral/referral.repository.ts';
import { tooMany } from '../session/abuse-limits.ts';
import { accountsContext } from '../session/accounts-context.ts';
import { startSession } from '../session/login.service.ts';
import { hashPassword } from '../session/password-hashing.ts';
import { checkCode, consumeCode } from '../session/verification-codes.ts';
import { verifyCaptcha } from '../system/captcha.service.ts';
import { emailTaken, findAgentByAffiliateCode, findMemberByMobile, findMemberByUsername, insertMember } from './member.repository.ts';
import { checkMobile, type Mobile } from './mobile.ts';
import { passwordPolicyProblem } from './password-policy.ts';
import { CONFIRM_MISMATCH, checkField, type FieldProblems, loadRules } from './registration-rules.ts';

export type RegisterInput = z.output<typeof RegisterRequestSchema>;
export type RegisterMode = 'username' | 'mobile';

/**
 * Registration (spec sections 3-5). Every field the brand shows is checked
 * with its rule through the contract's `validateField` (the web runs the same
 * code), and all field problems come back together in `fields`. Then, in this
 * order: captcha, affiliate code, uniqueness, SMS code; so a taken username
 * does not burn the member's SMS code. Success logs in (new session) and
 * registers the IP, so the member is not asked for a second step next time.
 */
export async function register(request: FastifyRequest, brand: BrandRow, input: RegisterInput, mode: RegisterMode): Promise<LoginResult> {
  const member = await registerAccount(request, brand, input, mode);
  // The registration is the first login: the member chose this password, so no forced change.
  return startSession(request, member, {
    site: 'member',
    mustChangePassword: false,
    passwordExpired: false,
    firstTimeLogin: true,
    method: 'REGISTER',
  });
}

/**
 * An agent creating a downline directly (registerCenter, issue 14): the same field rules, policy and uniqueness
 * checks, without the visitor's captcha, SMS code and terms; the account goes under the agent, as `type`.
 */
export type CreatedByAgent = { uplineId: number; type: number; affiliateCode: string | null };

/** The spec's message for a missing age confirmation: "Please confirm you are 21 years old." or the 18-year one. */
export const ageConfirmationKey = (minimumAge: number) => (minimumAge >= 21 ? 'patterns.age21Required' : 'patterns.age18Required');

/** Checks and creates the account (no session). The agent-team trigger puts it into its upline's team closure. */
export async function registerAccount(
  request: FastifyRequest,
  brand: BrandRow,
  input: RegisterInput,
  mode: RegisterMode,
  byAgent?: CreatedByAgent,
): Promise<Awaited<ReturnType<typeof insertMember>>> {
  const { db, config, now } = request.server.deps;
  const flags = (await getBrandFlags(db, brand.id)).flags;
  const probes = accountsContext(request.server).limits.takenProbeIp;
  await probes.assertOpen(request.ip);
  if (!byAgent && mode === 'username' && !flags.USERNAMEREG3) throw new AppError('REGISTRATION_CLOSED');
  if (!byAgent && mode === 'mobile' && !flags.MOBILENUMREG3) throw new AppError('REGISTRATION_CLOSED');

  const rules = await loadRules(db, brand.id);
  const problems: FieldProblems = {};

  // Mobile: required in mobile registration or when the brand requires it.
  let mobile: Mobile | undefined;
  const mobileRule = rules.get('mobileNum');
  const typedMobile = input.mobileNum ?? '';
  const mobileAsked = mode === 'mobile' || Boolean(mobileRule?.show);
  if (typedMobile === '') {
    if (mode === 'mobile' || (mobileRule?.show && mobileRule.required)) problems.mobileNum = { key: 'patterns.required' };
  } else if (mobileAsked) {
    // "+880 1711-000001" and "01711000001" are one number (issue 22): the field rule sees the national digits.
    const asDigits =
      normaliseMobile(typedMobile, input.countryDialingCode ?? '', mobileRule?.minLength, mobileRule?.maxLength) ?? typedMobile;
    if (checkField(rules, problems, 'mobileNum', asDigits, { force: true }) !== undefined) {
      const checked = await checkMobile(db, brand.id, input.countryDialingCode, typedMobile);
      if (checked.ok) mobile = checked.mobile;
      else problems[checked.field] = checked.problem;
    }
  }

  // In mobile registration the username is the mobile number without leading zeros.
  const username = mode === 'mobile' ? mobile?.national : checkField(rules, problems, 'username', input.username, { force: true });

  const passwordRequired = mode === 'username' || flags.MOBILENUMPASSREG3;
  const password = input.password ? checkField(rules, problems, 'password', input.password, { force: true }) : undefined;
  if (!input.password && passwordRequired) problems.password = { key: 'patterns.required' };
  const policy = password ? passwordPolicyProblem(password) : null;
  if (policy) problems.password = policy;
  if (input.password !== undefined && input.password !== '' && (input.confirmPassword ?? '') !== input.password) {
    problems.confirmPassword = CONFIRM_MISMATCH;
  }

  const needsSmsCode = !byAgent && flags.REGMOBVERF3 && mobileAsked && typedMobile !== '';
  if (needsSmsCode && !input.verificationCode) problems.verificationCode = { key: 'patterns.required' };

  const payeeName = checkField(rules, problems, 'payeeName', input.payeeName);
  const paymentPasswordShown = rules.get('paymentPassword')?.show ?? false;
  // Payment password: required whenever the brand shows it.
  const paymentPassword = checkField(rules, problems, 'paymentPassword', input.paymentPassword, { force: paymentPasswordShown });
  const email = checkField(rules, problems, 'email', input.email);
  const qq = checkField(rules, problems, 'qqNum', input.qqNum);
  const line = checkField(rules, problems, 'line', input.line);
  const whatsapp = checkField(rules, problems, 'whatsapp', input.whatsapp);
  const facebook = checkField(rules, problems, 'facebook', input.facebook);
  const wechat = checkField(rules, problems, 'wechat', input.wechat);
  const idNumber = checkField(rules, problems, 'idNumber', input.idNumber);
  const affiliateCode = byAgent ? undefined : checkField(rules, problems, 'affiliateCode', input.affiliateCode);
  const captchaRule = rules.get('captcha');
  // The captcha is asked once (issue 22): with an SMS code in this registration it was answered to get the code.
  const captchaAsked = !byAgent && !needsSmsCode && Boolean(captchaRule?.show && (captchaRule.required || input.captcha));
  if (captchaAsked && !input.captcha) problems.captcha = { key: 'patterns.captcha' };
  if (!byAgent && !input.termsAccepted) problems.termsAccepted = { key: 'patterns.termsRequired' };
  // The brand's minimum age (18 or 21), with the message of spec section 5 that names it.
  if (!byAgent && !input.ageConfirmed) problems.ageConfirmed = { key: ageConfirmationKey(brand.minimum_age) };

  if (Object.keys(problems).length > 0 || !username) throw new AppError('VALIDATION', { fields: problems });

  const at = now();
  if (captchaAsked) await verifyCaptcha(db, input.captchaId, input.captcha, at);

  // Without its own captcha, the SMS code must be right before the answer may tell whether a name is taken.
  if (needsSmsCode && mobile && input.verificationCode) {
    await checkCode(db, { brandId: brand.id, purpose: 'register', recipient: mobile.e164, code: input.verificationCode, now: at });
  }

  let uplineId: number | null = byAgent?.uplineId ?? null;
  if (affiliateCode) {
    const agent = await findAgentByAffiliateCode(db, brand.id, affiliateCode, AGENT_ACCOUNT_TYPES);
    if (!agent) throw new AppError('INVALID_AFFILIATE', { fields: { affiliateCode: { key: 'errors.invalidAffiliate' } } });
    uplineId = agent.id;
  }

  const taken: FieldProblems = {};
  if (await findMemberByUsername(db, brand.id, username))
    taken[mode === 'mobile' ? 'mobileNum' : 'username'] = { key: 'errors.usernameTaken' };
  if (mobile && (await findMemberByMobile(db, brand.id, mobile.dialingCode, mobile.national)))
    taken.mobileNum = { key: 'errors.mobileTaken' };
  if (email && (await emailTaken(db, brand.id, email))) taken.email = { key: 'errors.emailTaken' };
  if (Object.keys(taken).length > 0) {
    const blocked = await probes.hit(request.ip);
    if (blocked > 0) throw tooMany(blocked);
    throw new AppError(takenCode(taken), { fields: taken });
  }

  if (needsSmsCode && mobile && input.verificationCode) {
    await consumeCode(db, { brandId: brand.id, purpose: 'register', recipient: mobile.e164, code: input.verificationCode, now: at });
  }

  // Whose own code the link carried, resolved once here. An unknown or stale code does not
  // stop a sign-up (the visitor did nothing wrong); it is kept as sent and credits nobody.
  const referrer = input.referralCode ? await findReferrerByCode(db, brand.id, input.referralCode) : undefined;

  const profile = config.accounts.argon2Profile;
  let member: Awaited<ReturnType<typeof insertMember>>;
  try {
    member = await insertMember(db, {
      brand_id: brand.id,
      username,
      type: byAgent?.type ?? MEMBER_ACCOUNT_TYPE,
      password_hash: password ? await hashPassword(password, profile) : null,
      payment_password_hash: paymentPassword ? await hashPassword(paymentPassword, profile) : null,
      password_changed_at: at,
      nickname: username,
      full_name: payeeName ?? null,
      email: email ?? null,
      country_dialing_code: mobile?.dialingCode ?? null,
      mobile: mobile?.national ?? null,
      qq: qq ?? null,
      line: line ?? null,
      whatsapp: whatsapp ?? null,
      facebook: facebook ?? null,
      wechat: wechat ?? null,
      zalo: null,
      telegram: null,
      id_number: idNumber ?? null,
      birthday: null,
      address: null,
      nationality: null,
      occupation: null,
      source_of_income: null,
      place_of_birth: null,
      upline_id: uplineId,
      affiliate_code: byAgent?.affiliateCode ?? null,
      referral_code: input.referralCode || null,
      referrer_id: referrer?.id ?? null,
      recommender_id: input.recommenderId || null,
      register_ip: request.ip,
      register_method: input.registerMethod,
      register_url: input.registerUrl || null,
      register_domain: input.domain || null,
      last_login_ip: null,
      created_at: at,
      updated_at: at,
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if ((err as { code?: string }).code === '23505') throw uniqueViolation(String((err as { constraint?: string }).constraint ?? ''), mode);
    throw err;
  }
  return member;
}

function takenCode(taken: FieldProblems): 'USERNAME_TAKEN' | 'MOBILE_TAKEN' | 'EMAIL_TAKEN' {
  if (taken.username) return 'USERNAME_TAKEN';
  if (taken.mobileNum) return 'MOBILE_TAKEN';
  return 'EMAIL_TAKEN';
}

function uniqueViolation(constraint: string, mode: RegisterMode): AppError {
  if (constraint.includes('email')) return new AppError('EMAIL_TAKEN', { fields: { email: { key: 'errors.emailTaken' } } });
  if (constraint.includes('mobile') || mode === 'mobile')
    return new AppError('MOBILE_TAKEN', { fields: { mobileNum: { key: 'errors.mobileTaken' } } });
  return new AppError('USERNAME_TAKEN', { fields: { username: { key: 'errors.usernameTaken' } } });
}
