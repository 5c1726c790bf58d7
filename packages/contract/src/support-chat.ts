import { z } from 'zod';
import { envelope } from './envelope.ts';
import {
  CHAT_GUEST_NAME_MAX,
  CHAT_MAX_TEXT_CHARS,
  CHAT_PAGE_SIZE,
  CHAT_RATING_COMMENT_MAX,
  CHAT_SENDERS,
  CHAT_STATUSES,
  ROOM_MAX_MUTE_MINUTES,
  ROOM_MAX_TEXT_CHARS,
  ROOM_MAX_WORDS,
} from './support-chat-paths.ts';
import { feedbackLength } from './support-paths.ts';

/** Schemas of the live chat calls. Import as `@playfront/contract/support-chat`; paths live zod-free in support-chat-paths.ts. */
export * from './support-chat-paths.ts';

const IdSchema = z.string().regex(/^[1-9]\d{0,17}$/);
const SeqSchema = z.coerce.number().int().min(0).max(2_000_000_000);
/** In a JSON body a sequence number is a number: no coercion (true would read as 1). */
const BodySeqSchema = z.number().int().min(0).max(2_000_000_000);

export const ChatStatusSchema = z.enum(CHAT_STATUSES);

export const ChatMessageSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  senderName: z.string().nullable(),
  text: z.string().nullable(),
  hasImage: z.boolean(),
  createdAt: z.string(),
});

export const ChatConversationSchema = z.object({
  id: z.string(),
  status: ChatStatusSchema,
  guestName: z.string().nullable(),
  staffName: z.string().nullable(),
  lastSeq: z.number().int(),
  customerReadSeq: z.number().int(),
  staffReadSeq: z.number().int(),
  customerTypingUntil: z.string().nullable(),
  staffTypingUntil: z.string().nullable(),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});

/** Trimmed text of 1–1000 characters as a person counts them (the same count as feedback), no U+0000. */
export const ChatTextSchema = z
  .string()
  .refine((t) => feedbackLength(t) >= 1 && feedbackLength(t) <= CHAT_MAX_TEXT_CHARS && !t.includes('\u0000'), {
    message: 'errors.chatTextLength',
  });

/** A guest's name: 1–30 characters, letters, digits, spaces and `_ . -` (shown to staff as given). */
export const ChatGuestNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'errors.chatGuestNameInvalid' })
  .max(CHAT_GUEST_NAME_MAX, { message: 'errors.chatGuestNameInvalid' })
  .regex(/^[\p{L}\p{M}\p{N} _.-]+$/u, { message: 'errors.chatGuestNameInvalid' });

export const ChatOpenBodySchema = z.object({ guestName: ChatGuestNameSchema.optional() });
export const ChatOpenResponseSchema = envelope(
  z.object({ conversation: ChatConversationSchema.nullable(), guestToken: z.string().optional(), unread: z.number().int() }),
);
export const ChatStartBodySchema = z.object({ text: ChatTextSchema, guestName: ChatGuestNameSchema.optional() });
export const ChatStartResponseSchema = envelope(z.object({ conversation: ChatConversationSchema, message: ChatMessageSchema }));

export const ChatCurrentResponseSchema = envelope(z.object({ conversation: ChatConversationSchema.nullable(), unread: z.number().int() }));

export const ChatConversationParamsSchema = z.object({ conversationId: IdSchema });
export const ChatImageParamsSchema = z.object({ conversationId: IdSchema, messageId: IdSchema });

export const ChatHistoryQuerySchema = z.object({
  beforeSeq: SeqSchema.optional(),
  afterSeq: SeqSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const ChatHistorySchema = z.object({
  conversation: ChatConversationSchema,
  messages: z.array(ChatMessageSchema),
  /** More older messages exist (beforeSeq paging) or more newer ones (afterSeq paging). */
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof ChatHistorySchema>;
export const ChatHistoryResponseSchema = envelope(ChatHistorySchema);

export const ChatSendBodySchema = z.object({ text: ChatTextSchema });
export const ChatMessageResponseSchema = envelope(ChatMessageSchema);
export const ChatReadBodySchema = z.object({ seq: BodySeqSchema });
export const ChatConversationResponseSchema = envelope(ChatConversationSchema);

export const ChatRateBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(CHAT_RATING_COMMENT_MAX).optional(),
});

// ---- staff desk -------------------------------------------------------------

const StaffNameSchema = z.string().trim().min(1).max(40);

export const OpsChatListQuerySchema = z.object({
  status: ChatStatusSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const OpsChatConversationSchema = ChatConversationSchema.extend({
  memberId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** Messages from the customer the staff have not read. */
  unreadForStaff: z.number().int(),
  lastMessageAt: z.string().nullable(),
});
export const OpsChatListResponseSchema = envelope(z.object({ list: z.array(OpsChatConversationSchema), total: z.number().int() }));
export const OpsChatStaffBodySchema = z.object({ staffName: StaffNameSchema });
export const OpsChatSendBodySchema = z.object({ staffName: StaffNameSchema, text: ChatTextSchema });
export const OpsChatConversationResponseSchema = envelope(OpsChatConversationSchema);
export const OpsChatRatingsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const OpsChatRatingsResponseSchema = envelope(
  z.object({
    list: z.array(OpsChatConversationSchema),
    total: z.number().int(),
    /** Average rating over all rated conversations of the brand, two decimals, or null when none. */
    average: z.string().nullable(),
  }),
);

// ---- the public chat room ---------------------------------------------------

export const RoomMessageSchema = z.object({
  id: z.string(),
  author: z.string(),
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export const RoomListResponseSchema = envelope(
  z.object({
    list: z.array(RoomMessageSchema),
    /** The caller's mute, if muted: until when. */
    mutedUntil: z.string().nullable(),
  }),
);
export const RoomPostBodySchema = z.object({
  text: z.string().refine((t) => feedbackLength(t) >= 1 && feedbackLength(t) <= ROOM_MAX_TEXT_CHARS && !t.includes('\u0000'), {
    message: 'errors.roomTextLength',
  }),
});
export const RoomMessageResponseSchema = envelope(RoomMessageSchema);

export const OpsRoomWordsBodySchema = z.object({
  words: z.array(z.string().trim().min(1).max(50)).max(ROOM_MAX_WORDS),
});
export const OpsRoomWordsResponseSchema = envelope(z.object({ words: z.array(z.string()) }));
export const OpsRoomMessageSchema = RoomMessageSchema.extend({
  memberId: z.number().int(),
  username: z.string(),
  /** The text as written (before masking). */
  original: z.string(),
  deletedAt: z.string().nullable(),
});
export const OpsRoomListResponseSchema = envelope(z.object({ list: z.array(OpsRoomMessageSchema) }));
export const OpsRoomMuteBodySchema = z.object({
  memberId: z.number().int().positive(),
  minutes: z.number().int().min(1).max(ROOM_MAX_MUTE_MINUTES),
});
export const OpsRoomMuteResponseSchema = envelope(z.object({ memberId: z.number().int(), mutedUntil: z.string().nullable() }));
export const RoomMessageParamsSchema = z.object({ messageId: IdSchema });
export const RoomMemberParamsSchema = z.object({ memberId: z.coerce.number().int().positive() });
