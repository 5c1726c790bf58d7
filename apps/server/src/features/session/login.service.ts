import { looksLikeMobile, normaliseMobile } from '@playfront/contract/mobile-number';
import type { LoginMethod } from '@playfront/contract/security-paths';
import {
  DEFAULT_SMS_CODE_MINUTES,
  isAgentType,
  isMemberSiteType,
  type LoginResult,
  type LoginSite,
  SMS_CODE_LIFETIME_MINUTES,
  type VerificationRequiredValue,
} from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { langOf } from '../../http/request-language.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { vipBadge } from '../loyalty/vip.service.ts';
import { DEFAULT_PASSWORD } from '../member/default-password.ts';
import { useInitialPassword } from '../member/initial-password.ts';
import {
  findMemberByMobile,
  findMemberByUsername,
  hasKnownIps,
  isKnownIp,
  recordLogin,
  rehashPassword,
  rememberIp,
} from '../member/member.repository.ts';
import { maskMobile, toMemberInfo } from '../member/member.service.ts';
import type { MemberRow } from '../member/member.table.ts';
import { checkMobile } from '../member/mobile.ts';
import { assertLoginAllowed, blockError, blockOfMember } from '../protection/protection.service.ts';
import { noteFailedLogin, noteLogin } from '../security/login-events.service.ts';
import { isTwoStepOn } from '../security/two-step.service.ts';
import { verifyCaptcha } from '../system/captcha.service.ts';
import type { Limits } from './abuse-limits.ts';
import type { AccountsContext } from './accounts-context.ts';
import { dummyHash, hashPassword, needsRehash, sameSecret, verifyPassword } from './password-hashing.ts';
import { createSession } from './session.repository.ts';
import { requireSecondStep } from './two-step-challenge.ts';
import { consumeCode, issueCode } from './verification-codes.ts';

export type PasswordLoginInput = {
  username: string;
  password: string;
  site: LoginSite;
  captchaId?: string | undefined;
  captcha?: string | undefined;
  verificationCode?: string | undefined;
};

export type SmsLoginInput = { mobileNum: string; countryDialingCode: string; verificationCode: string; site: LoginSite };

/** The key that counts wrong login passwords of one account (login and every other login-password check). */
export const accountKey = (brandId: number, username: string) => `${brandId}:${username.trim().toLowerCase()}`;

/**
 * Where wrong login passwords are counted: per account and address, per address, per account (a ceiling), and per
 * account and device (the captcha's key; `device` from device-id.ts, the address when the request has no device id).
 */
export type LoginFailureKeys = { account: string; accountIp: string; ip: string; accountDevice: string };
export const loginFailureKeys = (brandId: number, username: string, ip: string, device?: string): LoginFailureKeys => {
  const account = accountKey(brandId, username);
  return { account, accountIp: `${account}|${ip}`, ip, accountDevice: `${account}|${device ?? `ip:${ip}`}` };
};

/**
 * When the login asks for a captcha (issue 22, decision 055): after a wrong password on this account from this
 * device; or for everyone once the account has CAPTCHA_ACCOUNT_FAILURES wrong passwords from anywhere, or the address
 * CAPTCHA_IP_FAILURES (guessing spread over devices). One phone's typo does not reach its carrier-address neighbours.
 */
export const CAPTCHA_ACCOUNT_FAILURES = 5;
export const CAPTCHA_IP_FAILURES = 10;
export async function captchaNeeded(limits: Limits, keys: LoginFailureKeys): Promise<boolean> {
  const [device, account, ip] = await Promise.all([
    limits.loginFailDevice.count(keys.accountDevice),
    limits.loginFailAccount.count(keys.account),
    limits.loginFailIp.count(keys.ip),
  ]);
  return device > 0 || account >= CAPTCHA_ACCOUNT_FAILURES || ip >= CAPTCHA_IP_FAILURES;
}

/** Throws TOO_MANY_REQUESTS while this account is locked from this address, or this address is. */
export async function assertLoginNotLocked(limits: Limits, keys: LoginFailureKeys): Promise<void> {
  await limits.loginFailAccountIp.assertOpen(keys.accountIp);
  await limits.loginFailIp.assertOpen(keys.ip);
}

/** Counts one wrong login password everywhere it counts; the lock it caused, in seconds, or 0. */
export async function countLoginFailure(limits: Limits, keys: LoginFailureKeys): Promise<number> {
  const [accountIp, account, ip] = await Promise.all([
    limits.loginFailAccountIp.hit(keys.accountIp),
    limits.loginFailAccount.hit(keys.account),
    limits.loginFailIp.hit(keys.ip),
    limits.loginFailDevice.hit(keys.accountDevice),
  ]);
  return Math.max(accountIp, account, ip);
}

/**
 * The username a login name stands for. Usernames start with a letter; a name made of digits (with "+", spaces,
 * dashes) is a mobile-registered member's number, whose username is the national number without leading zeros:
 * it is normalised with the brand's default country. Anything else is used as typed.
 */
export async function loginName(db: Db, brandId: number, typed: string): Promise<string> {
  if (!looksLikeMobile(typed)) return typed;
  const country = await db
    .selectFrom('country_dialing')
    .select(['dialing_code', 'min_digits', 'max_digits'])
    .where('brand_id', '=', brandId)
    .orderBy('is_default', 'desc')
    .orderBy('code')
    .executeTakeFirst();
  if (!country) return typed;
  return normaliseMobile(typed, country.dialing_code, country.min_digits, country.max_digits) ?? typed;
}

/** Minutes the get-code button counts down (server setting SMS_CODE_MINUTES; the spec's default is 1). */
export function codeMinutes(request: FastifyRequest): number {
  return request.server.deps.config.accounts.smsCodeMinutes || DEFAULT_SMS_CODE_MINUTES;
}

/** Minutes an SMS code works: 5, or the countdown when an operator set that longer (issue 22). */
export const codeLifetimeMinutes = (request: FastifyRequest) => Math.max(SMS_CODE_LIFETIME_MINUTES, codeMinutes(request));

/**
 * Username/password login.
 *
 * Order matters for enumeration resistance: lockout and captcha checks depend
 * only on the typed username and the IP, and an unknown username verifies the
 * password against a dummy Argon2id hash, so it answers INVALID_CREDENTIALS
 * with the same code, message and (within noise) time as a wrong password.
 * Only a correct password reveals anything about the account (disabled,
 * non-member, non-agent).
 */
export async function passwordLogin(
  request: FastifyRequest,
  ctx: AccountsContext,
  brand: BrandRow,
  input: PasswordLoginInput,
  device?: string,
): Promise<LoginResult> {
  const { db, config, now } = request.server.deps;
  const at = now();
  const ip = request.ip;
  // A member registered by mobile logs in with the number as typed: "+880 1711-000001", "01711000001" (issue 22).
  input = { ...input, username: await loginName(db, brand.id, input.username) };
  const keys = loginFailureKeys(brand.id, input.username, ip, device);
  const aKey = keys.account;
  await assertLoginNotLocked(ctx.limits, keys);

  if (await captchaNeeded(ctx.limits, keys)) {
    try {
      await verifyCaptcha(db, input.captchaId, input.captcha, at);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, { value: { captcha: true } });
      throw err;
    }
  }

  const member = await findMemberByUsername(db, brand.id, input.username);
  const profile = config.accounts.argon2Profile;
  const passwordOk = await verifyPassword(member?.password_hash ?? (await dummyHash(profile)), input.password);
  if (!member?.password_hash || !passwordOk) {
    // The member's login history shows refused attempts on the account (issue 15).
    if (member?.password_hash) await noteFailedLogin(request, member.id);
    const blocked = await countLoginFailure(ctx.limits, keys);
    if (blocked > 0) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: blocked, captcha: true } });
    throw new AppError('INVALID_CREDENTIALS', { value: { captcha: true } });
  }
  // Guessing spread over many addresses locked the account: the right password still gets in from a device the
  // member used before (and SMS-code login still works), not from a new address.
  const accountLock = await ctx.limits.loginFailAccount.blockedFor(aKey);
  if (accountLock > 0 && !(await isKnownIp(db, member.id, ip))) {
    throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: accountLock, captcha: true } });
  }
  assertMayLogIn(member, input.site);
  // A one-time initial password works once, before it expires (decision 024).
  if (!(await useInitialPassword(db, member, at))) throw new AppError('INITIAL_PASSWORD_EXPIRED');
  // With two-step login on, the authenticator code is the second step from any address (it replaces the SMS code a
  // new address needs otherwise), and this address's failure count is cleared only once that step is passed too.
  const twoStep = await isTwoStepOn(db, member.id);
  if (!twoStep)
    await Promise.all([ctx.limits.loginFailAccountIp.reset(keys.accountIp), ctx.limits.loginFailDevice.reset(keys.accountDevice)]);

  // Second step for an IP this member never used (trust on first use: a member with no known IP yet just registers it).
  if (
    !twoStep &&
    member.mobile &&
    member.country_dialing_code &&
    (await hasKnownIps(db, member.id)) &&
    !(await isKnownIp(db, member.id, ip))
  ) {
    const e164 = `${member.country_dialing_code}${member.mobile}`;
    if (!input.verificationCode) {
      await sendCode(request, ctx, { brandId: brand.id, purpose: 'loginIp', e164 });
      const value: VerificationRequiredValue = {
        verificationRequired: 'mobile',
        maskedMobile: maskMobile(member.country_dialing_code, member.mobile),
        expiredMinutes: codeMinutes(request),
      };
      throw new AppError('VERIFICATION_REQUIRED', { value });
    }
    await consumeCode(db, { brandId: brand.id, purpose: 'loginIp', recipient: e164, code: input.verificationCode, now: at });
  }

  if (needsRehash(member.password_hash, profile)) await rehashPassword(db, member.id, await hashPassword(input.password, profile));

  const flags = await getBrandFlags(db, brand.id);
  const passwordExpired =
    flags.flags.PWDEXPFORCECHANGE3 && at.getTime() - member.password_changed_at.getTime() > config.accounts.passwordMaxAgeDays * 86_400_000;
  const isDefault = sameSecret(input.password, DEFAULT_PASSWORD);
  // First login of an account someone else made, the default password, or an expired one: change it first.
  const mustChangePassword = member.first_login || isDefault || passwordExpired || member.initial_password_expires_at !== null;
  if (twoStep) return requireSecondStep(request, member, { site: input.site, method: 'PASSWORD', mustChangePassword, passwordExpired });
  return startSession(request, member, { site: input.site, mustChangePassword, passwordExpired });
}

/** SMS code login (MOBILEVERCODELOGIN3). Never forces the password change: the member proved the phone, not the password. */
export async function smsLogin(request: FastifyRequest, brand: BrandRow, input: SmsLoginInput): Promise<LoginResult> {
  const { db, config, now } = request.server.deps;
  const flags = await getBrandFlags(db, brand.id);
  if (!flags.flags.MOBILEVERCODELOGIN3) throw new AppError('FEATURE_DISABLED');
  const checked = await checkMobile(db, brand.id, input.countryDialingCode, input.mobileNum);
  if (!checked.ok) throw new AppError('VALIDATION', { fields: { [checked.field]: checked.problem } });
  const at = now();
  await consumeCode(db, { brandId: brand.id, purpose: 'noLogin', recipient: checked.mobile.e164, code: input.verificationCode, now: at });
  const member = await findMemberByMobile(db, brand.id, checked.mobile.dialingCode, checked.mobile.national);
  // Codes are issued for unknown numbers too but never sent, so this is unreachable in practice.
  if (!member) throw new AppError('INVALID_VERIFICATION_CODE');
  assertMayLogIn(member, input.site);
  const passwordExpired =
    flags.flags.PWDEXPFORCECHANGE3 && at.getTime() - member.password_changed_at.getTime() > config.accounts.passwordMaxAgeDays * 86_400_000;
  // The SMS code proves the phone; with two-step login on, the authenticator code is still asked for.
  if (await isTwoStepOn(db, member.id))
    return requireSecondStep(request, member, { site: input.site, method: 'SMS', mustChangePassword: false, passwordExpired });
  return startSession(request, member, { site: input.site, mustChangePassword: false, passwordExpired, method: 'SMS' });
}

/**
 * Non-member accounts (house/operator types) never log in; the agent site
 * takes agents only; disabled accounts are refused.
 */
export function assertMayLogIn(member: MemberRow, site: LoginSite): void {
  if (!isMemberSiteType(member.type)) throw new AppError(site === 'agent' ? 'NON_AGENT_LOGIN' : 'NON_MEMBER_LOGIN');
  if (site === 'agent' && !isAgentType(member.type)) throw new AppError('NON_AGENT_LOGIN');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
}

/** A withdrawal-only session lasts at most 30 minutes: long enough to withdraw, short as a credential. */
export const WITHDRAW_ONLY_SESSION_MS = 30 * 60_000;

/** A new session (new token on every login), the login recorded and the IP remembered. */
export async function startSession(
  request: FastifyRequest,
  member: MemberRow,
  options: { site: LoginSite; mustChangePassword: boolean; passwordExpired: boolean; firstTimeLogin?: boolean; method?: LoginMethod },
): Promise<LoginResult> {
  const { db, config, now } = request.server.deps;
  const at = now();
  // During a cool-off or self-exclusion the login is refused, but the refusal carries a withdrawal-only session so the
  // remaining balance can still be withdrawn (decision 051): only the balance and withdrawal calls accept it.
  const block = await blockOfMember(db, member.id, at);
  if (block) {
    const withdrawalToken = await createSession(db, {
      memberId: member.id,
      site: options.site,
      mustChangePassword: false,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      now: at,
      absoluteMs: Math.min(config.accounts.sessionAbsoluteMs, WITHDRAW_ONLY_SESSION_MS),
      scope: 'WITHDRAW_ONLY',
    });
    await recordLogin(db, member.id, request.ip, at);
    throw blockError(block, { withdrawalToken });
  }
  // The member's cool-off or self-exclusion, and the daily session time limit (issue 18): every way in ends here.
  await assertLoginAllowed(db, member.id, at, { idleMs: config.accounts.sessionIdleMs, maxSessionMs: config.accounts.sessionAbsoluteMs });
  const token = await createSession(db, {
    memberId: member.id,
    site: options.site,
    mustChangePassword: options.mustChangePassword,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    now: at,
    absoluteMs: config.accounts.sessionAbsoluteMs,
  });
  await recordLogin(db, member.id, request.ip, at);
  await rememberIp(db, member.id, request.ip, at);
  // Login history and, from a device the member never used, a security message (issue 15).
  await noteLogin(request, member.id, options.method ?? 'PASSWORD');
  return {
    token,
    firstTimeLogin: options.firstTimeLogin ?? member.first_login,
    passwordExpired: options.passwordExpired,
    mustChangePassword: options.mustChangePassword,
    captcha: false,
    member: { ...toMemberInfo(member), ...(await vipBadge(db, member.brand_id, member.vip_level, langOf(request))) },
  };
}

/**
 * Sends a code by SMS under the abuse limits: once per second per button
 * (purpose + number), a few per window per number and per IP, then a
 * 5-minute cooldown. `deliver: false` stores a code without sending it (an
 * unknown number on the no-login call answers exactly like a known one).
 */
export async function sendCode(
  request: FastifyRequest,
  ctx: AccountsContext,
  input: {
    brandId: number;
    purpose: 'noLogin' | 'register' | 'loginIp' | 'paymentPassword' | 'bindMobile' | 'changeMobile';
    e164: string;
    deliver?: boolean;
  },
): Promise<number> {
  const { db, now } = request.server.deps;
  const key = `${input.purpose}:${input.e164}`;
  await ctx.limits.smsButton.assertOpen(key);
  await ctx.limits.smsMobile.assertOpen(key);
  await ctx.limits.smsIp.assertOpen(request.ip);
  await Promise.all([ctx.limits.smsButton.hit(key), ctx.limits.smsMobile.hit(key), ctx.limits.smsIp.hit(request.ip)]);
  await assertSmsBudget(request, input.e164);
  const minutes = codeLifetimeMinutes(request);
  const code = await issueCode(db, { brandId: input.brandId, purpose: input.purpose, recipient: input.e164, now: now(), minutes });
  if (input.deliver !== false) {
    await ctx.sms.send({
      brandId: input.brandId,
      to: input.e164,
      template: 'verification-code',
      params: { code, minutes, purpose: input.purpose },
    });
  }
  // The answer's expiredMinutes drives the resend countdown (spec section 4), not the code's life.
  return codeMinutes(request);
}

/** The prefix an SMS budget is kept per: the country code and the next two digits (a mobile operator's range). */
export const smsPrefix = (e164: string) => e164.slice(0, e164.startsWith('+880') ? 6 : 5);

/**
 * SMS cost money and can be pumped to numbers a script chooses (issue 21 item 9): a day's budget in all and per
 * number prefix, counted in the outbox (every instance sees the same). Past it the code is not sent, the caller
 * hears SMS_BUDGET_EXCEEDED, and an error-level log line with `alert: 'sms-budget'` tells the operators.
 */
async function assertSmsBudget(request: FastifyRequest, e164: string): Promise<void> {
  const { db, config, now } = request.server.deps;
  const dayStart = new Date(now());
  dayStart.setUTCHours(0, 0, 0, 0);
  const prefix = smsPrefix(e164);
  const { rows } = await sql<{ total: string; same_prefix: string }>`
    select count(*) as total, count(*) filter (where recipient like ${`${prefix}%`}) as same_prefix
    from outbox where channel = 'sms' and created_at >= ${dayStart}`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  const samePrefix = Number(rows[0]?.same_prefix ?? 0);
  const { smsDailyBudget, smsDailyBudgetPerPrefix } = config.accounts;
  if (total >= smsDailyBudget || samePrefix >= smsDailyBudgetPerPrefix) {
    request.log.error(
      { alert: 'sms-budget', prefix, sentToday: total, sentToPrefixToday: samePrefix, smsDailyBudget, smsDailyBudgetPerPrefix },
      'SMS budget spent: codes are not being sent',
    );
    throw new AppError('SMS_BUDGET_EXCEEDED');
  }
}
