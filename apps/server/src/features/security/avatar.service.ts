import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX, AVATAR_UPLOAD_TYPES, isUploadedAvatar } from '@playfront/contract/avatar-paths';
import type { AccountInfo } from '@playfront/contract/security';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AvatarStorage } from './avatar-storage.ts';
import { replaceAvatar } from './security.repository.ts';
import { accountInfo } from './security.service.ts';

/** A phone photo is ~12–50 megapixels; a 2 MB file claiming far more is a decompression bomb, refused unread. */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * The picture a member sent, made into their avatar: png, jpg or webp by its bytes (its name and declared type never
 * count), decoded, turned upright by its EXIF orientation, cut to a centred AVATAR_SIZE_PX square and written as webp.
 * Nothing of the original survives (sharp writes no metadata unless asked: no EXIF, GPS position or camera).
 */
export async function avatarPicture(bytes: Uint8Array): Promise<Buffer> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(AVATAR_UPLOAD_TYPES as readonly string[]).includes(detected.mime)) throw new AppError('AVATAR_IMAGE_INVALID');
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Right first bytes, but not a picture that opens (truncated, corrupt, or too many pixels).
    throw new AppError('AVATAR_IMAGE_INVALID');
  }
}

/** The avatar value of a picture: `u-` and 40 hex of SHA-256 over the member and the bytes (a new picture, a new URL). */
export const uploadedAvatarOf = (memberId: number, webp: Uint8Array) =>
  `u-${createHash('sha256').update(`${memberId}:`).update(webp).digest('hex').slice(0, 40)}`;

/**
 * Makes the upload the member's avatar. Every check runs before anything is written, so a refusal changes nothing;
 * the file is written before the row points at it, and the picture it replaces is removed after (the old value is
 * read under the row's lock in the same statement, so two uploads at once each remove what they replaced).
 */
export async function uploadAvatar(db: Db, storage: AvatarStorage, memberId: number, bytes: Uint8Array, now: Date): Promise<AccountInfo> {
  const webp = await avatarPicture(bytes);
  const avatar = uploadedAvatarOf(memberId, webp);
  await storage.save(avatar.slice(2), webp);
  const old = await replaceAvatar(db, memberId, avatar, now);
  if (old === undefined) throw new AppError('NOT_LOGGED_IN');
  await removeReplaced(storage, old, avatar);
  return accountInfo(db, memberId);
}

/** Removes an uploaded picture that is no longer the member's avatar. */
export async function removeReplaced(storage: AvatarStorage, old: string, now: string): Promise<void> {
  if (old !== now && isUploadedAvatar(old)) await storage.remove(old.slice(2));
}

/** The stored picture of an uploaded avatar's file name (`<40 hex>.webp`), or undefined. */
export async function storedAvatar(storage: AvatarStorage, file: string): Promise<Buffer | undefined> {
  const match = /^([0-9a-f]{40})\.webp$/.exec(file);
  return match?.[1] ? storage.read(match[1]) : undefined;
}
