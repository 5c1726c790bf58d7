import type { ResetPaymentPassword } from '@playfront/contract/security';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { tooMany } from '../session/abuse-limits.ts';
import type { AccountsContext } from '../session/accounts-context.ts';
import type { AuthMember } from '../session/authenticate.ts';
import { assertLoginNotLocked, countLoginFailure, loginFailureKeys } from '../session/login.service.ts';
import { hashPassword, verifyPassword } from '../session/password-hashing.ts';
import { consumeCode } from '../session/verification-codes.ts';

/**
 * A forgotten payment password (issue 15, part 2): the member proves the account with the login password (counted
 * like a login) and the phone with the SMS code the funds call `paymentPasswordCode` sent (purpose
 * `paymentPassword`), then sets a new PIN. The PIN's own lock is lifted, as the member no longer guesses it. The
 * member gets the usual "payment password changed" message.
 */
export async function resetPaymentPassword(
  request: FastifyRequest,
  ctx: AccountsContext,
  me: AuthMember,
  body: ResetPaymentPassword,
): Promise<void> {
  const { db, now, config } = request.server.deps;
  const member = await db
    .selectFrom('member')
    .select(['password_hash', 'payment_password_hash', 'country_dialing_code', 'mobile', 'brand_id'])
    .where('id', '=', me.memberId)
    .executeTakeFirstOrThrow();
  if (!member.mobile || !member.country_dialing_code) throw new AppError('MOBILE_NOT_BOUND');
  const keys = loginFailureKeys(me.brandId, me.username, request.ip);
  await assertLoginNotLocked(ctx.limits, keys);
  if (!member.password_hash || !(await verifyPassword(member.password_hash, body.password))) {
    const blocked = await countLoginFailure(ctx.limits, keys);
    if (blocked > 0) throw tooMany(blocked);
    throw new AppError('OLD_PASSWORD_INCORRECT', { fields: { password: { key: 'errors.oldPasswordIncorrect' } } });
  }
  await ctx.limits.loginFailAccountIp.reset(keys.accountIp);
  const at = now();
  await consumeCode(db, {
    brandId: member.brand_id,
    purpose: 'paymentPassword',
    recipient: `${member.country_dialing_code}${member.mobile}`,
    code: body.smsCode,
    now: at,
  });
  const hash = await hashPassword(body.newPaymentPassword, config.accounts.argon2Profile);
  const current = member.payment_password_hash;
  await db.transaction().execute(async (trx) => {
    // Conditional on what was there: a change racing this reset cannot be silently overwritten.
    const result = await trx
      .updateTable('member')
      .set({ payment_password_hash: hash })
      .where('id', '=', me.memberId)
      .where((eb) => (current === null ? eb('payment_password_hash', 'is', null) : eb('payment_password_hash', '=', current)))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('PAYMENT_PASSWORD_INVALID');
    await insertMessage(trx, {
      memberId: me.memberId,
      type: 'PAYMENT_PASSWORD_CHANGED',
      params: { first: current === null ? 'yes' : 'no' },
      dedupeKey: `payment-password:${me.memberId}:${at.getTime()}`,
    });
  });
  // The same key the PIN checks count under (features/funds/payment-password.ts).
  await ctx.limits.paymentPasswordFail.reset(`member:${me.memberId}`);
}
