import type { LiveEventType } from '@playfront/contract/live';
import type { ChatLiveData } from '@playfront/contract/support-chat-paths';
import type { FastifyInstance } from 'fastify';
import { publishLive } from '../../live/live-bus.ts';
import type { ChatNotifier } from './chat.service.ts';

const TYPE: Record<ChatLiveData['kind'], LiveEventType> = {
  message: 'CHAT_MESSAGE',
  typing: 'CHAT_TYPING',
  read: 'CHAT_READ',
  status: 'CHAT_STATUS',
};

/**
 * Live delivery to a member's sockets on every instance, over the existing live bus (Redis, NOTIFY or in process).
 * Guests hold no socket: they poll the history with afterSeq (CHAT_GUEST_POLL_MS), see docs/decisions/039-support-chat.md.
 */
export function chatNotifier(app: FastifyInstance): ChatNotifier {
  return (conversation, data) => {
    if (conversation.member_id === null) return;
    publishLive(app, conversation.member_id, { type: TYPE[data.kind], chat: data, at: app.deps.now().toISOString() });
  };
}
