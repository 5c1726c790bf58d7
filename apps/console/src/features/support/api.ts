import { oversightPath, CONSOLE_OVERSIGHT_PATHS as P } from '@playfront/contract/console-oversight';
import type { Feedback } from '@playfront/contract/support';
import { api, fetchBlob } from '../../lib/api.ts';

export type ChatMessage = {
  id: string;
  seq: number;
  sender: 'MEMBER' | 'GUEST' | 'STAFF' | 'SYSTEM';
  senderName: string | null;
  text: string | null;
  hasImage: boolean;
  createdAt: string;
};

export type DeskConversation = {
  id: string;
  status: 'WAITING' | 'OPEN' | 'CLOSED';
  guestName: string | null;
  staffName: string | null;
  lastSeq: number;
  customerReadSeq: number;
  staffReadSeq: number;
  customerTypingUntil: string | null;
  rating: number | null;
  ratingComment: string | null;
  createdAt: string;
  closedAt: string | null;
  memberId: number | null;
  username: string | null;
  unreadForStaff: number;
  lastMessageAt: string | null;
};
export type DeskHistory = { conversation: DeskConversation; messages: ChatMessage[]; hasMore: boolean };
export type DeskFeedback = Feedback & { memberId: number; username: string };

export const deskQueue = (q: { status?: string; pageNo: number; pageSize: number }) =>
  api<{ list: DeskConversation[]; total: number }>(P.supportChats, { query: q });

export const deskMessages = (conversationId: string, q: { afterSeq?: number; beforeSeq?: number; limit?: number }) =>
  api<DeskHistory>(oversightPath('supportChatMessages', { conversationId }), { query: q });

/** An image of a conversation: the staff session travels in a header, so an <img src> cannot fetch it; a Blob can. */
export const deskImage = (conversationId: string, messageId: string) =>
  fetchBlob(oversightPath('supportChatImage', { conversationId, messageId }));

export const deskReply = (conversationId: string, text: string) =>
  api<ChatMessage>(oversightPath('supportChatMessages', { conversationId }), { method: 'POST', body: { text } });

export const deskClaim = (conversationId: string) =>
  api<DeskConversation>(oversightPath('supportChatClaim', { conversationId }), { method: 'POST', body: {} });

export const deskClose = (conversationId: string) =>
  api<DeskConversation>(oversightPath('supportChatClose', { conversationId }), { method: 'POST', body: {} });

export const deskRead = (conversationId: string, seq: number) =>
  api<DeskConversation>(oversightPath('supportChatRead', { conversationId }), { method: 'POST', body: { seq } });

export const feedbackList = (q: { status?: string; pageNo: number; pageSize: number }) =>
  api<{ list: DeskFeedback[]; total: number }>(P.supportFeedback, { query: q });

export const feedbackReply = (feedbackId: string, content: string) =>
  api<DeskFeedback>(oversightPath('supportFeedbackReply', { feedbackId }), { method: 'POST', body: { content } });

export const feedbackClose = (feedbackId: string) =>
  api<DeskFeedback>(oversightPath('supportFeedbackClose', { feedbackId }), { method: 'POST', body: {} });
