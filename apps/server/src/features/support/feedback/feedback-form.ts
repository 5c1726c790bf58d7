import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_IMAGES, FEEDBACK_TYPES, type FeedbackType } from '@playfront/contract/support-paths';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { pngOrJpegOf, type UploadImageMime } from '../../../http/image-upload.ts';

/**
 * Multipart limits of `PUT /wps/feedback`: busboy stops a 4th file or a file past 5 MB while it streams, so an
 * oversized upload is never held whole. The text field is generous in bytes (5000 characters of Bengali or emoji);
 * the service counts its characters against the brand's bounds.
 */
export const FEEDBACK_UPLOAD_LIMITS = {
  fileSize: FEEDBACK_MAX_IMAGE_BYTES,
  files: FEEDBACK_MAX_IMAGES,
  fields: 4,
  fieldSize: 64 * 1024,
  parts: FEEDBACK_MAX_IMAGES + 4,
};

export type FeedbackForm = {
  type: FeedbackType | null;
  content: string;
  images: { mime: UploadImageMime; bytes: Buffer }[];
};

/** Reads the form: `type`, `content` and `image` files, each image checked by its bytes. */
export async function readFeedbackForm(request: FastifyRequest): Promise<FeedbackForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const form: FeedbackForm = { type: null, content: '', images: [] };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A file input left empty still sends a nameless, empty part.
        if (bytes.length === 0 && !part.filename) continue;
        const mime = await pngOrJpegOf(bytes);
        if (!mime) throw new AppError('FEEDBACK_IMAGE_INVALID');
        form.images.push({ mime, bytes });
      } else if (part.fieldname === 'type') {
        const v = String(part.value);
        form.type = (FEEDBACK_TYPES as readonly string[]).includes(v) ? (v as FeedbackType) : null;
      } else if (part.fieldname === 'content') {
        form.content = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FEEDBACK_IMAGE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT') throw new AppError('FEEDBACK_TOO_MANY_IMAGES');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    // No boundary, broken part headers, a body cut short: a malformed request, not a server fault.
    throw new AppError('VALIDATION');
  }
  return form;
}
