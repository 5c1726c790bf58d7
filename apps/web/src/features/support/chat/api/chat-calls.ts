import type { ChatHistory } from '@playfront/contract/support-chat';
import { type ChatConversation, type ChatMessage, SUPPORT_CHAT_PATHS } from '@playfront/contract/support-chat-paths';
import { api } from '../../../../lib/api-client.ts';
import { chatHeaders } from './chat-keys.ts';

/**
 * The chat's calls (issue 15; paths in contract support-chat-paths.ts). Kept in one file: they share the caller's
 * identity (chatHeaders) and are used together by the one panel; the badge's query is get-chat-current.ts.
 */
const at = (path: string, conversationId: string) => path.replace(':conversationId', conversationId);
const opts = () => ({ headers: chatHeaders() });

/** The caller's conversation that is not closed, or null; a guest giving a name gets a token. Creates nothing. */
export const openChat = (guestName?: string) =>
  api<{ conversation: ChatConversation | null; guestToken?: string; unread: number }>(SUPPORT_CHAT_PATHS.open, {
    method: 'POST',
    body: guestName ? { guestName } : {},
    ...opts(),
  });

/** The first message, which starts the conversation (a guest's carries the token from openChat and the name). */
export const startChat = (text: string, guestName?: string) =>
  api<{ conversation: ChatConversation; message: ChatMessage }>(SUPPORT_CHAT_PATHS.start, {
    method: 'POST',
    body: guestName ? { text, guestName } : { text },
    ...opts(),
  });

export const getChatCurrent = (signal?: AbortSignal) =>
  api<{ conversation: ChatConversation | null; unread: number }>(SUPPORT_CHAT_PATHS.current, { ...opts(), ...(signal ? { signal } : {}) });

export const getChatHistory = (conversationId: string, page: { beforeSeq?: number; afterSeq?: number; limit?: number } = {}) =>
  api<ChatHistory>(at(SUPPORT_CHAT_PATHS.messages, conversationId), { query: page, ...opts() });

export const sendChatText = (conversationId: string, text: string) =>
  api<ChatMessage>(at(SUPPORT_CHAT_PATHS.messages, conversationId), { method: 'POST', body: { text }, ...opts() });

export function sendChatImage(conversationId: string, file: File) {
  const form = new FormData();
  form.append('image', file, file.name);
  return api<ChatMessage>(at(SUPPORT_CHAT_PATHS.images, conversationId), { method: 'POST', body: form, ...opts() });
}

export const markChatRead = (conversationId: string, seq: number) =>
  api<ChatConversation>(at(SUPPORT_CHAT_PATHS.read, conversationId), { method: 'POST', body: { seq }, ...opts() });

export const sendChatTyping = (conversationId: string) =>
  api<null>(at(SUPPORT_CHAT_PATHS.typing, conversationId), { method: 'POST', ...opts() });

export const closeChat = (conversationId: string) =>
  api<ChatConversation>(at(SUPPORT_CHAT_PATHS.close, conversationId), { method: 'POST', ...opts() });

export const rateChat = (conversationId: string, rating: number, comment: string) =>
  api<ChatConversation>(at(SUPPORT_CHAT_PATHS.rate, conversationId), {
    method: 'POST',
    body: comment.trim() ? { rating, comment: comment.trim() } : { rating },
    ...opts(),
  });

export const chatImagePath = (conversationId: string, messageId: string) =>
  SUPPORT_CHAT_PATHS.image.replace(':conversationId', conversationId).replace(':messageId', messageId);
