/**
 * Feedback (issue 15; spec sections 5 "Feedback and activity comment", 7 `PUT /wps/feedback`, 9 "Images").
 * Zod-free: the web's pages import the paths, the vocabulary and the limits without the schemas (support.ts).
 * The spec names only `PUT /wps/feedback`; the other paths were chosen here, under `/wps/` and `/ops/`.
 */
import { graphemeLength } from './text-length.ts';

export const FEEDBACK_PATHS = {
  /** PUT multipart (token, no trial): `type`, `content` within the brand's bounds, up to 3 png/jpg `image` files of ≤ 5 MB. GET (token): my feedback, newest first, ?pageNo&pageSize. */
  feedback: '/wps/feedback',
  /** GET (token): the types, the brand's content bounds and the image limits (the form mirrors them). */
  config: '/wps/feedback/config',
  /** GET (token): one image of my own feedback. */
  image: '/wps/feedback/:feedbackId/images/:imageId',
} as const;

/** Operator API for feedback until the console exists (operator key). */
export const FEEDBACK_OPS_PATHS = {
  /** GET ?status&pageNo&pageSize: the brand's feedback, oldest open first when filtered. */
  list: '/ops/feedback',
  /** POST `{ content }`: reply to a feedback (it becomes ANSWERED). */
  reply: '/ops/feedback/:feedbackId/replies',
  /** POST: close a feedback (no more replies). */
  close: '/ops/feedback/:feedbackId/close',
  /** GET: one image of any feedback of the brand. */
  image: '/ops/feedback/:feedbackId/images/:imageId',
  /** PUT `{ minChars, maxChars }`: the brand's content bounds. */
  settings: '/ops/feedback/settings',
} as const;

export const FEEDBACK_TYPES = ['SUGGESTION', 'DEPOSIT_WITHDRAWAL', 'GAME', 'ACCOUNT', 'OTHER'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_STATUSES = ['OPEN', 'ANSWERED', 'CLOSED'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** Spec section 9: 3 images, 5 MB each, png or jpg. */
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** The content bounds a brand gets until its operator sets its own ("configured bounds", spec section 5). */
export const FEEDBACK_DEFAULT_BOUNDS = { minChars: 10, maxChars: 1000 } as const;
/** The widest bounds an operator may set. */
export const FEEDBACK_BOUNDS_LIMIT = { minChars: 1, maxChars: 5000 } as const;
/** An operator reply's length. */
export const FEEDBACK_REPLY_MAX_CHARS = 2000;

/** How much feedback one member may send: a member cannot flood the operators' queue. */
export const FEEDBACK_RATE = { perHour: 5, perDay: 20 } as const;

/**
 * Length as a person counts it (grapheme clusters: a Bengali conjunct or an emoji with its skin tone is one),
 * of the trimmed text, as the server stores it. The web counts with the same function, so both agree.
 */
export function feedbackLength(text: string): number {
  return graphemeLength(text.trim());
}

/** Help centre groups, in the page's order (help_article.category). */
export const HELP_CATEGORIES = ['PAYMENTS', 'ACCOUNT', 'RULES', 'GENERAL'] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];
