import {
  ACTIVITY_COMMENT_MAX_CHARS,
  ACTIVITY_COMMENT_MAX_IMAGE_BYTES,
  ACTIVITY_COMMENT_MAX_IMAGES,
} from '@playfront/contract/promotions-paths';
import { graphemeLength } from '@playfront/contract/text-length';

export type CommentImageProblem = 'tooMany' | 'tooLarge' | 'wrongType';

const PNG_OR_JPG = /\.(png|jpe?g)$/i;
const TYPES = ['image/png', 'image/jpeg'];

/** png or jpg by the browser's type, or by the name when the browser gives none (the server checks the bytes). */
const isPngOrJpg = (file: Pick<File, 'name' | 'type'>) => (file.type ? TYPES.includes(file.type) : PNG_OR_JPG.test(file.name));

/**
 * Which of the newly chosen files may join the ones already picked (spec sections 5 and 9: png or jpg, ≤ 5 MB each,
 * at most 3), and why the others may not. Checked before anything is uploaded.
 */
export function checkCommentImages(
  kept: number,
  chosen: readonly File[],
): { accepted: File[]; problems: { name?: string; problem: CommentImageProblem }[] } {
  const accepted: File[] = [];
  const problems: { name?: string; problem: CommentImageProblem }[] = [];
  let tooMany = false;
  for (const file of chosen) {
    if (!isPngOrJpg(file)) problems.push({ name: file.name, problem: 'wrongType' });
    else if (file.size > ACTIVITY_COMMENT_MAX_IMAGE_BYTES) problems.push({ name: file.name, problem: 'tooLarge' });
    else if (kept + accepted.length >= ACTIVITY_COMMENT_MAX_IMAGES) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany) problems.push({ problem: 'tooMany' });
  return { accepted, problems };
}

/**
 * Length as the server counts it: characters as a person sees them (grapheme clusters), so a Bengali conjunct or
 * an emoji with its skin tone is one, not two to five UTF-16 units. The trimmed text counts, as the server trims.
 */
export const commentLength = (text: string) => graphemeLength(text.trim());
export const commentLeft = (text: string) => ACTIVITY_COMMENT_MAX_CHARS - commentLength(text);
