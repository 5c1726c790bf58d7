import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LoginChallengeRow, MemberTwoFactorRow } from './two-step.table.ts';

/** Two-step login storage (migration 20261130T1300_two_step). Plain functions taking `db` first (a transaction is a db). */

export async function findTwoFactor(db: Db, memberId: number): Promise<MemberTwoFactorRow | undefined> {
  return db.selectFrom('member_two_factor').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** A new, unconfirmed secret; replaces an earlier unconfirmed one. False when two-step login is on already. */
export async function putPendingSecret(db: Db, memberId: number, secretSealed: string, now: Date): Promise<boolean> {
  const r = await db
    .insertInto('member_two_factor')
    .values({ member_id: memberId, secret_sealed: secretSealed, last_step: 0, enabled_at: null, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('member_id')
        .doUpdateSet({ secret_sealed: secretSealed, last_step: 0, created_at: now, updated_at: now })
        .where('member_two_factor.enabled_at', 'is', null),
    )
    .returning('member_id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Accepts an authenticator code's time step: moves last_step to it only when it is above the last accepted one, in
 * this one statement (two requests with the same code cannot both pass). `enabled` picks a confirmed secret (login,
 * turn off, renew codes) or an unconfirmed one (the setup's confirmation, which also turns it on).
 */
export async function acceptStep(db: Db, memberId: number, step: number, now: Date, enabled: boolean): Promise<boolean> {
  let q = db
    .updateTable('member_two_factor')
    .set({ last_step: step, updated_at: now, ...(enabled ? {} : { enabled_at: now }) })
    .where('member_id', '=', memberId)
    .where('last_step', '<', BigInt(step));
  q = enabled ? q.where('enabled_at', 'is not', null) : q.where('enabled_at', 'is', null);
  const r = await q.executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Spends one unused recovery code; false when it is not one, or was used (each works once, even when raced). */
export async function useRecoveryCode(db: Db, memberId: number, codeHash: string, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('member_recovery_code')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Replaces every recovery code of the member with these. */
export async function replaceRecoveryCodes(db: Db, memberId: number, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('member_recovery_code').where('member_id', '=', memberId).execute();
  await db
    .insertInto('member_recovery_code')
    .values(hashes.map((code_hash) => ({ member_id: memberId, code_hash, created_at: now })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, memberId: number): Promise<number> {
  const r = await db
    .selectFrom('member_recovery_code')
    .select(sql<string>`count(*)`.as('n'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Turns two-step login off: the secret and the recovery codes go; pending challenges die with it. */
export async function removeTwoFactor(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('member_recovery_code').where('member_id', '=', memberId).execute();
  await db.deleteFrom('member_two_factor').where('member_id', '=', memberId).execute();
  await db.deleteFrom('login_challenge').where('member_id', '=', memberId).execute();
}

export type NewChallenge = Pick<
  LoginChallengeRow,
  'token_hash' | 'member_id' | 'site' | 'method' | 'must_change_password' | 'password_expired' | 'created_at' | 'expires_at'
>;

export async function insertChallenge(db: Db, c: NewChallenge): Promise<void> {
  // Old tickets are of no use to anyone: drop the expired ones as new ones are made.
  await db.deleteFrom('login_challenge').where('expires_at', '<', c.created_at).execute();
  await db.insertInto('login_challenge').values(c).execute();
}

/** Spends a live challenge (unused, unexpired, not out of attempts): the row, or undefined. One statement, so once. */
export async function claimChallenge(db: Db, tokenHash: string, now: Date, maxAttempts: number): Promise<LoginChallengeRow | undefined> {
  return db
    .updateTable('login_challenge')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Counts a wrong code against the challenge. */
export async function countChallengeAttempt(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('login_challenge')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .execute();
}
