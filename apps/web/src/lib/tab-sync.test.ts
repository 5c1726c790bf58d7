import { describe, expect, it } from 'vitest';
import { type ChannelLike, startTabSync, type TabMessage } from './tab-sync.ts';

/** In-memory BroadcastChannels: a message reaches every other channel of the bus, never its sender. */
function bus() {
  const channels: { listeners: Set<(e: { data: unknown }) => void> }[] = [];
  return (): ChannelLike => {
    const self = { listeners: new Set<(e: { data: unknown }) => void>() };
    channels.push(self);
    return {
      postMessage: (message: TabMessage) => {
        for (const c of channels) if (c !== self) for (const l of c.listeners) queueMicrotask(() => l({ data: structuredClone(message) }));
      },
      addEventListener: (_type, l) => self.listeners.add(l),
      removeEventListener: (_type, l) => self.listeners.delete(l),
    };
  };
}

function tab(open: () => ChannelLike, token: string | null = null) {
  const state = { token, signedOut: 0, balance: undefined as unknown };
  const sync = startTabSync({
    channel: open(),
    getToken: () => state.token,
    adopt: (t) => {
      state.token = t;
    },
    signOut: () => {
      state.token = null;
      state.signedOut++;
    },
    onBalance: (b) => {
      state.balance = b;
    },
  });
  return { state, sync };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

describe('tab sync over BroadcastChannel', () => {
  it('gives a new tab the session of an open one, and says when no tab answered', async () => {
    const open = bus();
    const first = tab(open, 'tok-1');
    const second = tab(open);
    await expect(second.sync.ask(100)).resolves.toBe(true);
    expect(second.state.token).toBe('tok-1');
    const lonely = tab(bus());
    await expect(lonely.sync.ask(20)).resolves.toBe(false);
    expect(lonely.state.token).toBeNull();
    expect(first.state.token).toBe('tok-1');
  });

  it('carries a login to tabs without a session, never over another account', async () => {
    const open = bus();
    const a = tab(open);
    const b = tab(open);
    const other = tab(open, 'someone-else');
    a.state.token = 'tok-2';
    a.sync.announceLogin('tok-2');
    await settle();
    expect(b.state.token).toBe('tok-2');
    expect(other.state.token).toBe('someone-else');
  });

  it('logs out the tabs that hold the logged-out token, and shares the balance with them only', async () => {
    const open = bus();
    const a = tab(open, 'tok-3');
    const b = tab(open, 'tok-3');
    const other = tab(open, 'tok-4');
    a.sync.announceBalance('tok-3', { balance: '12345', currencySymbol: '৳' });
    await settle();
    expect(b.state.balance).toEqual({ balance: '12345', currencySymbol: '৳' });
    expect(other.state.balance).toBeUndefined();
    a.sync.announceLogout('tok-3');
    await settle();
    expect(b.state).toMatchObject({ token: null, signedOut: 1 });
    expect(other.state).toMatchObject({ token: 'tok-4', signedOut: 0 });
  });

  it('ignores messages that are not its own shape', async () => {
    const open = bus();
    const a = tab(open);
    const raw = open();
    raw.postMessage({ type: 'session', token: '' } as TabMessage);
    raw.postMessage({ type: 'nonsense' } as unknown as TabMessage);
    await settle();
    expect(a.state.token).toBeNull();
  });
});
