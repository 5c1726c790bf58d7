import { CHAT_MAX_IMAGE_BYTES } from '@playfront/contract/support-chat-paths';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { pngOrJpegOf, type UploadImageMime } from '../../../http/image-upload.ts';

/** One png/jpg ≤ 5 MB (busboy stops a bigger one while it streams) and, for staff, a `staffName` field. */
export const CHAT_UPLOAD_LIMITS = { fileSize: CHAT_MAX_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 };

export type ChatImageForm = { image: { mime: UploadImageMime; bytes: Buffer } | null; staffName: string };

/** Reads the upload and checks the picture by its bytes, as feedback images are (http/image-upload.ts). */
export async function readChatImageForm(request: FastifyRequest): Promise<ChatImageForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const form: ChatImageForm = { image: null, staffName: '' };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length === 0 && !part.filename) continue;
        const mime = await pngOrJpegOf(bytes);
        if (!mime) throw new AppError('FEEDBACK_IMAGE_INVALID');
        form.image = { mime, bytes };
      } else if (part.fieldname === 'staffName') {
        form.staffName = String(part.value).trim().slice(0, 40);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FEEDBACK_IMAGE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    throw new AppError('VALIDATION');
  }
  if (!form.image) throw new AppError('FEEDBACK_IMAGE_INVALID');
  return form;
}
