import type { ChatSender, ChatStatus } from '@playfront/contract/support-chat-paths';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { ConversationRow } from './chat.table.ts';

/** Plain functions over the chat tables, `db` first (a transaction is just another `db`). */

const MESSAGE_COLUMNS = ['id', 'conversation_id', 'seq', 'sender', 'sender_name', 'body', 'image_mime', 'created_at'] as const;

export function findCurrentOfMember(db: Db, memberId: number) {
  return db
    .selectFrom('support_chat_conversation')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '<>', 'CLOSED')
    .executeTakeFirst();
}

export function findByGuestHash(db: Db, brandId: number, hash: Buffer) {
  return db
    .selectFrom('support_chat_conversation')
    .selectAll()
    .where('guest_token_hash', '=', hash)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
}

/** A conversation of the brand, if the member owns it (memberId) or it is the guest's one (id itself), or any (staff). */
export function findConversation(db: Db, where: { brandId: number; id: bigint; memberId?: number }) {
  let q = db.selectFrom('support_chat_conversation').selectAll().where('id', '=', where.id).where('brand_id', '=', where.brandId);
  if (where.memberId !== undefined) q = q.where('member_id', '=', where.memberId);
  return q.executeTakeFirst();
}

export type NewConversation = {
  brandId: number;
  memberId: number | null;
  guestName: string | null;
  guestTokenHash: Buffer | null;
  now: Date;
};

/** Inserts a member's conversation unless one that is not closed exists (then nothing: the caller reads that one). */
export function insertConversation(db: Db, c: NewConversation): Promise<ConversationRow | undefined> {
  return db
    .insertInto('support_chat_conversation')
    .values({
      brand_id: c.brandId,
      member_id: c.memberId,
      guest_name: c.guestName,
      guest_token_hash: c.guestTokenHash,
      created_at: c.now,
      updated_at: c.now,
    })
    .onConflict((oc) => oc.column('member_id').where('status', '<>', 'CLOSED').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes the next sequence number of an open conversation: one conditional UPDATE, whose row lock orders concurrent
 * sends (on any instance) until their transaction ends. Undefined when the conversation is closed.
 */
export function takeNextSeq(db: Db, id: bigint, now: Date) {
  return db
    .updateTable('support_chat_conversation')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1), last_message_at: now, updated_at: now }))
    .where('id', '=', id)
    .where('status', '<>', 'CLOSED')
    .returningAll()
    .executeTakeFirst();
}

export type NewMessage = {
  conversationId: bigint;
  seq: number;
  sender: ChatSender;
  senderName: string | null;
  body: string | null;
  image: { mime: 'image/png' | 'image/jpeg'; bytes: Buffer } | null;
  now: Date;
};

export function insertMessage(db: Db, m: NewMessage) {
  return db
    .insertInto('support_chat_message')
    .values({
      conversation_id: m.conversationId,
      seq: m.seq,
      sender: m.sender,
      sender_name: m.senderName,
      body: m.body,
      image_mime: m.image?.mime ?? null,
      image_bytes: m.image?.bytes ?? null,
      created_at: m.now,
    })
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export type MessageRow = Awaited<ReturnType<typeof insertMessage>>;

export async function countSentSince(db: Db, conversationId: bigint, senders: ChatSender[], since: Date): Promise<number> {
  const row = await db
    .selectFrom('support_chat_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('conversation_id', '=', conversationId)
    .where('sender', 'in', senders)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of messages in seq order: the newest `limit` before `beforeSeq`, or the first `limit` after `afterSeq`. */
export async function listMessages(db: Db, conversationId: bigint, page: { beforeSeq?: number; afterSeq?: number; limit: number }) {
  let q = db.selectFrom('support_chat_message').select(MESSAGE_COLUMNS).where('conversation_id', '=', conversationId);
  if (page.afterSeq !== undefined) {
    const rows = await q
      .where('seq', '>', page.afterSeq)
      .orderBy('seq', 'asc')
      .limit(page.limit + 1)
      .execute();
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
  }
  if (page.beforeSeq !== undefined) q = q.where('seq', '<', page.beforeSeq);
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit };
}

export function findImage(db: Db, conversationId: bigint, messageId: bigint) {
  return db
    .selectFrom('support_chat_message')
    .select(['image_mime', 'image_bytes'])
    .where('id', '=', messageId)
    .where('conversation_id', '=', conversationId)
    .where('image_bytes', 'is not', null)
    .executeTakeFirst();
}

/** Moves a side's read marker forward only, never past the last message. */
export function markRead(db: Db, id: bigint, side: 'customer' | 'staff', seq: number) {
  const column = side === 'customer' ? 'customer_read_seq' : 'staff_read_seq';
  return db
    .updateTable('support_chat_conversation')
    .set({ [column]: sql<number>`greatest(${sql.ref(column)}, least(${seq}::int, last_seq))` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function markTyping(db: Db, id: bigint, side: 'customer' | 'staff', now: Date) {
  return db
    .updateTable('support_chat_conversation')
    .set(side === 'customer' ? { customer_typing_at: now } : { staff_typing_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'CLOSED')
    .returningAll()
    .executeTakeFirst();
}

export function setClosed(db: Db, id: bigint, now: Date) {
  return db
    .updateTable('support_chat_conversation')
    .set({ status: 'CLOSED', closed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'CLOSED')
    .returningAll()
    .executeTakeFirst();
}

/** The rating: only of a closed conversation, only once (the condition is the guard, whatever runs at the same time). */
export function setRating(db: Db, id: bigint, rating: number, comment: string | null, now: Date) {
  return db
    .updateTable('support_chat_conversation')
    .set({ rating, rating_comment: comment, rated_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'CLOSED')
    .where('rating', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function setClaimed(db: Db, id: bigint, staff: { id: string; name: string }, now: Date) {
  return db
    .updateTable('support_chat_conversation')
    .set({ status: 'OPEN', staff_id: staff.id, staff_name: staff.name, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'CLOSED')
    .returningAll()
    .executeTakeFirst();
}

/** Messages from staff (and the system) the member has not read, over all their conversations. */
export async function unreadForMember(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('support_chat_message as m')
    .innerJoin('support_chat_conversation as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.member_id', '=', memberId)
    .where('m.sender', 'in', ['STAFF', 'SYSTEM'])
    .whereRef('m.seq', '>', 'c.customer_read_seq')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function unreadForConversation(db: Db, id: bigint, side: 'customer' | 'staff'): Promise<number> {
  const senders: ChatSender[] = side === 'customer' ? ['STAFF', 'SYSTEM'] : ['MEMBER', 'GUEST'];
  const row = await db
    .selectFrom('support_chat_message as m')
    .innerJoin('support_chat_conversation as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('c.id', '=', id)
    .where('m.sender', 'in', senders)
    .whereRef('m.seq', '>', side === 'customer' ? 'c.customer_read_seq' : 'c.staff_read_seq')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const STATUS_RANK = sql<number>`case status when 'WAITING' then 0 when 'OPEN' then 1 else 2 end`;

/** The desk's queue: waiting first (oldest first), then open (oldest first), then closed (newest first). */
export async function listBrandConversations(
  db: Db,
  brandId: number,
  status: ChatStatus | undefined,
  page: { limit: number; offset: number },
) {
  let q = db.selectFrom('support_chat_conversation').where('brand_id', '=', brandId);
  if (status) q = q.where('status', '=', status);
  const rows = await q
    .selectAll()
    .orderBy(STATUS_RANK)
    .orderBy(sql`case when status = 'CLOSED' then -id else id end`)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function listRated(db: Db, brandId: number, page: { limit: number; offset: number }) {
  const q = db.selectFrom('support_chat_conversation').where('brand_id', '=', brandId).where('rating', 'is not', null);
  const rows = await q.selectAll().orderBy('rated_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  const agg = await q
    .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string | null>`round(avg(rating)::numeric, 2)::text`.as('average')])
    .executeTakeFirstOrThrow();
  return { rows, total: Number(agg.n), average: agg.average };
}

export async function usernamesOf(db: Db, memberIds: number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db.selectFrom('member').select(['id', 'username']).where('id', 'in', memberIds).execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function staffUnreadOf(db: Db, ids: bigint[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('support_chat_message as m')
    .innerJoin('support_chat_conversation as c', 'c.id', 'm.conversation_id')
    .select(['c.id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('c.id', 'in', ids)
    .where('m.sender', 'in', ['MEMBER', 'GUEST'])
    .whereRef('m.seq', '>', 'c.staff_read_seq')
    .groupBy('c.id')
    .execute();
  return new Map(rows.map((r) => [String(r.id), Number(r.n)]));
}
