/**
 * Live customer-service chat (issue 15, "Customer service"; spec sections 2 and 7). Zod-free: the web's chrome imports
 * the built-in chat path and the limits without the schemas (support-chat.ts). The spec names no paths for the chat; these
 * were chosen here, under `/wps/support/chat` (member or guest) and `/ops/support/chat` (staff desk, operator key for now).
 *
 * Who calls: a logged-in member (Authorization, trial accounts too) or a guest who opened a conversation with a name and
 * holds its guest token (header CHAT_GUEST_HEADER; the token is shown once, stored only as a hash).
 */
export const SUPPORT_CHAT_PATHS = {
  /**
   * POST `{ guestName? }`: the caller's conversation that is not closed, or null; creates nothing. A guest without one
   * gives a name and gets a fresh token → `{ conversation, guestToken? }`.
   */
  open: '/wps/support/chat/open',
  /**
   * POST `{ text, guestName? }`: the customer's first message, which starts the conversation (a guest sends the token
   * from open in CHAT_GUEST_HEADER and the name) → `{ conversation, message }`.
   */
  start: '/wps/support/chat/start',
  /** GET: the caller's current (not closed) conversation or null, with the unread count for the badge. */
  current: '/wps/support/chat/current',
  /** GET ?beforeSeq (older page) | ?afterSeq (newer, the guests' poll), &limit → `{ conversation, messages, hasMore }`. POST `{ text }`. */
  messages: '/wps/support/chat/conversations/:conversationId/messages',
  /** POST multipart: one png/jpg `image` ≤ 5 MB, checked by content (as feedback images). */
  images: '/wps/support/chat/conversations/:conversationId/images',
  /** GET: one image of my own conversation. */
  image: '/wps/support/chat/conversations/:conversationId/images/:messageId',
  /** POST `{ seq }`: I have read up to seq. */
  read: '/wps/support/chat/conversations/:conversationId/read',
  /** POST: I am typing (clients send it at most every 2 s while typing). */
  typing: '/wps/support/chat/conversations/:conversationId/typing',
  /** POST: I end the chat (the rating comes next). */
  close: '/wps/support/chat/conversations/:conversationId/close',
  /** POST `{ rating 1–5, comment? }`: once, after the chat is closed. */
  rate: '/wps/support/chat/conversations/:conversationId/rating',
} as const;

/** The staff desk (operator key until the console's staff sessions take it over, see features/support/chat/README). */
export const SUPPORT_CHAT_OPS_PATHS = {
  /** GET ?status&pageNo&pageSize: waiting first (oldest first), then open, then closed (newest first). */
  conversations: '/ops/support/chat/conversations',
  /** POST `{ staffName }`: take a waiting conversation (or take over one). */
  claim: '/ops/support/chat/conversations/:conversationId/claim',
  /** GET ?beforeSeq|afterSeq&limit; POST `{ staffName, text }`. */
  messages: '/ops/support/chat/conversations/:conversationId/messages',
  /** POST multipart: `staffName` field and one `image`. */
  images: '/ops/support/chat/conversations/:conversationId/images',
  image: '/ops/support/chat/conversations/:conversationId/images/:messageId',
  /** POST `{ seq }`: staff read up to seq. */
  read: '/ops/support/chat/conversations/:conversationId/read',
  /** POST `{ staffName }`: staff typing. */
  typing: '/ops/support/chat/conversations/:conversationId/typing',
  /** POST: close the conversation. */
  close: '/ops/support/chat/conversations/:conversationId/close',
  /** GET ?pageNo&pageSize: rated conversations, newest first, with the average. */
  ratings: '/ops/support/chat/ratings',
} as const;

/** The guest token's header. */
export const CHAT_GUEST_HEADER = 'x-chat-guest';

/**
 * A brand's LIVECHAT customer-service link with this value opens the built-in chat (the popup); any other URL is the
 * brand's external chat service, opened in a new tab. (The seeded demo brand uses the built-in one.)
 */
export const CHAT_BUILT_IN_PATH = '/support/chat';
export const isBuiltInChat = (url: string | undefined | null): boolean => url === CHAT_BUILT_IN_PATH;

export const CHAT_STATUSES = ['WAITING', 'OPEN', 'CLOSED'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SENDERS = ['MEMBER', 'GUEST', 'STAFF', 'SYSTEM'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const CHAT_MAX_TEXT_CHARS = 1000;
export const CHAT_GUEST_NAME_MAX = 30;
export const CHAT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const CHAT_PAGE_SIZE = 30;
/** Messages one side may send per minute in one conversation. */
export const CHAT_SEND_PER_MINUTE = 30;
/** How long a typing signal shows. */
export const CHAT_TYPING_MS = 5000;
/** How often a guest (no socket) asks for new messages. */
export const CHAT_GUEST_POLL_MS = 3000;
export const CHAT_RATING_COMMENT_MAX = 500;

export type ChatMessage = {
  id: string;
  seq: number;
  sender: ChatSender;
  /** Staff display name (STAFF), else null. */
  senderName: string | null;
  text: string | null;
  /** Present when the message is an image: fetch it from the image path. */
  hasImage: boolean;
  createdAt: string;
};

export type ChatConversation = {
  id: string;
  status: ChatStatus;
  guestName: string | null;
  staffName: string | null;
  lastSeq: number;
  /** The customer has read up to this seq; staff up to staffReadSeq. */
  customerReadSeq: number;
  staffReadSeq: number;
  /** ISO time until which the other side shows "typing", or null. */
  customerTypingUntil: string | null;
  staffTypingUntil: string | null;
  rating: number | null;
  ratingComment: string | null;
  createdAt: string;
  closedAt: string | null;
};

/** What the live socket carries for the chat (LiveEvent.chat). */
export type ChatLiveData =
  | { kind: 'message'; conversationId: string; message: ChatMessage }
  | { kind: 'typing'; conversationId: string; until: string }
  | { kind: 'read'; conversationId: string; staffReadSeq: number }
  | { kind: 'status'; conversationId: string; status: ChatStatus; staffName: string | null };

// ---- the public chat room (spec section 2, popups: "chat room") -----------------------------------------------------

/** One room per brand: members post, everyone (guests too) reads. */
export const SUPPORT_ROOM_PATHS = {
  /** GET (anyone): the latest messages, oldest first. POST `{ text }` (member, no trial): post, within the limits. */
  messages: '/wps/support/room/messages',
} as const;

export const SUPPORT_ROOM_OPS_PATHS = {
  /** GET / PUT `{ words }`: the words the room masks. */
  words: '/ops/support/room/words',
  /** GET: the latest messages with the removed ones and the member ids, for moderation. */
  messages: '/ops/support/room/messages',
  /** DELETE: remove a message: every online member's room drops it at once (ROOM_MESSAGE_REMOVED); guests within ROOM_POLL_MS. */
  message: '/ops/support/room/messages/:messageId',
  /** POST `{ memberId, minutes }`: mute a member for a time. */
  mutes: '/ops/support/room/mutes',
  /** DELETE: lift a member's mute. */
  mute: '/ops/support/room/mutes/:memberId',
} as const;

export const ROOM_MAX_TEXT_CHARS = 300;
/** Per member: one message every 2 s and 20 a minute (the second limit stops a steady flood the first allows: 30 a minute). */
export const ROOM_MIN_INTERVAL_MS = 2000;
export const ROOM_PER_MINUTE = 20;
export const ROOM_LIST_SIZE = 50;
/** How often the open room popup refreshes (messages, removals). */
export const ROOM_POLL_MS = 3000;
export const ROOM_MAX_WORDS = 500;
export const ROOM_MAX_MUTE_MINUTES = 60 * 24 * 30;

export type RoomMessage = {
  id: string;
  /** The poster's nickname, or the username masked. */
  author: string;
  /** Whether it is the caller's own message. */
  mine: boolean;
  /** The text with the brand's filtered words masked. */
  text: string;
  createdAt: string;
};

/** Masks every configured word (case-insensitive, anywhere in the text) with asterisks of its length. */
export function maskWords(text: string, words: readonly string[]): string {
  let out = text;
  for (const word of words) {
    const w = word.trim();
    if (!w) continue;
    const escaped = w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(escaped, 'giu'), (m) => '*'.repeat([...m].length));
  }
  return out;
}
