import { createHash } from 'node:crypto';
import type { ChatConversation, ChatLiveData, ChatMessage, ChatSender, ChatStatus } from '@playfront/contract/support-chat-paths';
import { CHAT_MAX_TEXT_CHARS, CHAT_SEND_PER_MINUTE, CHAT_TYPING_MS } from '@playfront/contract/support-chat-paths';
import { feedbackLength } from '@playfront/contract/support-paths';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  countSentSince,
  findByGuestHash,
  findConversation,
  findCurrentOfMember,
  findImage,
  insertConversation,
  insertMessage,
  listBrandConversations,
  listMessages,
  listRated,
  type MessageRow,
  markRead,
  markTyping,
  setClaimed,
  setClosed,
  setRating,
  staffUnreadOf,
  takeNextSeq,
  unreadForConversation,
  unreadForMember,
  usernamesOf,
} from './chat.repository.ts';
import type { ConversationRow } from './chat.table.ts';
import { isLegacyGuestToken, isSignedGuestToken, issueGuestToken } from './guest-token.ts';

/**
 * The live chat's rules, independent of who authenticated the call: the member/guest routes pass a ChatCustomer, the
 * staff desk (the operator key today, the console's staff sessions tomorrow) passes the brand and a ChatStaff. Live
 * delivery goes through the ChatNotifier the caller hands in, so this file knows nothing of Fastify or the socket.
 */
export type ChatCustomer =
  | { kind: 'member'; brandId: number; memberId: number }
  | { kind: 'guest'; brandId: number; conversationId: bigint };
export type ChatStaff = { id: string; name: string };
/** Tells the conversation's customer (a member's sockets on every instance; guests poll instead). */
export type ChatNotifier = (conversation: ConversationRow, data: ChatLiveData) => void;

type Image = { mime: 'image/png' | 'image/jpeg'; bytes: Buffer };

export const guestTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export function conversationView(row: ConversationRow, now: Date): ChatConversation {
  const typingUntil = (at: Date | null) => {
    if (!at) return null;
    const until = at.getTime() + CHAT_TYPING_MS;
    return until > now.getTime() ? new Date(until).toISOString() : null;
  };
  return {
    id: String(row.id),
    status: row.status,
    guestName: row.guest_name,
    staffName: row.staff_name,
    lastSeq: row.last_seq,
    customerReadSeq: row.customer_read_seq,
    staffReadSeq: row.staff_read_seq,
    customerTypingUntil: typingUntil(row.customer_typing_at),
    staffTypingUntil: typingUntil(row.staff_typing_at),
    rating: row.rating,
    ratingComment: row.rating_comment,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

export function messageView(row: MessageRow): ChatMessage {
  return {
    id: String(row.id),
    seq: row.seq,
    sender: row.sender,
    senderName: row.sender_name,
    text: row.body,
    hasImage: row.image_mime !== null,
    createdAt: row.created_at.toISOString(),
  };
}

const customerSender = (c: ChatCustomer): ChatSender => (c.kind === 'member' ? 'MEMBER' : 'GUEST');

/** The customer's own conversation, or CHAT_NOT_FOUND (another's conversation looks exactly like a missing one). */
async function ownConversation(db: Db, customer: ChatCustomer, id: bigint): Promise<ConversationRow> {
  if (customer.kind === 'guest' && customer.conversationId !== id) throw new AppError('CHAT_NOT_FOUND');
  const row = await findConversation(db, {
    brandId: customer.brandId,
    id,
    ...(customer.kind === 'member' ? { memberId: customer.memberId } : {}),
  });
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  return row;
}

async function brandConversation(db: Db, brandId: number, id: bigint): Promise<ConversationRow> {
  const row = await findConversation(db, { brandId, id });
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  return row;
}

/**
 * A guest's token → the guest's conversation (any status, so a closed one can still be read and rated), else undefined.
 * A token this server did not sign for this brand is refused before the database is asked (an unsigned one from before
 * decision 052 only finds the conversation it already holds).
 */
export async function guestOf(db: Db, brandId: number, token: string): Promise<ChatCustomer | undefined> {
  if (!isLegacyGuestToken(token) && !(await isSignedGuestToken(db, brandId, token))) return undefined;
  const row = await findByGuestHash(db, brandId, guestTokenHash(token));
  return row ? { kind: 'guest', brandId, conversationId: row.id } : undefined;
}

/**
 * Opens the chat panel and creates nothing (a conversation starts with the customer's first message, startChat): a
 * member sees their conversation that is not closed, or none; a guest with a token sees theirs unless closed; a guest
 * without one (or with a closed one) gives a name and gets a fresh token, shown only now, which their first message
 * carries. Nothing is stored until then, so opening and closing the panel leaves no empty conversation for the desk.
 */
export async function openChat(
  db: Db,
  who:
    | { kind: 'member'; brandId: number; memberId: number }
    | { kind: 'guest'; brandId: number; existing?: ChatCustomer; guestName?: string },
  now: Date,
): Promise<{ conversation: ChatConversation | null; guestToken?: string; unread: number }> {
  if (who.kind === 'member') {
    const row = await findCurrentOfMember(db, who.memberId);
    return { conversation: row ? conversationView(row, now) : null, unread: await unreadForMember(db, who.memberId) };
  }
  if (who.existing?.kind === 'guest') {
    const row = await ownConversation(db, who.existing, who.existing.conversationId);
    if (row.status !== 'CLOSED')
      return { conversation: conversationView(row, now), unread: await unreadForConversation(db, row.id, 'customer') };
  }
  if (!who.guestName) throw new AppError('CHAT_GUEST_NAME_INVALID');
  return { conversation: null, guestToken: await issueGuestToken(db, who.brandId), unread: 0 };
}

/**
 * The customer's first message, which starts the conversation (or goes into the one not closed, if two tabs raced):
 * the text is checked before anything is stored, then the conversation is made and the message posted. A guest's
 * conversation is made under the token openChat gave and the name given with it.
 */
export async function startChat(
  db: Db,
  who: { kind: 'member'; brandId: number; memberId: number } | { kind: 'guest'; brandId: number; token: string; guestName?: string },
  text: string,
  now: Date,
  notify: ChatNotifier,
): Promise<{ conversation: ChatConversation; message: ChatMessage }> {
  const body = checkedText(text);
  let row: ConversationRow | undefined;
  let customer: ChatCustomer;
  if (who.kind === 'member') {
    row = await findCurrentOfMember(db, who.memberId);
    row ??= await insertConversation(db, { brandId: who.brandId, memberId: who.memberId, guestName: null, guestTokenHash: null, now });
    row ??= await findCurrentOfMember(db, who.memberId);
    customer = who;
  } else {
    const signed = await isSignedGuestToken(db, who.brandId, who.token);
    if (!signed && !isLegacyGuestToken(who.token)) throw new AppError('NOT_LOGGED_IN');
    const hash = guestTokenHash(who.token);
    row = await findByGuestHash(db, who.brandId, hash);
    if (!row) {
      // Only a token this server gave may start a conversation: a made-up one could be chosen to be guessed.
      if (!signed) throw new AppError('NOT_LOGGED_IN');
      if (!who.guestName) throw new AppError('CHAT_GUEST_NAME_INVALID');
      try {
        row = await insertConversation(db, { brandId: who.brandId, memberId: null, guestName: who.guestName, guestTokenHash: hash, now });
      } catch (err) {
        // The same token's other tab made it a moment ago (unique token hash): use that one.
        if ((err as { code?: string }).code !== '23505') throw err;
        row = await findByGuestHash(db, who.brandId, hash);
      }
    }
    if (row?.status === 'CLOSED') throw new AppError('CHAT_CLOSED');
    customer = { kind: 'guest', brandId: who.brandId, conversationId: row?.id ?? 0n };
  }
  if (!row) throw new AppError('UNKNOWN');
  const message = await post(
    db,
    row.id,
    { sender: customerSender(customer), name: null, limitPerMinute: true },
    { text: body, image: null },
    now,
    notify,
  );
  const fresh = await findConversation(db, { brandId: row.brand_id, id: row.id });
  return { conversation: conversationView(fresh ?? row, now), message };
}

/** The customer's current conversation (a member's not-closed one; a guest's own) with the unread count for the badge. */
export async function currentChat(db: Db, customer: ChatCustomer, now: Date) {
  if (customer.kind === 'member') {
    const row = await findCurrentOfMember(db, customer.memberId);
    return { conversation: row ? conversationView(row, now) : null, unread: await unreadForMember(db, customer.memberId) };
  }
  const row = await ownConversation(db, customer, customer.conversationId);
  return { conversation: conversationView(row, now), unread: await unreadForConversation(db, row.id, 'customer') };
}

type HistoryPage = { beforeSeq?: number | undefined; afterSeq?: number | undefined; limit: number };

async function history(db: Db, row: ConversationRow, page: HistoryPage, now: Date) {
  const { rows, hasMore } = await listMessages(db, row.id, {
    limit: page.limit,
    ...(page.afterSeq !== undefined ? { afterSeq: page.afterSeq } : {}),
    ...(page.beforeSeq !== undefined ? { beforeSeq: page.beforeSeq } : {}),
  });
  return { conversation: conversationView(row, now), messages: rows.map(messageView), hasMore };
}

export async function customerHistory(db: Db, customer: ChatCustomer, id: bigint, page: HistoryPage, now: Date) {
  return history(db, await ownConversation(db, customer, id), page, now);
}

export async function staffHistory(db: Db, brandId: number, id: bigint, page: HistoryPage, now: Date) {
  return history(db, await brandConversation(db, brandId, id), page, now);
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  const n = feedbackLength(trimmed);
  if (n < 1 || n > CHAT_MAX_TEXT_CHARS || trimmed.includes('\u0000')) throw new AppError('CHAT_TEXT_INVALID');
  return trimmed;
}

/**
 * Called inside the transaction of a staff change (claim, reply, close) with what changed, so the console writes its
 * audit row in that same transaction (decision 040); a failure there rolls the change back.
 */
export type InTx = (trx: Db, change: { kind: 'claim' | 'reply' | 'close' } & Record<string, unknown>) => Promise<void>;

/**
 * One message into a conversation that is not closed: its seq taken under the conversation's row lock, the per-minute
 * limit counted under the same lock, the message stored, all in one transaction; the customer is told after the commit.
 */
async function post(
  db: Db,
  conversationId: bigint,
  from: { sender: ChatSender; name: string | null; limitPerMinute: boolean },
  content: { text: string | null; image: Image | null },
  now: Date,
  notify: ChatNotifier,
  inTx?: InTx,
): Promise<ChatMessage> {
  const { row, message } = await db.transaction().execute(async (trx) => {
    const row = await takeNextSeq(trx, conversationId, now);
    if (!row) throw new AppError('CHAT_CLOSED');
    if (from.limitPerMinute) {
      const recent = await countSentSince(trx, conversationId, [from.sender], new Date(now.getTime() - 60_000));
      if (recent >= CHAT_SEND_PER_MINUTE) throw new AppError('CHAT_TOO_FAST');
    }
    const message = await insertMessage(trx, {
      conversationId,
      seq: row.last_seq,
      sender: from.sender,
      senderName: from.name,
      body: content.text,
      image: content.image,
      now,
    });
    await inTx?.(trx, { kind: 'reply', seq: row.last_seq, hasText: content.text !== null, hasImage: content.image !== null });
    return { row, message };
  });
  const view = messageView(message);
  notify(row, { kind: 'message', conversationId: String(row.id), message: view });
  return view;
}

export async function customerSend(
  db: Db,
  customer: ChatCustomer,
  id: bigint,
  content: { text?: string; image?: Image },
  now: Date,
  notify: ChatNotifier,
) {
  const row = await ownConversation(db, customer, id);
  if (row.status === 'CLOSED') throw new AppError('CHAT_CLOSED');
  const text = content.text !== undefined ? checkedText(content.text) : null;
  // Only staff see a customer's message live (the desk polls); the customer's other tabs learn it too.
  return post(
    db,
    row.id,
    { sender: customerSender(customer), name: null, limitPerMinute: true },
    { text, image: content.image ?? null },
    now,
    notify,
  );
}

export async function staffSend(
  db: Db,
  brandId: number,
  staff: ChatStaff,
  id: bigint,
  content: { text?: string; image?: Image },
  now: Date,
  notify: ChatNotifier,
  inTx?: InTx,
) {
  const row = await brandConversation(db, brandId, id);
  if (row.status === 'CLOSED') throw new AppError('CHAT_CLOSED');
  const text = content.text !== undefined ? checkedText(content.text) : null;
  // A reply to a waiting conversation claims it for the staff member who answered.
  if (row.status === 'WAITING') await claimChat(db, brandId, staff, id, now, notify, inTx);
  return post(
    db,
    row.id,
    { sender: 'STAFF', name: staff.name, limitPerMinute: false },
    { text, image: content.image ?? null },
    now,
    notify,
    inTx,
  );
}

export async function customerImage(db: Db, customer: ChatCustomer, id: bigint, messageId: bigint) {
  const row = await ownConversation(db, customer, id);
  const image = await findImage(db, row.id, messageId);
  if (!image?.image_bytes || !image.image_mime) throw new AppError('NOT_FOUND');
  return { mime: image.image_mime, bytes: image.image_bytes };
}

export async function staffImage(db: Db, brandId: number, id: bigint, messageId: bigint) {
  const row = await brandConversation(db, brandId, id);
  const image = await findImage(db, row.id, messageId);
  if (!image?.image_bytes || !image.image_mime) throw new AppError('NOT_FOUND');
  return { mime: image.image_mime, bytes: image.image_bytes };
}

export async function customerRead(db: Db, customer: ChatCustomer, id: bigint, seq: number, now: Date) {
  const row = await ownConversation(db, customer, id);
  return conversationView(await markRead(db, row.id, 'customer', seq), now);
}

export async function staffRead(db: Db, brandId: number, id: bigint, seq: number, now: Date, notify: ChatNotifier) {
  const row = await brandConversation(db, brandId, id);
  const after = await markRead(db, row.id, 'staff', seq);
  if (after.staff_read_seq !== row.staff_read_seq)
    notify(after, { kind: 'read', conversationId: String(after.id), staffReadSeq: after.staff_read_seq });
  return conversationView(after, now);
}

export async function customerTyping(db: Db, customer: ChatCustomer, id: bigint, now: Date) {
  const row = await ownConversation(db, customer, id);
  if (!(await markTyping(db, row.id, 'customer', now))) throw new AppError('CHAT_CLOSED');
}

export async function staffTyping(db: Db, brandId: number, id: bigint, now: Date, notify: ChatNotifier) {
  const row = await brandConversation(db, brandId, id);
  const after = await markTyping(db, row.id, 'staff', now);
  if (!after) throw new AppError('CHAT_CLOSED');
  notify(after, { kind: 'typing', conversationId: String(after.id), until: new Date(now.getTime() + CHAT_TYPING_MS).toISOString() });
}

/** Ends the chat with a system line saying who ended it; ending an ended chat changes nothing. */
async function close(
  db: Db,
  row: ConversationRow,
  by: 'closedByCustomer' | 'closedByStaff',
  staffName: string | null,
  now: Date,
  notify: ChatNotifier,
  inTx?: InTx,
) {
  if (row.status === 'CLOSED') return conversationView(row, now);
  const closed = await db.transaction().execute(async (trx) => {
    const seq = await takeNextSeq(trx, row.id, now);
    if (!seq) return undefined;
    const message = await insertMessage(trx, {
      conversationId: row.id,
      seq: seq.last_seq,
      sender: 'SYSTEM',
      senderName: staffName,
      body: by,
      image: null,
      now,
    });
    const after = await setClosed(trx, row.id, now);
    if (after) await inTx?.(trx, { kind: 'close', seq: seq.last_seq, status: 'CLOSED', before: { status: row.status } });
    return after ? { after, message } : undefined;
  });
  if (!closed) return conversationView((await findConversation(db, { brandId: row.brand_id, id: row.id }))!, now);
  notify(closed.after, { kind: 'message', conversationId: String(row.id), message: messageView(closed.message) });
  notify(closed.after, { kind: 'status', conversationId: String(row.id), status: 'CLOSED', staffName: closed.after.staff_name });
  return conversationView(closed.after, now);
}

export async function customerClose(db: Db, customer: ChatCustomer, id: bigint, now: Date, notify: ChatNotifier) {
  return close(db, await ownConversation(db, customer, id), 'closedByCustomer', null, now, notify);
}

export async function staffClose(
  db: Db,
  brandId: number,
  staff: ChatStaff | null,
  id: bigint,
  now: Date,
  notify: ChatNotifier,
  inTx?: InTx,
) {
  return close(db, await brandConversation(db, brandId, id), 'closedByStaff', staff?.name ?? null, now, notify, inTx);
}

export async function rateChat(db: Db, customer: ChatCustomer, id: bigint, rating: number, comment: string | undefined, now: Date) {
  const row = await ownConversation(db, customer, id);
  if (row.status !== 'CLOSED') throw new AppError('CHAT_NOT_CLOSED');
  const after = await setRating(db, row.id, rating, comment?.trim() || null, now);
  if (!after) throw new AppError('CHAT_ALREADY_RATED');
  return conversationView(after, now);
}

/** Staff takes a conversation (waiting, or over from a colleague); the customer sees a "joined" line and the status. */
export async function claimChat(db: Db, brandId: number, staff: ChatStaff, id: bigint, now: Date, notify: ChatNotifier, inTx?: InTx) {
  const row = await brandConversation(db, brandId, id);
  if (row.status === 'CLOSED') throw new AppError('CHAT_CLOSED');
  if (row.status === 'OPEN' && row.staff_id === staff.id) return opsView(db, row, now);
  const done = await db.transaction().execute(async (trx) => {
    const seq = await takeNextSeq(trx, row.id, now);
    if (!seq) return undefined;
    const message = await insertMessage(trx, {
      conversationId: row.id,
      seq: seq.last_seq,
      sender: 'SYSTEM',
      senderName: staff.name,
      body: 'joined',
      image: null,
      now,
    });
    const after = await setClaimed(trx, row.id, staff, now);
    if (after)
      await inTx?.(trx, { kind: 'claim', seq: seq.last_seq, status: 'OPEN', before: { status: row.status, staffName: row.staff_name } });
    return after ? { after, message } : undefined;
  });
  if (!done) throw new AppError('CHAT_CLOSED');
  notify(done.after, { kind: 'message', conversationId: String(row.id), message: messageView(done.message) });
  notify(done.after, { kind: 'status', conversationId: String(row.id), status: 'OPEN', staffName: staff.name });
  return opsView(db, done.after, now);
}

async function opsViews(db: Db, rows: ConversationRow[], now: Date) {
  const names = await usernamesOf(db, [...new Set(rows.flatMap((r) => (r.member_id === null ? [] : [r.member_id])))]);
  const unread = await staffUnreadOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...conversationView(r, now),
    memberId: r.member_id,
    username: r.member_id === null ? null : (names.get(r.member_id) ?? null),
    unreadForStaff: unread.get(String(r.id)) ?? 0,
    lastMessageAt: r.last_message_at?.toISOString() ?? null,
  }));
}

export async function opsView(db: Db, row: ConversationRow, now: Date) {
  const [view] = await opsViews(db, [row], now);
  return view!;
}

export async function staffConversation(db: Db, brandId: number, id: bigint, now: Date) {
  return opsView(db, await brandConversation(db, brandId, id), now);
}

export async function deskQueue(
  db: Db,
  brandId: number,
  query: { status?: ChatStatus | undefined; pageNo: number; pageSize: number },
  now: Date,
) {
  const { rows, total } = await listBrandConversations(db, brandId, query.status, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  return { list: await opsViews(db, rows, now), total };
}

export async function deskRatings(db: Db, brandId: number, page: { pageNo: number; pageSize: number }, now: Date) {
  const { rows, total, average } = await listRated(db, brandId, { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize });
  return { list: await opsViews(db, rows, now), total, average };
}
