import type { MessageType } from '@playfront/contract/funds-paths';
import type { MemberMessage } from '@playfront/contract/messages';
import type { Db } from '../../db/database.ts';
import type { MemberMessageRow } from './messages.table.ts';

export type NewMessage = {
  memberId: number;
  type: MessageType;
  amount?: bigint | null;
  currency?: string | null;
  params?: Record<string, string>;
  /** The causing event (e.g. `deposit-paid:D…`): a second report of it adds no second message. */
  dedupeKey: string;
};

/** Adds a message unless its event already produced one. True when it was added. Call it inside the money transaction. */
export async function insertMessage(db: Db, message: NewMessage): Promise<boolean> {
  const result = await db
    .insertInto('member_message')
    .values({
      member_id: message.memberId,
      type: message.type,
      amount: message.amount ?? null,
      currency: message.currency ?? null,
      params: JSON.stringify(message.params ?? {}),
      dedupe_key: message.dedupeKey,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export function toMessage(row: MemberMessageRow): MemberMessage {
  return {
    id: String(row.id),
    type: row.type,
    amount: row.amount === null ? null : String(row.amount),
    currency: row.currency,
    params: row.params,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at ? row.read_at.toISOString() : null,
  };
}

export async function listMessages(db: Db, memberId: number, limit: number, offset: number) {
  const rows = await db
    .selectFrom('member_message')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const { n } = await db
    .selectFrom('member_message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function countUnread(db: Db, memberId: number): Promise<number> {
  const { n } = await db
    .selectFrom('member_message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks the member's own messages read; ids of other members' messages are silently ignored. */
export async function markRead(db: Db, memberId: number, ids: bigint[] | 'all', at: Date): Promise<number> {
  let query = db.updateTable('member_message').set({ read_at: at }).where('member_id', '=', memberId).where('read_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
