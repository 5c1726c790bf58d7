import {
  type AccountInfo,
  type BindEmail,
  type BindMobile,
  type EmailCodeRequest,
  isEmailAddress,
  type MobileCodeRequest,
} from '@playfront/contract/security';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { findMemberById, findMemberByMobile } from '../member/member.repository.ts';
import type { MemberRow } from '../member/member.table.ts';
import { checkMobile } from '../member/mobile.ts';
import type { AccountsContext } from '../session/accounts-context.ts';
import type { AuthMember } from '../session/authenticate.ts';
import { codeMinutes, sendCode } from '../session/login.service.ts';
import { consumeCode, issueCode } from '../session/verification-codes.ts';
import { accountInfo } from './security.service.ts';

/**
 * Binding a mobile number and an e-mail address (issue 15, part 2). A code goes to the new one (SMS or e-mail,
 * through the outbox senders); changing a bound one needs a code to the bound one too, so a stolen session alone
 * cannot move the account's recovery channels. Codes are the shared verification codes: single use, a few minutes,
 * dead after 5 wrong tries.
 */

async function me(request: FastifyRequest, who: AuthMember): Promise<MemberRow> {
  const member = await findMemberById(request.server.deps.db, who.memberId);
  if (!member) throw new AppError('NOT_LOGGED_IN');
  return member;
}

const e164Of = (m: MemberRow) => (m.mobile && m.country_dialing_code ? `${m.country_dialing_code}${m.mobile}` : null);
const isUniqueViolation = (err: unknown) => (err as { code?: string } | undefined)?.code === '23505';

async function checkedNewMobile(request: FastifyRequest, member: MemberRow, dialing: string, typed: string) {
  const { db } = request.server.deps;
  const checked = await checkMobile(db, member.brand_id, dialing, typed);
  if (!checked.ok) throw new AppError('VALIDATION', { fields: { [checked.field]: checked.problem } });
  if (checked.mobile.e164 === e164Of(member))
    throw new AppError('CONTACT_UNCHANGED', { fields: { mobileNum: { key: 'errors.contactUnchanged' } } });
  const holder = await findMemberByMobile(db, member.brand_id, checked.mobile.dialingCode, checked.mobile.national);
  if (holder && holder.id !== member.id) throw new AppError('MOBILE_TAKEN', { fields: { mobileNum: { key: 'errors.mobileTaken' } } });
  return checked.mobile;
}

export async function sendMobileCode(request: FastifyRequest, ctx: AccountsContext, who: AuthMember, body: MobileCodeRequest) {
  const member = await me(request, who);
  if (body.to === 'current') {
    const current = e164Of(member);
    if (!current) throw new AppError('NO_CONTACT_BOUND');
    return sendCode(request, ctx, { brandId: member.brand_id, purpose: 'changeMobile', e164: current });
  }
  const mobile = await checkedNewMobile(request, member, body.countryDialingCode, body.mobileNum);
  return sendCode(request, ctx, { brandId: member.brand_id, purpose: 'bindMobile', e164: mobile.e164 });
}

export async function bindMobile(request: FastifyRequest, who: AuthMember, body: BindMobile): Promise<AccountInfo> {
  const { db, now } = request.server.deps;
  const member = await me(request, who);
  const mobile = await checkedNewMobile(request, member, body.countryDialingCode, body.mobileNum);
  const current = e164Of(member);
  if (current && !body.currentCode)
    throw new AppError('CURRENT_CONTACT_CODE_REQUIRED', { fields: { currentCode: { key: 'errors.currentContactCodeRequired' } } });
  // Wrong tries must count, so each code is checked on its own (not inside a transaction a refusal would undo).
  await consumeCode(db, { brandId: member.brand_id, purpose: 'bindMobile', recipient: mobile.e164, code: body.code, now: now() });
  if (current && body.currentCode)
    await consumeCode(db, { brandId: member.brand_id, purpose: 'changeMobile', recipient: current, code: body.currentCode, now: now() });
  try {
    await db
      .updateTable('member')
      .set({ country_dialing_code: mobile.dialingCode, mobile: mobile.national, updated_at: now() })
      .where('id', '=', member.id)
      .execute();
  } catch (err) {
    // Someone else bound the number in the meantime.
    if (isUniqueViolation(err)) throw new AppError('MOBILE_TAKEN', { fields: { mobileNum: { key: 'errors.mobileTaken' } } });
    throw err;
  }
  return accountInfo(db, member.id);
}

async function checkedNewEmail(request: FastifyRequest, member: MemberRow, typed: string): Promise<string> {
  const email = typed.trim();
  if (!isEmailAddress(email)) throw new AppError('VALIDATION', { fields: { email: { key: 'errors.emailInvalid' } } });
  if (member.email && member.email.toLowerCase() === email.toLowerCase())
    throw new AppError('CONTACT_UNCHANGED', { fields: { email: { key: 'errors.contactUnchanged' } } });
  const holder = await request.server.deps.db
    .selectFrom('member')
    .select('id')
    .where('brand_id', '=', member.brand_id)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  if (holder && holder.id !== member.id) throw new AppError('EMAIL_TAKEN', { fields: { email: { key: 'errors.emailTaken' } } });
  return email;
}

/** An e-mail code, under the same per-address and per-IP limits as SMS codes. */
async function sendEmailCode(
  request: FastifyRequest,
  ctx: AccountsContext,
  member: MemberRow,
  purpose: 'bindEmail' | 'changeEmail',
  to: string,
) {
  const { db, now } = request.server.deps;
  const recipient = to.toLowerCase();
  const key = `${purpose}:${recipient}`;
  await ctx.limits.smsButton.assertOpen(key);
  await ctx.limits.smsMobile.assertOpen(key);
  await ctx.limits.resetEmail.assertOpen(request.ip);
  await Promise.all([ctx.limits.smsButton.hit(key), ctx.limits.smsMobile.hit(key), ctx.limits.resetEmail.hit(request.ip)]);
  const minutes = codeMinutes(request);
  const code = await issueCode(db, { brandId: member.brand_id, purpose, recipient, now: now(), minutes });
  await ctx.email.send({ brandId: member.brand_id, to: recipient, template: 'verification-code', params: { code, minutes, purpose } });
  return minutes;
}

export async function requestEmailCode(request: FastifyRequest, ctx: AccountsContext, who: AuthMember, body: EmailCodeRequest) {
  const member = await me(request, who);
  if (body.to === 'current') {
    if (!member.email) throw new AppError('NO_CONTACT_BOUND');
    return sendEmailCode(request, ctx, member, 'changeEmail', member.email);
  }
  return sendEmailCode(request, ctx, member, 'bindEmail', await checkedNewEmail(request, member, body.email));
}

export async function bindEmail(request: FastifyRequest, who: AuthMember, body: BindEmail): Promise<AccountInfo> {
  const { db, now } = request.server.deps;
  const member = await me(request, who);
  const email = await checkedNewEmail(request, member, body.email);
  if (member.email && !body.currentCode)
    throw new AppError('CURRENT_CONTACT_CODE_REQUIRED', { fields: { currentCode: { key: 'errors.currentContactCodeRequired' } } });
  await consumeCode(db, { brandId: member.brand_id, purpose: 'bindEmail', recipient: email.toLowerCase(), code: body.code, now: now() });
  if (member.email && body.currentCode)
    await consumeCode(db, {
      brandId: member.brand_id,
      purpose: 'changeEmail',
      recipient: member.email.toLowerCase(),
      code: body.currentCode,
      now: now(),
    });
  try {
    await db.updateTable('member').set({ email, updated_at: now() }).where('id', '=', member.id).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', { fields: { email: { key: 'errors.emailTaken' } } });
    throw err;
  }
  return accountInfo(db, member.id);
}
