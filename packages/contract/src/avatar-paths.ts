/**
 * Profile pictures (issue 15, decision 052), zod-free so the header can import it. A member's avatar is one of the
 * built-in icons (`avatar-01` … `avatar-12`, drawn by the web under /avatars) or a picture they uploaded (`u-` and 40
 * hex characters: a hash of the resized picture, so a new picture is a new URL and every URL can be cached for good).
 */
export const AVATAR_PATHS = {
  /** POST multipart (token, no trial), one file field `avatar`: png, jpg or webp by its bytes, ≤ AVATAR_MAX_BYTES. */
  upload: '/wps/security/avatar',
  /** GET (public: an <img> carries no token; the name is not guessable): the uploaded picture, webp, immutable. */
  picture: '/cdn/avatars/:file',
} as const;

/** The largest picture accepted for upload (2 MB: a phone photo fits; it is made 256 px anyway). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Uploaded pictures are cut to a centred square of this many pixels. */
export const AVATAR_SIZE_PX = 256;
/** What the picker offers and the server accepts, by content. */
export const AVATAR_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const BUILT_IN = /^avatar-\d{2}$/;
const UPLOADED = /^u-[0-9a-f]{40}$/;

export const isBuiltInAvatar = (avatar: string) => BUILT_IN.test(avatar);
export const isUploadedAvatar = (avatar: string) => UPLOADED.test(avatar);

/** Where the picture of an avatar value is; undefined for anything else (nothing is requested for it). */
export function avatarSrc(avatar: string | undefined | null): string | undefined {
  if (!avatar) return undefined;
  if (BUILT_IN.test(avatar)) return `/avatars/${avatar}.svg`;
  if (UPLOADED.test(avatar)) return AVATAR_PATHS.picture.replace(':file', `${avatar.slice(2)}.webp`);
  return undefined;
}
