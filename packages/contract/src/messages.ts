import { z } from 'zod';
import { envelope } from './envelope.ts';
import { MESSAGE_TYPES } from './funds-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/** Internal messages (messageV2). Import as `@playfront/contract/messages`. */
export { MESSAGE_TYPES, MESSAGES_PATHS, type MessageType } from './funds-paths.ts';

export const MemberMessageSchema = z.object({
  id: z.string(),
  type: z.enum(MESSAGE_TYPES),
  /** Minor units, for the `{amount}` placeholder; null for messages without an amount. */
  amount: MinorUnitsSchema.nullable(),
  currency: z.string().nullable(),
  /** Extra placeholders (e.g. `orderNo`, `reason`). */
  params: z.record(z.string(), z.string()),
  /** ISO time, for the `{time}` placeholder. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type MemberMessage = z.infer<typeof MemberMessageSchema>;

export const MessagesQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const MessagesResponseSchema = envelope(
  z.object({
    list: z.array(MemberMessageSchema),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    unread: z.number().int(),
  }),
);
export const UnreadCountResponseSchema = envelope(z.object({ unread: z.number().int() }));
export const MarkReadBodySchema = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/))
    .min(1)
    .max(200),
});
export const MarkReadResponseSchema = envelope(z.object({ updated: z.number().int(), unread: z.number().int() }));
