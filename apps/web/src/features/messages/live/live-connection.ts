import {
  LIVE_CLOSE_TOO_MANY,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_EVENT_TYPES,
  LIVE_PATH,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PREFIX,
  type LiveEvent,
} from '@playfront/contract/live';

export type LiveHandlers = {
  /** A money event of this member's account. */
  onEvent: (event: LiveEvent) => void;
  /** The socket is (again) ready: events may have been missed while it was down, so reload what they would have changed. */
  onReady?: (reconnected: boolean) => void;
  /** The server refused the token (expired, revoked): no more attempts. */
  onUnauthorized?: () => void;
};

export type LiveOptions = {
  url: string;
  token: string;
  /** For tests: the WebSocket constructor and timers. */
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
};

const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/** Delay before reconnect attempt `n` (0-based): doubling from 1 s up to 30 s, with ±25 % jitter so a restarted server is not hit by every tab at once. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.75 + random() * 0.5));
}

const isLiveEvent = (v: unknown): v is LiveEvent =>
  typeof v === 'object' && v !== null && (LIVE_EVENT_TYPES as readonly string[]).includes((v as { type?: string }).type ?? '');

/** `ws(s)://<host>/ws` for the page's origin. */
export const liveUrl = (location: Pick<Location, 'protocol' | 'host'>) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;

/**
 * The member's live channel: one socket, authenticated by subprotocol (never
 * the URL), reconnecting with backoff until `close()` (logout) or until the
 * server refuses the token.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private everReady = false;
  private closed = false;
  private readonly WS: typeof WebSocket;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (id: unknown) => void;

  constructor(
    private readonly options: LiveOptions,
    private readonly handlers: LiveHandlers,
  ) {
    this.WS = options.WebSocketImpl ?? WebSocket;
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
    this.open();
  }

  private open() {
    if (this.closed) return;
    let socket: WebSocket;
    try {
      socket = new this.WS(this.options.url, [LIVE_PROTOCOL, `${LIVE_TOKEN_PREFIX}${this.options.token}`]);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (message) => {
      let data: unknown;
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if ((data as { type?: string } | null)?.type === 'ready') {
        this.attempt = 0;
        this.handlers.onReady?.(this.everReady);
        this.everReady = true;
      } else if (isLiveEvent(data)) this.handlers.onEvent(data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === LIVE_CLOSE_UNAUTHORIZED) {
        this.closed = true;
        this.handlers.onUnauthorized?.();
        return;
      }
      // Replaced by a newer socket of the same member (too many open): reconnecting would only evict another.
      if (event.code === LIVE_CLOSE_TOO_MANY) {
        this.closed = true;
        return;
      }
      this.retry();
    };
  }

  private retry() {
    if (this.closed) return;
    const delay = backoffMs(this.attempt++, this.random);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.open();
    }, delay);
  }

  /** Logout or unmount: no more reconnects. */
  close() {
    this.closed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'bye');
  }
}
