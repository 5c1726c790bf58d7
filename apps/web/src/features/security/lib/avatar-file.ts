import { AVATAR_MAX_BYTES } from '@playfront/contract/avatar-paths';

export type AvatarFileProblem = 'wrongType' | 'tooLarge';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (head: Uint8Array, from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));

/** png, jpg or webp by the first 12 bytes, as the server decides (a `.png` name on other bytes is not a png). */
export function avatarKindOf(head: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (PNG.every((b, i) => head[i] === b)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  return null;
}

/**
 * Why a chosen file cannot be the avatar, before it is uploaded (the server checks again and also refuses a file that
 * starts right but does not open): not png/jpg/webp by content, or over 2 MB. null: send it.
 */
export async function avatarFileProblem(file: Pick<File, 'size' | 'slice'>): Promise<AvatarFileProblem | null> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (!avatarKindOf(head)) return 'wrongType';
  if (file.size > AVATAR_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The errors catalogue's key of a problem, the same text the server's refusal shows. */
export const AVATAR_PROBLEM_KEYS = { wrongType: 'avatarImageInvalid', tooLarge: 'avatarImageTooLarge' } as const satisfies Record<
  AvatarFileProblem,
  string
>;
