import type { Feedback, FeedbackConfig } from '@playfront/contract/support';
import {
  FEEDBACK_DEFAULT_BOUNDS,
  FEEDBACK_IMAGE_TYPES,
  FEEDBACK_MAX_IMAGE_BYTES,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_RATE,
  FEEDBACK_TYPES,
  type FeedbackStatus,
  feedbackLength,
} from '@playfront/contract/support-paths';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  countSentSince,
  findImage,
  findSettings,
  imageIdsOf,
  insertFeedback,
  insertImage,
  insertReply,
  listBrandFeedback,
  listMemberFeedback,
  lockBrandFeedback,
  lockMember,
  repliesOf,
  saveSettings,
  setStatus,
  usernameOf,
} from './feedback.repository.ts';
import type { FeedbackRow } from './feedback.table.ts';
import type { FeedbackForm } from './feedback-form.ts';

type Member = { memberId: number; brandId: number };
type Page = { pageNo: number; pageSize: number };

const HOUR_MS = 3_600_000;

export async function feedbackBounds(db: Db, brandId: number): Promise<{ minChars: number; maxChars: number }> {
  const row = await findSettings(db, brandId);
  return row ? { minChars: row.min_chars, maxChars: row.max_chars } : { ...FEEDBACK_DEFAULT_BOUNDS };
}

export async function feedbackConfig(db: Db, brandId: number): Promise<FeedbackConfig> {
  return {
    types: [...FEEDBACK_TYPES],
    ...(await feedbackBounds(db, brandId)),
    maxImages: FEEDBACK_MAX_IMAGES,
    maxImageBytes: FEEDBACK_MAX_IMAGE_BYTES,
    imageTypes: [...FEEDBACK_IMAGE_TYPES],
  };
}

/** Refuses a member who already sent as much as an hour or a day allows (stored feedback counts, refused sends do not). */
async function assertNotFlooding(db: Db, memberId: number, now: Date): Promise<void> {
  const lastHour = await countSentSince(db, memberId, new Date(now.getTime() - HOUR_MS));
  if (lastHour >= FEEDBACK_RATE.perHour) throw new AppError('FEEDBACK_TOO_FREQUENT');
  const lastDay = await countSentSince(db, memberId, new Date(now.getTime() - 24 * HOUR_MS));
  if (lastDay >= FEEDBACK_RATE.perDay) throw new AppError('FEEDBACK_TOO_FREQUENT');
}

/** Early check before the upload is read: a member at the limit does not get to send 15 MB for nothing. */
export const checkFeedbackRate = (db: Db, memberId: number, now: Date) => assertNotFlooding(db, memberId, now);

export async function submitFeedback(db: Db, member: Member, form: FeedbackForm, now: Date): Promise<Feedback> {
  if (!form.type) throw new AppError('VALIDATION', { fields: { type: { key: 'errors.feedbackTypeRequired' } } });
  const content = form.content.trim();
  const { minChars, maxChars } = await feedbackBounds(db, member.brandId);
  const length = feedbackLength(content);
  // PostgreSQL text cannot hold U+0000 (the JSON routes refuse it in http/nul-guard.ts).
  if (length < minChars || length > maxChars || content.includes('\u0000')) {
    throw new AppError('VALIDATION', {
      fields: { content: { key: 'errors.feedbackContentLength', params: { min: minChars, max: maxChars } } },
    });
  }
  if (form.images.length > FEEDBACK_MAX_IMAGES) throw new AppError('FEEDBACK_TOO_MANY_IMAGES');
  const type = form.type;
  return db.transaction().execute(async (trx) => {
    // Under the member's row lock, so two sends at once cannot both pass the limit.
    await lockMember(trx, member.memberId);
    await assertNotFlooding(trx, member.memberId, now);
    const row = await insertFeedback(trx, { brandId: member.brandId, memberId: member.memberId, type, content, now });
    for (const image of form.images) await insertImage(trx, row.id, image.mime, image.bytes);
    const [view] = await views(trx, [row]);
    return view!;
  });
}

async function views(db: Db, rows: FeedbackRow[]): Promise<Feedback[]> {
  const ids = rows.map((r) => r.id);
  const images = await imageIdsOf(db, ids);
  const replies = await repliesOf(db, ids);
  return rows.map((r) => ({
    id: String(r.id),
    type: r.type,
    content: r.content,
    status: r.status,
    imageIds: images.get(String(r.id)) ?? [],
    replies: replies.get(String(r.id)) ?? [],
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

export async function myFeedback(db: Db, member: Member, page: Page) {
  const { rows, total } = await listMemberFeedback(db, member.memberId, {
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
  });
  return { list: await views(db, rows), total };
}

export async function brandFeedback(db: Db, brandId: number, query: Page & { status?: FeedbackStatus }) {
  const { rows, total } = await listBrandFeedback(db, brandId, query.status, {
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const list = await views(db, rows);
  return { list: list.map((f, i) => ({ ...f, memberId: rows[i]!.member_id, username: rows[i]!.username })), total };
}

async function opsView(db: Db, row: FeedbackRow) {
  const [view] = await views(db, [row]);
  return { ...view!, memberId: row.member_id, username: (await usernameOf(db, row.member_id)).username };
}

/** The operator's reply: the member sees it in their list; the feedback becomes ANSWERED. A closed one takes none. */
export function replyToFeedback(
  db: Db,
  brandId: number,
  feedbackId: string,
  content: string,
  now: Date,
  inTx?: (trx: Db, before: { status: string }, after: { status: string }) => Promise<void>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockBrandFeedback(trx, brandId, BigInt(feedbackId));
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    if (row.status === 'CLOSED') throw new AppError('FEEDBACK_CLOSED');
    await insertReply(trx, row.id, content.trim(), now);
    const after = await setStatus(trx, row.id, 'ANSWERED', now);
    await inTx?.(trx, { status: row.status }, { status: after.status });
    return opsView(trx, after);
  });
}

/** Closing is final; closing a closed one again changes nothing. */
export function closeFeedback(
  db: Db,
  brandId: number,
  feedbackId: string,
  now: Date,
  inTx?: (trx: Db, before: { status: string }, after: { status: string }) => Promise<void>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await lockBrandFeedback(trx, brandId, BigInt(feedbackId));
    if (!row) throw new AppError('FEEDBACK_NOT_FOUND');
    if (row.status === 'CLOSED') return opsView(trx, row);
    const after = await setStatus(trx, row.id, 'CLOSED', now);
    await inTx?.(trx, { status: row.status }, { status: after.status });
    return opsView(trx, after);
  });
}

export async function saveFeedbackBounds(db: Db, brandId: number, bounds: { minChars: number; maxChars: number }, now: Date) {
  await saveSettings(db, brandId, bounds.minChars, bounds.maxChars, now);
  return feedbackBounds(db, brandId);
}

/** An image of one feedback, for its owner (memberId) or the brand's operator (brandId); anyone else finds nothing. */
export async function feedbackImage(db: Db, where: { feedbackId: string; imageId: string; memberId?: number; brandId?: number }) {
  const image = await findImage(db, { ...where, feedbackId: BigInt(where.feedbackId), imageId: BigInt(where.imageId) });
  if (!image) throw new AppError('NOT_FOUND');
  return image;
}
