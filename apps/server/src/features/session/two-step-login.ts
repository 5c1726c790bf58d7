import { type LoginResult, TWO_STEP_CHALLENGE_ATTEMPTS } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { findMemberById } from '../member/member.repository.ts';
import { claimChallenge, countChallengeAttempt } from '../security/two-step.repository.ts';
import { spendTwoStepCode } from '../security/two-step.service.ts';
import type { AccountsContext } from './accounts-context.ts';
import { deviceKeyOf } from './device-id.ts';
import { assertLoginNotLocked, assertMayLogIn, countLoginFailure, loginFailureKeys, startSession } from './login.service.ts';
import { hashToken } from './session.repository.ts';

/**
 * The login's second step (issue 15, part 2): the challenge from requireSecondStep (two-step-challenge.ts) and an
 * app or recovery code start the session; wrong codes count toward the login lockout and the challenge's attempts.
 */
const isCodeRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && (err.code === 'TWO_STEP_CODE_INVALID' || err.code === 'TWO_STEP_CODE_USED');

/** The challenge and an app or recovery code: the session, once. */
export async function completeSecondStep(
  request: FastifyRequest,
  ctx: AccountsContext,
  brand: BrandRow,
  input: { challenge: string; code: string },
): Promise<LoginResult> {
  const { db, now } = request.server.deps;
  const tokenHash = hashToken(input.challenge);
  const pending = await db.selectFrom('login_challenge').select(['member_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
  const member = pending ? await findMemberById(db, pending.member_id) : undefined;
  if (!member || member.brand_id !== brand.id) throw new AppError('TWO_STEP_CHALLENGE_INVALID');
  const keys = loginFailureKeys(brand.id, member.username, request.ip, deviceKeyOf(request));
  await assertLoginNotLocked(ctx.limits, keys);

  let claimed: Awaited<ReturnType<typeof claimChallenge>>;
  try {
    claimed = await db.transaction().execute(async (trx) => {
      // Spent here and un-spent by the rollback when the code is wrong, so a challenge starts one session at most.
      const row = await claimChallenge(trx, tokenHash, now(), TWO_STEP_CHALLENGE_ATTEMPTS);
      if (!row) throw new AppError('TWO_STEP_CHALLENGE_INVALID');
      await spendTwoStepCode(request, trx, member.id, input.code, { allowRecoveryCode: true });
      return row;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'TWO_STEP_NOT_ON') throw new AppError('TWO_STEP_CHALLENGE_INVALID');
    if (isCodeRefusal(err)) {
      await countChallengeAttempt(db, tokenHash);
      const blocked = await countLoginFailure(ctx.limits, keys);
      if (blocked > 0) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: blocked } });
    }
    throw err;
  }
  if (!claimed) throw new AppError('TWO_STEP_CHALLENGE_INVALID');
  assertMayLogIn(member, claimed.site);
  await Promise.all([ctx.limits.loginFailAccountIp.reset(keys.accountIp), ctx.limits.loginFailDevice.reset(keys.accountDevice)]);
  return startSession(request, member, {
    site: claimed.site,
    mustChangePassword: claimed.must_change_password,
    passwordExpired: claimed.password_expired,
    method: claimed.method,
  });
}
