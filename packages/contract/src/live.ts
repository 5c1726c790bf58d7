/**
 * Live push over the websocket at LIVE_PATH (zod-free, for the web's first bundle).
 *
 * Connect with the subprotocols [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}<token>`], or with
 * [LIVE_PROTOCOL] only and send `{ "type": "auth", "token": "<token>" }` as the first
 * message within 5 s. The token is never put in the URL (it would land in logs).
 * The server answers `{ "type": "ready" }`, then sends LiveEvent objects.
 */
export const LIVE_PATH = '/ws';
export const LIVE_PROTOCOL = 'playfront.v1';
export const LIVE_TOKEN_PREFIX = 'token.';
/** Close codes: auth missing, wrong or expired. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/** Closed because the member opened more sockets than allowed (the oldest goes); do not reconnect. */
export const LIVE_CLOSE_TOO_MANY = 4429;

export const LIVE_EVENT_TYPES = ['DEPOSIT_ARRIVAL', 'WITHDRAW_APPROVED', 'WITHDRAW_REJECTED', 'DEPOSIT_FAILED', 'BALANCE_CHANGED'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export type LiveEvent = {
  type: LiveEventType;
  /** Minor units as a string (the moved amount), when the event has one. */
  amount?: string;
  /** Main wallet balance after the change, minor units as a string (BALANCE_CHANGED). */
  balance?: string;
  currency?: string;
  orderNo?: string;
  /** ISO time of the change. */
  at: string;
};
