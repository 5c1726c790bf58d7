import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import type { AccountsContext } from '../session/accounts-context.ts';
import type { AuthMember } from '../session/authenticate.ts';
import { endMemberSessions } from '../session/end-sessions.ts';
import { assertLoginNotLocked, codeMinutes, countLoginFailure, loginFailureKeys } from '../session/login.service.ts';
import { hashPassword, verifyPassword } from '../session/password-hashing.ts';
import { clearMustChangePassword } from '../session/session.repository.ts';
import { consumeCode, issueCode } from '../session/verification-codes.ts';
import { findMemberById, findMemberByMobile, findMemberByUsername, setPassword } from './member.repository.ts';
import { checkMobile } from './mobile.ts';
import { passwordPolicyProblem } from './password-policy.ts';
import { CONFIRM_MISMATCH, checkNewPassword, type FieldProblems, loadRules, REQUIRED } from './registration-rules.ts';

/** Checks a new password against the brand's password rule, the platform's password policy and its confirmation. */
async function assertNewPassword(request: FastifyRequest, brandId: number, newPassword: string, confirm: string | undefined) {
  const problems: FieldProblems = {};
  checkNewPassword(await loadRules(request.server.deps.db, brandId), problems, 'newPassword', newPassword);
  const policy = problems.newPassword ? null : passwordPolicyProblem(newPassword);
  if (policy) problems.newPassword = policy;
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION', { fields: problems });
  if (confirm !== undefined && confirm !== newPassword) {
    throw new AppError('CONFIRMATION_MISMATCH', { fields: { confirmNewPassword: CONFIRM_MISMATCH } });
  }
}

/**
 * Change password (logged in). The old password is required unless the account
 * has none yet; a wrong one counts as a failed login of the account. Success
 * revokes every other session of the member and lifts a forced change on this one.
 */
export async function changePassword(
  request: FastifyRequest,
  ctx: AccountsContext,
  me: AuthMember,
  input: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
): Promise<void> {
  const { db, config, now } = request.server.deps;
  const member = await findMemberById(db, me.memberId);
  if (!member) throw new AppError('NOT_LOGGED_IN');
  await assertNewPassword(request, member.brand_id, input.newPassword, input.confirmNewPassword);
  if (member.password_hash) {
    const keys = loginFailureKeys(member.brand_id, member.username, request.ip);
    await assertLoginNotLocked(ctx.limits, keys);
    if (!input.oldPassword) throw new AppError('VALIDATION', { fields: { oldPassword: REQUIRED } });
    if (!(await verifyPassword(member.password_hash, input.oldPassword))) {
      const blocked = await countLoginFailure(ctx.limits, keys);
      if (blocked > 0) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: blocked } });
      throw new AppError('OLD_PASSWORD_INCORRECT', { fields: { oldPassword: { key: 'errors.oldPasswordIncorrect' } } });
    }
  }
  const at = now();
  await setPassword(db, member.id, await hashPassword(input.newPassword, config.accounts.argon2Profile), at);
  await clearMustChangePassword(db, me.sessionId);
  await endMemberSessions(request.server, member.id, me.sessionId);
}

/**
 * Forgot by e-mail: when username and e-mail belong together, a reset code is
 * e-mailed. The answer is the same in every case, so the call tells nobody
 * whether an account or an address exists.
 */
export async function forgotByEmail(
  request: FastifyRequest,
  ctx: AccountsContext,
  brand: BrandRow,
  input: { username: string; email: string },
) {
  const { db, now } = request.server.deps;
  await ctx.limits.resetEmail.take(`ip:${request.ip}`);
  await ctx.limits.resetEmail.take(`user:${brand.id}:${input.username.toLowerCase()}`);
  const member = await findMemberByUsername(db, brand.id, input.username);
  const matches = Boolean(member?.email && member.email.toLowerCase() === input.email.toLowerCase() && member.status === 'active');
  const minutes = Math.max(codeMinutes(request), 15);
  // A code row is written either way so both paths do the same database work; a mismatch must not replace the member's real code.
  const recipient = matches && member ? `member:${member.id}` : 'member:none';
  const code = await issueCode(db, { brandId: brand.id, purpose: 'emailReset', recipient, now: now(), minutes });
  if (matches && member?.email) {
    await ctx.email.send({
      brandId: brand.id,
      to: member.email,
      template: 'password-reset-code',
      params: { code, minutes, username: member.username },
    });
  }
  return { expiredMinutes: minutes };
}

/** Sets a new password with the code the reset e-mail carried. Signs the member out everywhere. */
export async function resetByEmail(
  request: FastifyRequest,
  brand: BrandRow,
  input: { username: string; verificationCode: string; newPassword: string; confirmNewPassword?: string | undefined },
): Promise<{ username: string }> {
  const { db, config, now } = request.server.deps;
  await assertNewPassword(request, brand.id, input.newPassword, input.confirmNewPassword);
  const member = await findMemberByUsername(db, brand.id, input.username);
  if (!member) throw new AppError('INVALID_VERIFICATION_CODE');
  const at = now();
  await consumeCode(db, {
    brandId: brand.id,
    purpose: 'emailReset',
    recipient: `member:${member.id}`,
    code: input.verificationCode,
    now: at,
  });
  await setPassword(db, member.id, await hashPassword(input.newPassword, config.accounts.argon2Profile), at);
  await endMemberSessions(request.server, member.id);
  return { username: member.username };
}

/** Set password by phone (PHONE_PASSWORD_RESET): the SMS code of the no-login call proves the number. */
export async function resetByPhone(
  request: FastifyRequest,
  brand: BrandRow,
  input: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    newPassword: string;
    confirmNewPassword?: string | undefined;
  },
): Promise<{ username: string }> {
  const { db, config, now } = request.server.deps;
  const flags = await getBrandFlags(db, brand.id);
  if (!flags.features.PHONE_PASSWORD_RESET) throw new AppError('FEATURE_DISABLED');
  const checked = await checkMobile(db, brand.id, input.countryDialingCode, input.mobileNum);
  if (!checked.ok) throw new AppError('VALIDATION', { fields: { [checked.field]: checked.problem } });
  await assertNewPassword(request, brand.id, input.newPassword, input.confirmNewPassword);
  const at = now();
  await consumeCode(db, { brandId: brand.id, purpose: 'noLogin', recipient: checked.mobile.e164, code: input.verificationCode, now: at });
  const member = await findMemberByMobile(db, brand.id, checked.mobile.dialingCode, checked.mobile.national);
  if (member?.status !== 'active') throw new AppError('INVALID_VERIFICATION_CODE');
  await setPassword(db, member.id, await hashPassword(input.newPassword, config.accounts.argon2Profile), at);
  await endMemberSessions(request.server, member.id);
  return { username: member.username };
}
