import type { RoomMessage } from '@playfront/contract/support-chat-paths';
import {
  maskWords,
  ROOM_LIST_SIZE,
  ROOM_MAX_TEXT_CHARS,
  ROOM_MIN_INTERVAL_MS,
  ROOM_PER_MINUTE,
} from '@playfront/contract/support-chat-paths';
import { feedbackLength } from '@playfront/contract/support-paths';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { maskName } from '../../lobby/lobby.service.ts';

/**
 * The public chat room: one per brand; members post within the limits (1 message every 2 s, 20 a minute, counted under
 * the member's row lock so two posts at once cannot both pass), muted members do not; the operator's words are masked
 * when messages are shown. Independent of the route's auth, like the chat service (the console can call it as well).
 */
type Row = { id: bigint; member_id: number; body: string; created_at: Date; deleted_at: Date | null; username: string; nickname: string };

export async function roomWords(db: Db, brandId: number): Promise<string[]> {
  const rows = await db.selectFrom('support_room_word').select('word').where('brand_id', '=', brandId).orderBy('word').execute();
  return rows.map((r) => r.word);
}

const authorOf = (r: Row) => (r.nickname.trim() ? r.nickname.trim() : maskName(r.username));

function view(r: Row, words: readonly string[], viewerId: number | null): RoomMessage {
  return {
    id: String(r.id),
    author: maskWords(authorOf(r), words),
    mine: viewerId === r.member_id,
    text: maskWords(r.body, words),
    createdAt: r.created_at.toISOString(),
  };
}

function latest(db: Db, brandId: number, withDeleted: boolean) {
  let q = db
    .selectFrom('support_room_message as r')
    .innerJoin('member as m', 'm.id', 'r.member_id')
    .select(['r.id', 'r.member_id', 'r.body', 'r.created_at', 'r.deleted_at', 'm.username', 'm.nickname'])
    .where('r.brand_id', '=', brandId);
  if (!withDeleted) q = q.where('r.deleted_at', 'is', null);
  return q.orderBy('r.id', 'desc').limit(ROOM_LIST_SIZE).execute();
}

async function mutedUntil(db: Db, brandId: number, memberId: number, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('support_room_mute')
    .select('muted_until')
    .where('brand_id', '=', brandId)
    .where('member_id', '=', memberId)
    .where('muted_until', '>', now)
    .executeTakeFirst();
  return row?.muted_until ?? null;
}

/** The latest messages, oldest first; removed ones are gone. The viewer (a member, or null for a guest) sees their own mute. */
export async function roomMessages(db: Db, brandId: number, viewerId: number | null, now: Date) {
  const [rows, words] = await Promise.all([latest(db, brandId, false), roomWords(db, brandId)]);
  const muted = viewerId === null ? null : await mutedUntil(db, brandId, viewerId, now);
  return { list: rows.reverse().map((r) => view(r, words, viewerId)), mutedUntil: muted?.toISOString() ?? null };
}

export async function postToRoom(db: Db, member: { brandId: number; memberId: number }, text: string, now: Date): Promise<RoomMessage> {
  const body = text.trim();
  const n = feedbackLength(body);
  if (n < 1 || n > ROOM_MAX_TEXT_CHARS || body.includes('\u0000')) throw new AppError('ROOM_TEXT_INVALID');
  const row = await db.transaction().execute(async (trx) => {
    // The member's row lock: concurrent posts of one member are counted one after the other, on any instance.
    await trx.selectFrom('member').select('id').where('id', '=', member.memberId).forUpdate().executeTakeFirstOrThrow();
    const muted = await mutedUntil(trx, member.brandId, member.memberId, now);
    if (muted) throw new AppError('ROOM_MUTED', { value: { mutedUntil: muted.toISOString() } });
    const recent = await trx
      .selectFrom('support_room_message')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('created_at').as('last')])
      .where('member_id', '=', member.memberId)
      .where('created_at', '>', new Date(now.getTime() - 60_000))
      .executeTakeFirstOrThrow();
    const last = recent.last ? new Date(recent.last as unknown as string | Date) : null;
    if (Number(recent.n) >= ROOM_PER_MINUTE || (last && now.getTime() - last.getTime() < ROOM_MIN_INTERVAL_MS)) {
      throw new AppError('ROOM_TOO_FAST');
    }
    return trx
      .insertInto('support_room_message')
      .values({ brand_id: member.brandId, member_id: member.memberId, body, created_at: now })
      .returning(['id', 'member_id', 'body', 'created_at', 'deleted_at'])
      .executeTakeFirstOrThrow();
  });
  const m = await db.selectFrom('member').select(['username', 'nickname']).where('id', '=', member.memberId).executeTakeFirstOrThrow();
  return view({ ...row, ...m }, await roomWords(db, member.brandId), member.memberId);
}

// ---- moderation ---------------------------------------------------------------

export async function moderationList(db: Db, brandId: number) {
  const [rows, words] = await Promise.all([latest(db, brandId, true), roomWords(db, brandId)]);
  return {
    list: rows.reverse().map((r) => ({
      ...view(r, words, null),
      memberId: r.member_id,
      username: r.username,
      original: r.body,
      deletedAt: r.deleted_at?.toISOString() ?? null,
    })),
  };
}

/** Replaces the brand's word list, kept in lower case (matching ignores case), each word once. */
export async function saveRoomWords(db: Db, brandId: number, words: readonly string[]) {
  const unique = [...new Set(words.map((w) => w.trim().toLowerCase()))].filter(Boolean);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('support_room_word').where('brand_id', '=', brandId).execute();
    if (unique.length > 0)
      await trx
        .insertInto('support_room_word')
        .values(unique.map((word) => ({ brand_id: brandId, word })))
        .execute();
  });
  return { words: await roomWords(db, brandId) };
}

/** Removes a message for everyone (it stays on record); removing it again changes nothing. */
export async function deleteRoomMessage(db: Db, brandId: number, messageId: bigint, now: Date) {
  const row = await db
    .selectFrom('support_room_message')
    .select(['id', 'deleted_at'])
    .where('id', '=', messageId)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (!row.deleted_at) await db.updateTable('support_room_message').set({ deleted_at: now }).where('id', '=', messageId).execute();
}

export async function muteMember(db: Db, brandId: number, memberId: number, minutes: number, now: Date) {
  const member = await db.selectFrom('member').select('id').where('id', '=', memberId).where('brand_id', '=', brandId).executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND');
  const until = new Date(now.getTime() + minutes * 60_000);
  await db
    .insertInto('support_room_mute')
    .values({ brand_id: brandId, member_id: memberId, muted_until: until, created_at: now })
    .onConflict((oc) => oc.columns(['brand_id', 'member_id']).doUpdateSet({ muted_until: until, created_at: now }))
    .execute();
  return { memberId, mutedUntil: until.toISOString() };
}

export async function unmuteMember(db: Db, brandId: number, memberId: number) {
  await db.deleteFrom('support_room_mute').where('brand_id', '=', brandId).where('member_id', '=', memberId).execute();
  return { memberId, mutedUntil: null };
}
