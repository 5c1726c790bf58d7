import { createHash, randomBytes } from 'node:crypto';
import type { LoginSite } from '@playfront/contract/session';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-statements.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Sessions: an opaque 256-bit token from the CSPRNG, given to the client once
 * and stored only as its SHA-256. Expiry is both idle (last_seen_at + idle
 * time) and absolute (expires_at).
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type NewSession = {
  memberId: number;
  site: LoginSite;
  mustChangePassword: boolean;
  ip: string | null;
  userAgent: string | null;
  now: Date;
  absoluteMs: number;
  /** WITHDRAW_ONLY: a blocked member's sign-in (decision 051). */
  scope?: 'FULL' | 'WITHDRAW_ONLY';
};

/** Creates a session and returns its token (the only time the token exists in clear). */
export async function createSession(db: Db, s: NewSession): Promise<string> {
  const token = newToken();
  await db
    .insertInto('member_session')
    .values({
      member_id: s.memberId,
      token_hash: hashToken(token),
      site: s.site,
      must_change_password: s.mustChangePassword,
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 512) ?? null,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: new Date(s.now.getTime() + s.absoluteMs),
      scope: s.scope ?? 'FULL',
    })
    .execute();
  return token;
}

/** Every signed-in call reads this: a prepared statement, planned once per connection (decision 066). $1: the token's hash. */
const sessionByToken = preparedQuery('session_by_token', sessionQuery);

function sessionQuery(db: Kysely<Database>) {
  return db
    .selectFrom('member_session as s')
    .innerJoin('member as m', 'm.id', 's.member_id')
    .leftJoin('member_protection as mp', 'mp.member_id', 's.member_id')
    .select([
      'mp.session_day as sessionLimitMinutes',
      'mp.block_kind',
      'mp.block_until',
      'mp.block_started_at',
      's.scope',
      's.id as sessionId',
      's.site',
      's.must_change_password as mustChangePassword',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      'm.id as memberId',
      'm.brand_id as brandId',
      'm.username',
      'm.type',
      'm.status',
    ])
    .where('s.token_hash', '=', '');
}

/** The session of a token with its member's fields that authorisation needs. */
export async function findSessionByToken(db: Db, token: string) {
  return findSessionByTokenHash(db, hashToken(token));
}

export async function findSessionByTokenHash(db: Db, tokenHash: string) {
  return (await sessionByToken.run(db, [tokenHash]))[0];
}

export async function touchSession(db: Db, sessionId: bigint, now: Date): Promise<void> {
  await db.updateTable('member_session').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/** Revokes one session; true when it was still live. Use endSession (end-sessions.ts) so its sockets close too. */
export async function revokeSession(db: Db, sessionId: bigint, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('member_session')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Revokes every live session of a member, except `keep` when given; returns the ids it ended. */
export async function revokeMemberSessions(db: Db, memberId: number, now: Date, keep?: bigint): Promise<bigint[]> {
  let q = db.updateTable('member_session').set({ revoked_at: now }).where('member_id', '=', memberId).where('revoked_at', 'is', null);
  if (keep !== undefined) q = q.where('id', '!=', keep);
  const rows = await q.returning('id').execute();
  return rows.map((r) => r.id);
}

export async function clearMustChangePassword(db: Db, sessionId: bigint): Promise<void> {
  await db.updateTable('member_session').set({ must_change_password: false }).where('id', '=', sessionId).execute();
}
