import multipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, AVATAR_PATHS } from '@playfront/contract/avatar-paths';
import { AccountInfoResponseSchema } from '@playfront/contract/security';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { storedAvatar, uploadAvatar } from './avatar.service.ts';
import type { AvatarStorage } from './avatar-storage.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** One file, ≤ 2 MB (busboy stops a bigger one while it streams); no other field. */
const UPLOAD_LIMITS = { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 };

async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'avatar') bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('AVATAR_IMAGE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw new AppError('VALIDATION');
  }
  if (!bytes || bytes.length === 0) throw new AppError('AVATAR_IMAGE_INVALID');
  return bytes;
}

/** The member's upload (security centre), real members only. */
export const avatarUploadRoutes: FastifyPluginAsyncZod<{ storage: AvatarStorage }> = async (app, { storage }) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  app.post(
    AVATAR_PATHS.upload,
    {
      preParsing: requireMember(),
      schema: {
        tags: ['security'],
        summary: 'Upload a profile picture (multipart file `avatar`: png, jpg or webp by content, ≤ 2 MB); made a 256 px webp',
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request) => {
      const bytes = await readUpload(request);
      return ok(await uploadAvatar(app.deps.db, storage, memberOf(request).memberId, bytes, app.deps.now()));
    },
  );
};

/**
 * Uploaded pictures: public, because an <img> carries no token; the name is a hash nobody can guess without the picture
 * and changes with it, so an answer is kept for a year. Never run as anything but a picture.
 */
const avatarPictureRoutes: FastifyPluginAsyncZod<{ storage: AvatarStorage }> = async (app, { storage }) => {
  app.get(AVATAR_PATHS.picture, { schema: { hide: true, params: z.object({ file: z.string().max(60) }) } }, async (request, reply) => {
    const bytes = await storedAvatar(storage, request.params.file);
    if (!bytes) throw new AppError('NOT_FOUND');
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(bytes);
  });
};

export const avatarPlugin: FastifyPluginAsync<{ storage: AvatarStorage }> = async (app, opts) => {
  await app.register(avatarUploadRoutes, opts);
  await app.register(avatarPictureRoutes, opts);
};
