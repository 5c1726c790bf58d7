import {
  ACTIVITY_COMMENT_MAX_CHARS,
  ACTIVITY_COMMENT_MAX_IMAGE_BYTES,
  ACTIVITY_COMMENT_MAX_IMAGES,
} from '@playfront/contract/promotions-paths';
import { graphemeLength } from '@playfront/contract/text-length';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { pngOrJpegOf, sendStoredImage } from '../../http/image-upload.ts';

/** Activity comments (spec sections 5 and 9): ≤ 140 characters, up to 3 png/jpg images of ≤ 5 MB, checked by content. */
export const COMMENT_UPLOAD_LIMITS = {
  fileSize: ACTIVITY_COMMENT_MAX_IMAGE_BYTES,
  files: ACTIVITY_COMMENT_MAX_IMAGES,
  fields: 2,
  fieldSize: 2000,
  parts: ACTIVITY_COMMENT_MAX_IMAGES + 2,
};

type Member = { memberId: number; brandId: number };
export type CommentParts = { body: string; images: { mime: 'image/png' | 'image/jpeg'; bytes: Buffer }[] };

export async function readCommentParts(request: FastifyRequest): Promise<CommentParts> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let body = '';
  const images: CommentParts['images'] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const mime = await pngOrJpegOf(bytes);
        if (!mime) throw new AppError('COMMENT_IMAGE_INVALID');
        images.push({ mime, bytes });
      } else if (part.fieldname === 'body') {
        body = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('COMMENT_IMAGE_INVALID');
    if (code === 'FST_FIELDS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    throw new AppError('VALIDATION');
  }
  body = body.trim();
  // Characters as a person counts them (a Bengali conjunct or an emoji is more than one UTF-16 unit).
  const length = graphemeLength(body);
  if (length === 0 || length > ACTIVITY_COMMENT_MAX_CHARS || body.includes('\u0000')) {
    throw new AppError('VALIDATION', {
      fields: { body: { key: 'errors.activityCommentLength', params: { max: ACTIVITY_COMMENT_MAX_CHARS } } },
    });
  }
  return { body, images };
}

async function promotionId(db: Db, brandId: number, code: string): Promise<number> {
  const row = await db.selectFrom('promotion').select('id').where('brand_id', '=', brandId).where('code', '=', code).executeTakeFirst();
  if (!row) throw new AppError('PROMOTION_NOT_FOUND');
  return row.id;
}

export async function addComment(db: Db, member: Member, code: string, parts: CommentParts, now: Date) {
  const id = await promotionId(db, member.brandId, code);
  return db.transaction().execute(async (trx) => {
    const comment = await trx
      .insertInto('promotion_comment')
      .values({ promotion_id: id, member_id: member.memberId, body: parts.body, created_at: now })
      .returning(['id', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    const imageIds: string[] = [];
    for (const image of parts.images) {
      const row = await trx
        .insertInto('promotion_comment_image')
        .values({ comment_id: comment.id, content_type: image.mime, bytes: image.bytes })
        .returning('id')
        .executeTakeFirstOrThrow();
      imageIds.push(String(row.id));
    }
    return { id: String(comment.id), body: comment.body, imageIds, createdAt: comment.created_at.toISOString() };
  });
}

export async function listComments(db: Db, member: Member, code: string) {
  const id = await promotionId(db, member.brandId, code);
  const rows = await db
    .selectFrom('promotion_comment as c')
    .leftJoin('promotion_comment_image as i', 'i.comment_id', 'c.id')
    .select(['c.id', 'c.body', 'c.created_at', 'i.id as image_id'])
    .where('c.promotion_id', '=', id)
    .where('c.member_id', '=', member.memberId)
    .orderBy('c.id', 'desc')
    .orderBy('i.id')
    .limit(200)
    .execute();
  const byId = new Map<string, { id: string; body: string; imageIds: string[]; createdAt: string }>();
  for (const r of rows) {
    const key = String(r.id);
    const entry = byId.get(key) ?? { id: key, body: r.body, imageIds: [], createdAt: r.created_at.toISOString() };
    if (r.image_id !== null) entry.imageIds.push(String(r.image_id));
    byId.set(key, entry);
  }
  return [...byId.values()];
}

/** Serves an image of the member's own comment, never as anything a browser could run. */
export async function sendCommentImage(
  db: Db,
  reply: FastifyReply,
  member: Member,
  params: { code: string; commentId: string; imageId: string },
) {
  const id = await promotionId(db, member.brandId, params.code);
  const image = await db
    .selectFrom('promotion_comment_image as i')
    .innerJoin('promotion_comment as c', 'c.id', 'i.comment_id')
    .select(['i.content_type', 'i.bytes'])
    .where('i.id', '=', BigInt(params.imageId))
    .where('c.id', '=', BigInt(params.commentId))
    .where('c.promotion_id', '=', id)
    .where('c.member_id', '=', member.memberId)
    .executeTakeFirst();
  if (!image) throw new AppError('NOT_FOUND');
  return sendStoredImage(reply, image.content_type, image.bytes);
}
