import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

export type UploadImageMime = 'image/png' | 'image/jpeg';

/**
 * What an uploaded picture really is, from its bytes: png or jpg, else null. The file's name and the type the
 * browser declared never count (a `.png` holding a program or a page is refused). Every upload of pictures
 * (withdrawal proofs, activity comments, feedback) asks this one function.
 */
export async function pngOrJpegOf(bytes: Uint8Array): Promise<UploadImageMime | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected?.mime === 'image/png' || detected?.mime === 'image/jpeg' ? detected.mime : null;
}

/** Sends a stored upload to its owner (or the operator), never as anything a browser could run or cache for others. */
export function sendStoredImage(reply: FastifyReply, mime: string, bytes: Uint8Array) {
  return reply
    .type(mime)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .send(Buffer.from(bytes));
}
