import { LIVE_CLOSE_UNAUTHORIZED, LIVE_PROTOCOL, type LiveEvent } from '@playfront/contract/live';
import { describe, expect, it, vi } from 'vitest';
import { backoffMs, LiveConnection, liveUrl } from './live-connection.ts';

/** A stand-in socket the test drives: what the server would send and when it would drop. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedWith: number | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send() {}
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverSends(v: unknown) {
    this.onmessage?.({ data: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  serverDrops(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup() {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: LiveEvent[] = [];
  const ready: boolean[] = [];
  const onUnauthorized = vi.fn();
  const connection = new LiveConnection(
    {
      url: 'ws://site/ws',
      token: 'abc123',
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      random: () => 0.5,
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      clearTimer: () => timers.splice(0),
    },
    { onEvent: (e) => events.push(e), onReady: (r) => ready.push(r), onUnauthorized },
  );
  return { connection, timers, events, ready, onUnauthorized, socket: () => FakeSocket.all.at(-1)! };
}

describe('the live connection', () => {
  it('sends the token as a subprotocol, never in the URL', () => {
    const { socket } = setup();
    expect(socket().url).toBe('ws://site/ws');
    expect(socket().protocols).toEqual([LIVE_PROTOCOL, 'token.abc123']);
    expect(liveUrl({ protocol: 'https:', host: 'example.com' })).toBe('wss://example.com/ws');
  });

  it('passes on money events and ignores anything else', () => {
    const { socket, events, ready } = setup();
    socket().serverSends({ type: 'ready' });
    socket().serverSends({ type: 'DEPOSIT_ARRIVAL', amount: '50000', at: '2026-11-22T09:00:00Z' });
    socket().serverSends({ type: 'SOMETHING_ELSE' });
    socket().serverSends('not json');
    expect(ready).toEqual([false]);
    expect(events.map((e) => e.type)).toEqual(['DEPOSIT_ARRIVAL']);
  });

  it('reconnects with growing delays and tells that events may have been missed', () => {
    const { socket, timers, ready } = setup();
    socket().serverSends({ type: 'ready' });
    socket().serverDrops();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers.shift()!.fn();
    expect(FakeSocket.all).toHaveLength(2);
    socket().serverDrops();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    timers.shift()!.fn();
    socket().serverSends({ type: 'ready' });
    expect(ready).toEqual([false, true]);
    // After a good connection the delay starts again from 1 s.
    socket().serverDrops();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('stops for good when the server refuses the token, and on close (logout)', () => {
    const first = setup();
    first.socket().serverDrops(LIVE_CLOSE_UNAUTHORIZED);
    expect(first.onUnauthorized).toHaveBeenCalledOnce();
    expect(first.timers).toHaveLength(0);

    const second = setup();
    second.socket().serverDrops();
    expect(second.timers).toHaveLength(1);
    second.connection.close();
    expect(second.timers).toHaveLength(0);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('caps the delay at about 30 s', () => {
    expect(backoffMs(0, () => 0.5)).toBe(1000);
    expect(backoffMs(20, () => 0.5)).toBe(30000);
    expect(backoffMs(20, () => 0)).toBe(22500);
    expect(backoffMs(20, () => 1)).toBe(37500);
  });
});
