import { isAppCode, type RecoveryCodes, type TwoStepSetup, type TwoStepStatus } from '@playfront/contract/security';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStepOf, totpUri } from '../../infra/two-factor/two-factor.ts';
import type { Limits } from '../session/abuse-limits.ts';
import type { AuthMember } from '../session/authenticate.ts';
import { decryptAtRest, encryptAtRest } from '../session/server-key.ts';
import {
  acceptStep,
  countUnusedRecoveryCodes,
  findTwoFactor,
  putPendingSecret,
  removeTwoFactor,
  replaceRecoveryCodes,
  useRecoveryCode,
} from './two-step.repository.ts';

/**
 * Two-step login with an authenticator app (issue 15, part 2): enrolment (a secret shown as a QR code, confirmed
 * with a code, 10 recovery codes shown once), turning it off and renewing the recovery codes (each with a code),
 * and the code check the login's second step uses. The secret is sealed at rest under TWO_FACTOR_SECRET; a code is
 * accepted only for a time step above the last accepted one (no replay inside the 30-second window).
 */

function sealingSecret(request: FastifyRequest): string {
  const secret = request.server.deps.config.accounts.twoFactorSecret;
  // Production without TWO_FACTOR_SECRET: nothing can be sealed or opened, so two-step login is unavailable.
  if (!secret) throw new AppError('FEATURE_DISABLED');
  return secret;
}

const openSecret = (request: FastifyRequest, sealed: string) => decryptAtRest(sealed, sealingSecret(request)).toString('utf8');

export async function isTwoStepOn(db: Db, memberId: number): Promise<boolean> {
  const row = await findTwoFactor(db, memberId);
  return Boolean(row?.enabled_at);
}

export async function twoStepStatus(db: Db, memberId: number): Promise<TwoStepStatus> {
  const row = await findTwoFactor(db, memberId);
  const enabled = Boolean(row?.enabled_at);
  return {
    enabled,
    enabledAt: row?.enabled_at ? row.enabled_at.toISOString() : null,
    recoveryCodesLeft: enabled ? await countUnusedRecoveryCodes(db, memberId) : 0,
  };
}

/** A new secret for the app (the QR code's URI names the brand and the account). Refused while it is on. */
export async function startTwoStepSetup(request: FastifyRequest, me: AuthMember): Promise<TwoStepSetup> {
  const { db, now } = request.server.deps;
  const secret = newTotpSecret();
  if (!(await putPendingSecret(db, me.memberId, encryptAtRest(Buffer.from(secret, 'utf8'), sealingSecret(request)), now())))
    throw new AppError('TWO_STEP_ALREADY_ON');
  const brand = await db.selectFrom('brand').select('name').where('id', '=', me.brandId).executeTakeFirst();
  return { secret, otpauthUri: totpUri(secret, brand?.name || 'Playfront', me.username) };
}

/** Wrong codes in the security centre: a few per member, then a pause (a stolen session must not guess its way in). */
async function withCodeLimit<T>(limits: Limits, memberId: number, check: () => Promise<T>): Promise<T> {
  const key = String(memberId);
  await limits.twoStepFailMember.assertOpen(key);
  try {
    return await check();
  } catch (err) {
    if (err instanceof AppError && (err.code === 'TWO_STEP_CODE_INVALID' || err.code === 'TWO_STEP_CODE_USED')) {
      const blocked = await limits.twoStepFailMember.hit(key);
      if (blocked > 0) throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds: blocked } });
    }
    throw err;
  }
}

/** Confirms the setup with a code from the app: two-step login is on, and the 10 recovery codes are answered once. */
export async function enableTwoStep(request: FastifyRequest, limits: Limits, me: AuthMember, code: string): Promise<RecoveryCodes> {
  const { db, now } = request.server.deps;
  return withCodeLimit(limits, me.memberId, async () => {
    const row = await findTwoFactor(db, me.memberId);
    if (row?.enabled_at) throw new AppError('TWO_STEP_ALREADY_ON');
    if (!row) throw new AppError('TWO_STEP_NOT_ON');
    const at = now();
    const step = isAppCode(code) ? totpStepOf(openSecret(request, row.secret_sealed), code, at.getTime()) : null;
    if (step === null) throw new AppError('TWO_STEP_CODE_INVALID', { fields: { code: { key: 'errors.twoStepCodeInvalid' } } });
    const { codes, hashes } = newRecoveryCodes();
    await db.transaction().execute(async (trx) => {
      // The same statement checks the step and turns it on: a second confirmation (or a raced one) finds nothing to do.
      if (!(await acceptStep(trx, me.memberId, step, at, false))) throw new AppError('TWO_STEP_ALREADY_ON');
      await replaceRecoveryCodes(trx, me.memberId, hashes, at);
    });
    return { recoveryCodes: codes };
  });
}

/**
 * Checks a second-step code of a member whose two-step login is on: an app code (its step moved up in the same
 * statement) or an unused recovery code (spent). Throws TWO_STEP_CODE_INVALID or, for a replayed app code,
 * TWO_STEP_CODE_USED. `db` may be a transaction: a caller that rolls back un-spends the code.
 */
export async function spendTwoStepCode(
  request: FastifyRequest,
  db: Db,
  memberId: number,
  code: string,
  options: { allowRecoveryCode: boolean },
): Promise<'app' | 'recovery'> {
  const { now } = request.server.deps;
  const at = now();
  const row = await findTwoFactor(db, memberId);
  if (!row?.enabled_at) throw new AppError('TWO_STEP_NOT_ON');
  const invalid = () => new AppError('TWO_STEP_CODE_INVALID', { fields: { code: { key: 'errors.twoStepCodeInvalid' } } });
  if (isAppCode(code)) {
    const step = totpStepOf(openSecret(request, row.secret_sealed), code, at.getTime());
    if (step === null) throw invalid();
    if (!(await acceptStep(db, memberId, step, at, true)))
      throw new AppError('TWO_STEP_CODE_USED', { fields: { code: { key: 'errors.twoStepCodeUsed' } } });
    return 'app';
  }
  if (!options.allowRecoveryCode || !(await useRecoveryCode(db, memberId, recoveryCodeHash(code), at))) throw invalid();
  return 'recovery';
}

/** Turns two-step login off with an app code or a recovery code. */
export async function disableTwoStep(request: FastifyRequest, limits: Limits, me: AuthMember, code: string): Promise<void> {
  const { db } = request.server.deps;
  await withCodeLimit(limits, me.memberId, () =>
    db.transaction().execute(async (trx) => {
      await spendTwoStepCode(request, trx, me.memberId, code, { allowRecoveryCode: true });
      await removeTwoFactor(trx, me.memberId);
    }),
  );
}

/** Ten new recovery codes for an app code; the old ones stop working. */
export async function renewRecoveryCodes(request: FastifyRequest, limits: Limits, me: AuthMember, code: string): Promise<RecoveryCodes> {
  const { db, now } = request.server.deps;
  return withCodeLimit(limits, me.memberId, () =>
    db.transaction().execute(async (trx) => {
      await spendTwoStepCode(request, trx, me.memberId, code, { allowRecoveryCode: false });
      const { codes, hashes } = newRecoveryCodes();
      await replaceRecoveryCodes(trx, me.memberId, hashes, now());
      return { recoveryCodes: codes };
    }),
  );
}
