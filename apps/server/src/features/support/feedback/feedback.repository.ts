import type { FeedbackStatus, FeedbackType } from '@playfront/contract/support-paths';
import type { Db } from '../../../db/database.ts';
import type { FeedbackRow } from './feedback.table.ts';

/** Plain functions over the feedback tables, `db` first (a transaction is just another `db`). */

export function findSettings(db: Db, brandId: number) {
  return db.selectFrom('feedback_settings').select(['min_chars', 'max_chars']).where('brand_id', '=', brandId).executeTakeFirst();
}

export async function saveSettings(db: Db, brandId: number, minChars: number, maxChars: number, now: Date): Promise<void> {
  await db
    .insertInto('feedback_settings')
    .values({ brand_id: brandId, min_chars: minChars, max_chars: maxChars, updated_at: now })
    .onConflict((oc) => oc.column('brand_id').doUpdateSet({ min_chars: minChars, max_chars: maxChars, updated_at: now }))
    .execute();
}

/** Locks the member's row: concurrent sends of one member wait their turn, so the per-member limit holds. */
export async function lockMember(db: Db, memberId: number): Promise<void> {
  await db.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
}

export async function countSentSince(db: Db, memberId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type NewFeedback = { brandId: number; memberId: number; type: FeedbackType; content: string; now: Date };

export function insertFeedback(db: Db, f: NewFeedback): Promise<FeedbackRow> {
  return db
    .insertInto('feedback')
    .values({ brand_id: f.brandId, member_id: f.memberId, type: f.type, content: f.content, created_at: f.now, updated_at: f.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertImage(db: Db, feedbackId: bigint, mime: 'image/png' | 'image/jpeg', bytes: Buffer): Promise<void> {
  await db.insertInto('feedback_image').values({ feedback_id: feedbackId, mime, bytes }).execute();
}

type Page = { limit: number; offset: number };

/** A member's own feedback, newest first. */
export async function listMemberFeedback(db: Db, memberId: number, page: Page) {
  const rows = await db
    .selectFrom('feedback')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** A brand's feedback for the operator: filtered by status, oldest first (the queue's order); else newest first. */
export async function listBrandFeedback(db: Db, brandId: number, status: FeedbackStatus | undefined, page: Page) {
  let q = db
    .selectFrom('feedback as f')
    .innerJoin('member as m', 'm.id', 'f.member_id')
    .selectAll('f')
    .select('m.username')
    .where('f.brand_id', '=', brandId);
  let c = db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('brand_id', '=', brandId);
  if (status) {
    q = q.where('f.status', '=', status);
    c = c.where('status', '=', status);
  }
  const rows = await q
    .orderBy('f.id', status ? 'asc' : 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await c.executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export async function imageIdsOf(db: Db, feedbackIds: bigint[]): Promise<Map<string, string[]>> {
  const byFeedback = new Map<string, string[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await db
    .selectFrom('feedback_image')
    .select(['id', 'feedback_id'])
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('id')
    .execute();
  for (const r of rows) byFeedback.set(String(r.feedback_id), [...(byFeedback.get(String(r.feedback_id)) ?? []), String(r.id)]);
  return byFeedback;
}

export async function repliesOf(db: Db, feedbackIds: bigint[]) {
  const byFeedback = new Map<string, { id: string; content: string; createdAt: string }[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await db
    .selectFrom('feedback_reply')
    .select(['id', 'feedback_id', 'content', 'created_at'])
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const key = String(r.feedback_id);
    byFeedback.set(key, [...(byFeedback.get(key) ?? []), { id: String(r.id), content: r.content, createdAt: r.created_at.toISOString() }]);
  }
  return byFeedback;
}

/** One feedback of the brand, locked for a change (reply, close). */
export function lockBrandFeedback(db: Db, brandId: number, feedbackId: bigint) {
  return db.selectFrom('feedback').selectAll().where('id', '=', feedbackId).where('brand_id', '=', brandId).forUpdate().executeTakeFirst();
}

export async function insertReply(db: Db, feedbackId: bigint, content: string, now: Date): Promise<void> {
  await db.insertInto('feedback_reply').values({ feedback_id: feedbackId, content, created_at: now }).execute();
}

export function setStatus(db: Db, feedbackId: bigint, status: FeedbackStatus, now: Date): Promise<FeedbackRow> {
  return db.updateTable('feedback').set({ status, updated_at: now }).where('id', '=', feedbackId).returningAll().executeTakeFirstOrThrow();
}

export function usernameOf(db: Db, memberId: number) {
  return db.selectFrom('member').select('username').where('id', '=', memberId).executeTakeFirstOrThrow();
}

/** An image of one feedback: the owner's (memberId) or any of the brand's (the operator). */
export function findImage(db: Db, where: { feedbackId: bigint; imageId: bigint; memberId?: number; brandId?: number }) {
  let q = db
    .selectFrom('feedback_image as i')
    .innerJoin('feedback as f', 'f.id', 'i.feedback_id')
    .select(['i.mime', 'i.bytes'])
    .where('i.id', '=', where.imageId)
    .where('f.id', '=', where.feedbackId);
  if (where.memberId !== undefined) q = q.where('f.member_id', '=', where.memberId);
  if (where.brandId !== undefined) q = q.where('f.brand_id', '=', where.brandId);
  return q.executeTakeFirst();
}
