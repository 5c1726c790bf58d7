import { z } from 'zod';
import { envelope } from './envelope.ts';
import { FEEDBACK_BOUNDS_LIMIT, FEEDBACK_REPLY_MAX_CHARS, FEEDBACK_STATUSES, FEEDBACK_TYPES, feedbackLength } from './support-paths.ts';

/** Schemas of the feedback calls. Import as `@playfront/contract/support`; paths live zod-free in support-paths.ts. */
export * from './support-paths.ts';

const IdSchema = z.string().regex(/^[1-9]\d{0,17}$/);

export const FeedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export const FeedbackStatusSchema = z.enum(FEEDBACK_STATUSES);

export const FeedbackReplySchema = z.object({ id: z.string(), content: z.string(), createdAt: z.string() });

export const FeedbackSchema = z.object({
  id: z.string(),
  type: FeedbackTypeSchema,
  content: z.string(),
  status: FeedbackStatusSchema,
  imageIds: z.array(z.string()),
  replies: z.array(FeedbackReplySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;
export const FeedbackResponseSchema = envelope(FeedbackSchema);

export const FeedbackListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const FeedbackListSchema = z.object({ list: z.array(FeedbackSchema), total: z.number().int() });
export type FeedbackList = z.infer<typeof FeedbackListSchema>;
export const FeedbackListResponseSchema = envelope(FeedbackListSchema);

export const FeedbackConfigSchema = z.object({
  types: z.array(FeedbackTypeSchema),
  minChars: z.number().int(),
  maxChars: z.number().int(),
  maxImages: z.number().int(),
  maxImageBytes: z.number().int(),
  imageTypes: z.array(z.string()),
});
export type FeedbackConfig = z.infer<typeof FeedbackConfigSchema>;
export const FeedbackConfigResponseSchema = envelope(FeedbackConfigSchema);

export const FeedbackImageParamsSchema = z.object({ feedbackId: IdSchema, imageId: IdSchema });
export const FeedbackIdParamsSchema = z.object({ feedbackId: IdSchema });

// ---- operator -------------------------------------------------------------

export const OpsFeedbackQuerySchema = FeedbackListQuerySchema.extend({ status: FeedbackStatusSchema.optional() });
export const OpsFeedbackSchema = FeedbackSchema.extend({ memberId: z.number().int(), username: z.string() });
export const OpsFeedbackResponseSchema = envelope(OpsFeedbackSchema);
export const OpsFeedbackListResponseSchema = envelope(z.object({ list: z.array(OpsFeedbackSchema), total: z.number().int() }));

export const OpsFeedbackReplyBodySchema = z.object({
  content: z
    .string()
    .refine((text) => feedbackLength(text) >= 1 && feedbackLength(text) <= FEEDBACK_REPLY_MAX_CHARS, { message: 'length' }),
});

export const OpsFeedbackSettingsBodySchema = z
  .object({
    minChars: z.number().int().min(FEEDBACK_BOUNDS_LIMIT.minChars).max(FEEDBACK_BOUNDS_LIMIT.maxChars),
    maxChars: z.number().int().min(FEEDBACK_BOUNDS_LIMIT.minChars).max(FEEDBACK_BOUNDS_LIMIT.maxChars),
  })
  .refine((b) => b.minChars <= b.maxChars, { message: 'minAboveMax', path: ['minChars'] });
export const OpsFeedbackSettingsResponseSchema = envelope(z.object({ minChars: z.number().int(), maxChars: z.number().int() }));
