import type { LoginMethod, LoginResultKind } from '@playfront/contract/security-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Security centre reads and writes: plain functions taking `db` first, so a transaction is just another `db`. */

export type NewLoginEvent = {
  memberId: number;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  browser: string;
  os: string;
  result: LoginResultKind;
  method: LoginMethod | null;
};

export async function insertLoginEvent(db: Db, e: NewLoginEvent): Promise<void> {
  await db
    .insertInto('login_event')
    .values({
      member_id: e.memberId,
      created_at: e.at,
      ip: e.ip,
      user_agent: e.userAgent?.slice(0, 512) ?? null,
      browser: e.browser,
      os: e.os,
      result: e.result,
      method: e.method,
    })
    .execute();
}

export async function listLoginEvents(db: Db, memberId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('login_event')
    .select(['id', 'created_at', 'ip', 'browser', 'os', 'result', 'method'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('login_event')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

/**
 * Remembers a device of the member. `seenBefore` is true when it was known already; `firstEver` when the
 * member had no device at all (a brand-new account's first login is not news to its owner).
 */
export async function rememberDevice(
  db: Db,
  memberId: number,
  deviceKey: string,
  at: Date,
): Promise<{ seenBefore: boolean; firstEver: boolean }> {
  // One statement: the CTE reads the devices as they were before this login's upsert.
  const { rows } = await sql<{ known: bigint | number | string; seen: boolean | null }>`
    with before as (
      select count(*) as known, bool_or(device_key = ${deviceKey}) as seen
      from member_known_device where member_id = ${memberId}
    ), remembered as (
      insert into member_known_device (member_id, device_key, first_seen_at, last_seen_at)
      values (${memberId}, ${deviceKey}, ${at}, ${at})
      on conflict (member_id, device_key) do update set last_seen_at = excluded.last_seen_at
    )
    select known, seen from before`.execute(db);
  const row = rows[0];
  return { seenBefore: row?.seen === true, firstEver: Number(row?.known ?? 0) === 0 };
}

/** The member's sessions that still work: not signed out, within both the absolute and the idle lifetime. */
export async function listLiveSessions(db: Db, memberId: number, now: Date, idleMs: number) {
  return db
    .selectFrom('member_session')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - idleMs))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Signs one of the member's own live sessions out; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, memberId: number, sessionId: bigint, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('member_session')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function findAccount(db: Db, memberId: number) {
  return db
    .selectFrom('member')
    .select([
      'id',
      'username',
      'nickname',
      'avatar',
      'full_name',
      'birthday',
      'country_dialing_code',
      'mobile',
      'email',
      'payment_password_hash',
    ])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export type AccountChanges = { nickname?: string; avatar?: string; fullName?: string; birthday?: string };

/**
 * Writes the changes in one statement. The full name is written only while it is still empty, in the same
 * statement, so two racing requests cannot both set it: false when it was set meanwhile.
 */
export async function updateAccount(db: Db, memberId: number, changes: AccountChanges, now: Date): Promise<boolean> {
  let q = db
    .updateTable('member')
    .set({
      updated_at: now,
      ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
      ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
      ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
      ...(changes.birthday !== undefined ? { birthday: changes.birthday } : {}),
    })
    .where('id', '=', memberId);
  if (changes.fullName !== undefined) q = q.where((eb) => eb.or([eb('full_name', 'is', null), eb('full_name', '=', '')]));
  const r = await q.executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Sets the member's avatar and answers the one it replaced, read under the row's lock in the same statement (so two
 * changes at once each learn what they replaced); undefined when there is no such member.
 */
export async function replaceAvatar(db: Db, memberId: number, avatar: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('member')
    .from(
      db
        .selectFrom('member as before')
        .select(['before.id', 'before.avatar as old_avatar'])
        .where('before.id', '=', memberId)
        .forUpdate()
        .as('o'),
    )
    .set({ avatar, updated_at: now })
    .whereRef('member.id', '=', 'o.id')
    .returning('o.old_avatar')
    .executeTakeFirst();
  return row?.old_avatar;
}
