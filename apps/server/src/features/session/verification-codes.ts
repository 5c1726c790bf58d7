import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * One-time codes sent by SMS or e-mail. Six digits from the CSPRNG, stored
 * only as SHA-256 bound to purpose and recipient, valid for the server's
 * minutes, single use, and dead after MAX_ATTEMPTS wrong tries. A new code for
 * the same purpose and recipient replaces the previous one.
 */
export type CodePurpose =
  /** SMS login and password reset by phone (the spec's "noLogin" code). */
  | 'noLogin'
  | 'register'
  /** Second step of a login from an unregistered IP. */
  | 'loginIp'
  | 'emailReset'
  /** Changing the payment password. */
  | 'paymentPassword'
  /** Security centre: binding a new mobile or e-mail, and the code to the bound one when it changes. */
  | 'bindMobile'
  | 'changeMobile'
  | 'bindEmail'
  | 'changeEmail';

export const MAX_ATTEMPTS = 5;

function hashCode(purpose: CodePurpose, recipient: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${recipient}\n${code}`).digest('hex');
}

export async function issueCode(
  db: Db,
  input: { brandId: number; purpose: CodePurpose; recipient: string; now: Date; minutes: number },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('verification_code')
      .set({ consumed_at: input.now })
      .where('brand_id', '=', input.brandId)
      .where('purpose', '=', input.purpose)
      .where('recipient', '=', input.recipient)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_code')
      .values({
        brand_id: input.brandId,
        purpose: input.purpose,
        recipient: input.recipient,
        code_hash: hashCode(input.purpose, input.recipient, code),
        created_at: input.now,
        expires_at: new Date(input.now.getTime() + input.minutes * 60_000),
      })
      .execute();
  });
  return code;
}

/**
 * Checks the current code of (purpose, recipient) without using it up; a wrong code counts as a wrong try. The
 * registration checks it before telling whether a name is taken, then uses it up once everything else passed.
 */
export async function checkCode(
  db: Db,
  input: { brandId: number; purpose: CodePurpose; recipient: string; code: string; now: Date },
): Promise<void> {
  await currentMatchingCode(db, input);
}

async function currentMatchingCode(
  db: Db,
  input: { brandId: number; purpose: CodePurpose; recipient: string; code: string; now: Date },
): Promise<{ id: bigint }> {
  const row = await db
    .selectFrom('verification_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at'])
    .where('brand_id', '=', input.brandId)
    .where('purpose', '=', input.purpose)
    .where('recipient', '=', input.recipient)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new AppError('INVALID_VERIFICATION_CODE');
  if (row.expires_at.getTime() <= input.now.getTime() || row.attempts >= MAX_ATTEMPTS) throw new AppError('CODE_EXPIRED');
  if (hashCode(input.purpose, input.recipient, input.code.trim()) !== row.code_hash) {
    await db
      .updateTable('verification_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw new AppError('INVALID_VERIFICATION_CODE');
  }
  return row;
}

/**
 * Uses up the current code of (purpose, recipient) if `code` matches.
 * Throws INVALID_VERIFICATION_CODE (wrong or none) or CODE_EXPIRED (too old,
 * or too many wrong tries: send a new one).
 */
export async function consumeCode(
  db: Db,
  input: { brandId: number; purpose: CodePurpose; recipient: string; code: string; now: Date },
): Promise<void> {
  const row = await currentMatchingCode(db, input);
  // The conditional update makes the code single use even when two requests race.
  const used = await db
    .updateTable('verification_code')
    .set({ consumed_at: input.now })
    .where('id', '=', row.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('INVALID_VERIFICATION_CODE');
}
