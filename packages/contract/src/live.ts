/**
 * Live push over the websocket at LIVE_PATH (zod-free, for the web's first bundle).
 *
 * Connect with the subprotocols [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}<token>`], or with
 * [LIVE_PROTOCOL] only and send `{ "type": "auth", "token": "<token>" }` as the first
 * message within 5 s. The token is never put in the URL (it would land in logs).
 * The server answers `{ "type": "ready" }`, then sends LiveEvent objects.
 */
import type { ChatLiveData } from './support-chat-paths.ts';

export const LIVE_PATH = '/ws';
export const LIVE_PROTOCOL = 'playfront.v1';
export const LIVE_TOKEN_PREFIX = 'token.';
/** Close codes: auth missing, wrong or expired. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** Closed because the member opened more sockets than allowed (the oldest goes); do not reconnect. */
export const LIVE_CLOSE_TOO_MANY = 4429;

export const LIVE_EVENT_TYPES = [
  'DEPOSIT_ARRIVAL',
  'WITHDRAW_APPROVED',
  'WITHDRAW_REJECTED',
  'DEPOSIT_FAILED',
  'BALANCE_CHANGED',
  // Red envelope rain (issue 12): sent to every online member of the brand; `rain` says which.
  'ENVELOPE_RAIN_STARTED',
  'ENVELOPE_RAIN_ENDED',
  // Missions (issue 12): one of the member's missions reached its target; the page and the menu badge refresh.
  'MISSION_COMPLETED',
  // Live support chat (issue 15): a message, the staff typing, the staff's read marker, the conversation's status; `chat` says which.
  'CHAT_MESSAGE',
  'CHAT_TYPING',
  'CHAT_READ',
  'CHAT_STATUS',
  // Support (issue 15): staff replied to the member's feedback (`feedback`); a public-room message was removed, sent to
  // every online member of the brand (`room`), so every open room popup drops it at once.
  'FEEDBACK_REPLIED',
  'ROOM_MESSAGE_REMOVED',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type LiveEvent = {
  type: LiveEventType;
  /** Minor units as a string (the moved amount), when the event has one. */
  amount?: string;
  /** Main wallet balance after the change, minor units as a string (BALANCE_CHANGED). */
  balance?: string;
  currency?: string;
  orderNo?: string;
  /** ENVELOPE_RAIN_STARTED / ENDED: the occurrence, its end, and its VIP floor (0: everyone). */
  rain?: { occurrenceId: string; name: string; endsAt: string; minVipLevel: number };
  /** CHAT_*: the conversation and what changed in it (support-chat-paths.ts). */
  chat?: ChatLiveData;
  /** FEEDBACK_REPLIED: the feedback and its status after the reply. */
  feedback?: { id: string; status: string };
  /** ROOM_MESSAGE_REMOVED: the removed message. */
  room?: { messageId: string };
  /** ISO time of the change. */
  at: string;
};
