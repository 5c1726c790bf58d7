import type { LimitName } from '@playfront/contract/protection';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MemberProtectionTable } from './protection.table.ts';

export type ProtectionRow = Selectable<MemberProtectionTable>;

/** The member_protection column of each limit. */
export const LIMIT_COLUMN = {
  DEPOSIT_DAY: 'deposit_day',
  DEPOSIT_WEEK: 'deposit_week',
  DEPOSIT_MONTH: 'deposit_month',
  LOSS_DAY: 'loss_day',
  LOSS_WEEK: 'loss_week',
  LOSS_MONTH: 'loss_month',
  WAGER_DAY: 'wager_day',
  WAGER_WEEK: 'wager_week',
  WAGER_MONTH: 'wager_month',
  SESSION_DAY: 'session_day',
} as const satisfies Record<LimitName, keyof MemberProtectionTable>;

export async function findProtection(db: Db, memberId: number): Promise<ProtectionRow | undefined> {
  return db.selectFrom('member_protection').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** The member's row, locked until commit: every protected money path of this member queues here. */
export async function lockProtection(db: Db, memberId: number): Promise<ProtectionRow | undefined> {
  return db.selectFrom('member_protection').selectAll().where('member_id', '=', memberId).forUpdate().executeTakeFirst();
}

/** Creates the member's row if missing, then locks it (settings changes serialise with the money paths). */
export async function ensureProtectionLocked(db: Db, memberId: number, now: Date): Promise<ProtectionRow> {
  await db
    .insertInto('member_protection')
    .values({ member_id: memberId, updated_at: now })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
  return (await lockProtection(db, memberId)) as ProtectionRow;
}

/** Deposits counted against a deposit limit: paid orders and pending ones not yet expired, made since `since`. */
export async function depositsSince(db: Db, memberId: number, since: Date, now: Date): Promise<bigint> {
  const row = await db
    .selectFrom('deposit_order')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('status', '=', 'PAID'), eb.and([eb('status', '=', 'PENDING'), eb('expires_at', '>', now)])]))
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Stakes taken (not refunded) and wins paid since `since`, at the provider wallet API. */
export async function stakesAndWinsSince(db: Db, memberId: number, since: Date): Promise<{ wagered: bigint; won: bigint }> {
  const row = await db
    .selectFrom('provider_transaction')
    .select([
      sql<string>`coalesce(sum(amount) filter (where kind = 'BET' and applied and not rolled_back), 0)::text`.as('wagered'),
      sql<string>`coalesce(sum(amount) filter (where kind = 'WIN' and applied), 0)::text`.as('won'),
    ])
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['BET', 'WIN'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { wagered: BigInt(row.wagered), won: BigInt(row.won) };
}

/**
 * Seconds the member was logged in between `from` and `to` (the union of their sessions: two open tabs count once):
 * each session from its start to its end (its revocation, but no later than a minute after its last use, since an
 * idle session is revoked only when next seen) or, while live, to `to`. `maxSessionMs` bounds how far back a session
 * can have started.
 */
export async function sessionSecondsBetween(
  db: Db,
  memberId: number,
  from: Date,
  to: Date,
  options: { idleMs: number; maxSessionMs: number },
): Promise<number> {
  const { rows } = await sql<{ s: Date; e: Date }>`
    select greatest(created_at, ${from}::timestamptz) as s, least(ended, ${to}::timestamptz) as e
    from (
      select created_at,
        case when revoked_at is not null then least(revoked_at, last_seen_at + interval '1 minute')
             else least(${to}::timestamptz, last_seen_at + ${options.idleMs} * interval '1 millisecond', expires_at) end as ended
      from member_session
      where member_id = ${memberId} and created_at < ${to}
        and created_at >= ${new Date(from.getTime() - options.maxSessionMs)}
    ) x
    where ended > ${from}::timestamptz
    order by 1`.execute(db);
  let total = 0;
  let reach = from.getTime();
  for (const row of rows) {
    const s = Math.max(new Date(row.s).getTime(), reach);
    const e = new Date(row.e).getTime();
    if (e > s) {
      total += e - s;
      reach = e;
    }
  }
  return Math.floor(total / 1000);
}
