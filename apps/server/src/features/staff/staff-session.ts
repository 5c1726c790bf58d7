import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_ABSOLUTE_HOURS, STAFF_SESSION_IDLE_MINUTES } from '@playfront/contract/console-paths';
import type { Db } from '../../db/database.ts';
import type { StaffRow, StaffSessionRow } from './staff.table.ts';

export const IDLE_MS = STAFF_SESSION_IDLE_MINUTES * 60_000;
export const ABSOLUTE_MS = STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000;

/** An opaque random token (256 bits); only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export type RequestMeta = { ip: string | null; userAgent: string | null };

/** When the session ends if nothing more happens: the earlier of the idle and the absolute expiry. */
export function sessionExpiry(lastSeen: Date, absolute: Date): Date {
  return new Date(Math.min(lastSeen.getTime() + IDLE_MS, absolute.getTime()));
}

export async function createStaffSession(
  db: Db,
  staffId: number,
  now: Date,
  secondFactor: boolean,
  meta: RequestMeta,
): Promise<{ token: string; id: bigint; expiresAt: Date }> {
  const token = newToken();
  const absolute = new Date(now.getTime() + ABSOLUTE_MS);
  const row = await db
    .insertInto('staff_session')
    .values({
      staff_id: staffId,
      token_hash: tokenHash(token),
      created_at: now,
      last_seen_at: now,
      absolute_expires_at: absolute,
      second_factor_at: secondFactor ? now : null,
      ip: meta.ip,
      user_agent: meta.userAgent ? meta.userAgent.slice(0, 500) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: BigInt(row.id), expiresAt: sessionExpiry(now, absolute) };
}

export type LiveSession = { session: StaffSessionRow; staff: StaffRow };

/**
 * The live session a token names: not ended, used within the idle time, before its absolute expiry, of an
 * active staff member. Anything else is undefined (the caller answers STAFF_NOT_SIGNED_IN).
 */
export async function findLiveSession(db: Db, token: string, now: Date): Promise<LiveSession | undefined> {
  if (token.length < 20 || token.length > 100) return undefined;
  const session = await db.selectFrom('staff_session').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!session || session.ended_at) return undefined;
  if (new Date(session.last_seen_at).getTime() + IDLE_MS <= now.getTime()) return undefined;
  if (new Date(session.absolute_expires_at).getTime() <= now.getTime()) return undefined;
  const staff = await db.selectFrom('staff').selectAll().where('id', '=', session.staff_id).executeTakeFirst();
  if (staff?.status !== 'ACTIVE') return undefined;
  return { session, staff };
}

/** Marks the session used now (idle expiry moves on), unless it ended meanwhile. */
export async function touchSession(db: Db, sessionId: bigint | string, now: Date): Promise<void> {
  await db
    .updateTable('staff_session')
    .set({ last_seen_at: now })
    .where('id', '=', BigInt(sessionId))
    .where('ended_at', 'is', null)
    .execute();
}

export async function endStaffSessions(db: Db, staffId: number, now: Date): Promise<number> {
  const rows = await db
    .updateTable('staff_session')
    .set({ ended_at: now })
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
