import { randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../session/password-hashing.ts';

/**
 * A one-time initial password for an account someone else made or reset (an operator, later an agent): random
 * per account, shown once to whoever issued it, stored only as a hash, good for one login before it expires
 * (INITIAL_PASSWORD_HOURS, 24–72, default 48), and that login must choose a new password. It replaces the shared
 * default password that the first caller to try it could claim (issue 21 item 10, decision 024).
 */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 14;

export function newInitialPassword(): string {
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export async function issueInitialPassword(
  db: Db,
  input: { memberId: number; now: Date; validMs: number; argon2Profile: Parameters<typeof hashPassword>[1]; password?: string },
): Promise<{ password: string; expiresAt: Date }> {
  const password = input.password ?? newInitialPassword();
  const expiresAt = new Date(input.now.getTime() + input.validMs);
  await db
    .updateTable('member')
    .set({
      password_hash: await hashPassword(password, input.argon2Profile),
      password_changed_at: input.now,
      initial_password_expires_at: expiresAt,
      first_login: true,
      updated_at: input.now,
    })
    .where('id', '=', input.memberId)
    .execute();
  return { password, expiresAt };
}

/**
 * At a login with the right password: whether it may go on. A live initial password is used up by this login
 * (its expiry set to now, in one conditional update, so two racing logins cannot both use it).
 */
export async function useInitialPassword(
  db: Db,
  member: { id: number; initial_password_expires_at: Date | null },
  now: Date,
): Promise<boolean> {
  if (member.initial_password_expires_at === null) return true;
  if (member.initial_password_expires_at.getTime() <= now.getTime()) return false;
  const used = await db
    .updateTable('member')
    .set({ initial_password_expires_at: now })
    .where('id', '=', member.id)
    .where('initial_password_expires_at', '>', now)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}
