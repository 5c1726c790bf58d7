import { FEEDBACK_MAX_IMAGE_BYTES, FEEDBACK_MAX_IMAGES, feedbackLength } from '@playfront/contract/support-paths';

export type FeedbackImageProblem = 'tooMany' | 'tooLarge' | 'wrongType';
export type ImageLimits = { maxImages: number; maxImageBytes: number };
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxImages: FEEDBACK_MAX_IMAGES, maxImageBytes: FEEDBACK_MAX_IMAGE_BYTES };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** png or jpg by the first bytes, as the server decides (a `.png` name on other bytes is not a png). */
export function imageKindOf(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  if (PNG_SIGNATURE.every((b, i) => head[i] === b)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

type Chosen = Pick<File, 'name' | 'size' | 'slice'>;

/**
 * Which newly chosen files may join the ones already picked (spec sections 5 and 9: png or jpg by content, ≤ 5 MB
 * each, at most 3), and why the others may not. Checked before anything is uploaded; the server checks again.
 */
export async function checkFeedbackImages<F extends Chosen>(
  kept: number,
  chosen: readonly F[],
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Promise<{ accepted: F[]; problems: { name?: string; problem: FeedbackImageProblem }[] }> {
  const accepted: F[] = [];
  const problems: { name?: string; problem: FeedbackImageProblem }[] = [];
  let tooMany = false;
  for (const file of chosen) {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    if (!imageKindOf(head)) problems.push({ name: file.name, problem: 'wrongType' });
    else if (file.size > limits.maxImageBytes) problems.push({ name: file.name, problem: 'tooLarge' });
    else if (kept + accepted.length >= limits.maxImages) tooMany = true;
    else accepted.push(file);
  }
  if (tooMany) problems.push({ problem: 'tooMany' });
  return { accepted, problems };
}

export type ContentBounds = { minChars: number; maxChars: number };

/** The message's problem against the brand's bounds, counted as the server counts (trimmed, grapheme clusters). */
export function contentProblem(text: string, bounds: ContentBounds): 'tooShort' | 'tooLong' | null {
  const length = feedbackLength(text);
  if (length < bounds.minChars) return 'tooShort';
  if (length > bounds.maxChars) return 'tooLong';
  return null;
}
