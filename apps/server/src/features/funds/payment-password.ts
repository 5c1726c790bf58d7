import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { type Limit, type Limits, tooMany } from '../session/abuse-limits.ts';
import { assertLoginNotLocked, countLoginFailure, type LoginFailureKeys } from '../session/login.service.ts';
import { hashPassword, verifyPassword } from '../session/password-hashing.ts';
import { consumeCode } from '../session/verification-codes.ts';

/**
 * The payment password (a 6-digit PIN) guards every movement of a member's money out of their wallet. Six digits
 * are a million guesses, so every check counts: wrong tries are counted per member in one limit shared by every
 * caller (withdrawal, upline/downline transfer, changing the PIN itself), and past the limit every try, right or
 * wrong, is refused until the lock ends. The counter lives in Redis when configured, so all instances share it.
 */
const pinKey = (memberId: number) => `member:${memberId}`;

export async function checkPaymentPassword(db: Db, failures: Limit, memberId: number, given: string): Promise<void> {
  const key = pinKey(memberId);
  await failures.assertOpen(key);
  const member = await db.selectFrom('member').select('payment_password_hash').where('id', '=', memberId).executeTakeFirstOrThrow();
  if (!member.payment_password_hash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  if (!(await verifyPassword(member.payment_password_hash, given))) {
    const blocked = await failures.hit(key);
    if (blocked > 0) throw tooMany(blocked);
    throw new AppError('PAYMENT_PASSWORD_INVALID');
  }
  await failures.reset(key);
}

/** A mobile as the SMS code was sent to it, or MOBILE_NOT_BOUND. */
export function memberMobile(member: { country_dialing_code: string | null; mobile: string | null }): {
  dialingCode: string;
  mobile: string;
} {
  if (!member.mobile || !member.country_dialing_code) throw new AppError('MOBILE_NOT_BOUND');
  return { dialingCode: member.country_dialing_code, mobile: member.mobile };
}

export type SetPaymentPasswordInput = {
  brandId: number;
  memberId: number;
  /** First set: the login password proves it is the member. */
  password?: string;
  /** A change: the old payment password and an SMS code sent to the member's mobile. */
  oldPaymentPassword?: string;
  smsCode?: string;
  newPaymentPassword: string;
  argon2Profile: Parameters<typeof hashPassword>[1];
  now: Date;
  limits: Limits;
  /** Where this account's wrong login passwords count (`loginFailureKeys` of the login): they count as at login. */
  loginKeys: LoginFailureKeys;
};

/**
 * Sets the first payment password (proof: the login password, counted like a login) or changes it (proof: the old
 * payment password, counted like every PIN check, and an SMS code). The member gets a message either way.
 */
export async function setPaymentPassword(db: Db, input: SetPaymentPasswordInput): Promise<void> {
  const member = await db
    .selectFrom('member')
    .select(['password_hash', 'payment_password_hash', 'country_dialing_code', 'mobile'])
    .where('id', '=', input.memberId)
    .executeTakeFirstOrThrow();
  const current = member.payment_password_hash;
  if (current === null) {
    if (input.password === undefined) throw new AppError('OLD_PASSWORD_INCORRECT');
    await assertLoginNotLocked(input.limits, input.loginKeys);
    if (!member.password_hash || !(await verifyPassword(member.password_hash, input.password))) {
      const blocked = await countLoginFailure(input.limits, input.loginKeys);
      if (blocked > 0) throw tooMany(blocked);
      // 400, not 401: a wrong password here must not read as an expired session.
      throw new AppError('OLD_PASSWORD_INCORRECT');
    }
    await input.limits.loginFailAccountIp.reset(input.loginKeys.accountIp);
  } else {
    if (input.oldPaymentPassword === undefined) throw new AppError('PAYMENT_PASSWORD_INVALID');
    const { dialingCode, mobile } = memberMobile(member);
    // The PIN first (it is the counted guess); the code is single use and dies after a few wrong tries of its own.
    await checkPaymentPassword(db, input.limits.paymentPasswordFail, input.memberId, input.oldPaymentPassword);
    if (!input.smsCode) throw new AppError('INVALID_VERIFICATION_CODE');
    await consumeCode(db, {
      brandId: input.brandId,
      purpose: 'paymentPassword',
      recipient: `${dialingCode}${mobile}`,
      code: input.smsCode,
      now: input.now,
    });
  }
  const hash = await hashPassword(input.newPaymentPassword, input.argon2Profile);
  await db.transaction().execute(async (trx) => {
    // Conditional on the hash we checked: two racing changes cannot both pass on the same proof.
    const result = await trx
      .updateTable('member')
      .set({ payment_password_hash: hash })
      .where('id', '=', input.memberId)
      .where((eb) => (current === null ? eb('payment_password_hash', 'is', null) : eb('payment_password_hash', '=', current)))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw new AppError('PAYMENT_PASSWORD_INVALID');
    await insertMessage(trx, {
      memberId: input.memberId,
      type: 'PAYMENT_PASSWORD_CHANGED',
      params: { first: current === null ? 'yes' : 'no' },
      dedupeKey: `payment-password:${input.memberId}:${input.now.getTime()}`,
    });
  });
}
