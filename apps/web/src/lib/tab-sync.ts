/**
 * Tabs of the same site share a login (issue 22) while the token stays in each tab's session storage as the spec
 * says: a new tab asks the open ones for the session over a BroadcastChannel (same origin only, nothing leaves the
 * browser), a login in one tab reaches the tabs that have none, a logout reaches the tabs holding that token, and
 * a balance read in one tab is shown by the others at once.
 */

export type TabMessage =
  | { type: 'ask' }
  | { type: 'session'; token: string }
  | { type: 'logout'; token: string }
  | { type: 'balance'; token: string; balance: unknown };

/** The part of BroadcastChannel used here (a test passes a pair of in-memory channels). */
export type ChannelLike = {
  postMessage: (message: TabMessage) => void;
  addEventListener: (type: 'message', listener: (event: { data: unknown }) => void) => void;
  removeEventListener: (type: 'message', listener: (event: { data: unknown }) => void) => void;
  close?: () => void;
};

export type TabSyncDeps = {
  channel: ChannelLike;
  /** This tab's token, or null when logged out. */
  getToken: () => string | null;
  /** Another tab's session: this tab takes the token (member info then loads as after a login). */
  adopt: (token: string) => void;
  /** The token this tab holds was logged out in another tab. */
  signOut: () => void;
  /** Another tab read the balance of the token this tab holds. */
  onBalance: (balance: unknown) => void;
};

export type TabSync = {
  /** Asks the open tabs for their session; resolves true when one answered within `waitMs` (and was adopted). */
  ask: (waitMs: number) => Promise<boolean>;
  announceLogin: (token: string) => void;
  announceLogout: (token: string) => void;
  announceBalance: (token: string, balance: unknown) => void;
  stop: () => void;
};

const isMessage = (data: unknown): data is TabMessage => {
  if (!data || typeof data !== 'object') return false;
  const m = data as Record<string, unknown>;
  if (m.type === 'ask') return true;
  return (m.type === 'session' || m.type === 'logout' || m.type === 'balance') && typeof m.token === 'string' && m.token !== '';
};

export function startTabSync(deps: TabSyncDeps): TabSync {
  const { channel } = deps;
  let answered: (() => void) | null = null;
  const listener = (event: { data: unknown }) => {
    const m = event.data;
    if (!isMessage(m)) return;
    const mine = deps.getToken();
    switch (m.type) {
      case 'ask':
        if (mine) channel.postMessage({ type: 'session', token: mine });
        break;
      case 'session':
        // Only a tab without a session takes one: a tab logged in as someone else keeps its own.
        if (!mine) {
          deps.adopt(m.token);
          answered?.();
        }
        break;
      case 'logout':
        if (mine === m.token) deps.signOut();
        break;
      case 'balance':
        if (mine === m.token) deps.onBalance(m.balance);
        break;
    }
  };
  channel.addEventListener('message', listener);
  return {
    ask(waitMs) {
      if (deps.getToken()) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          answered = null;
          resolve(false);
        }, waitMs);
        answered = () => {
          clearTimeout(timer);
          answered = null;
          resolve(true);
        };
        channel.postMessage({ type: 'ask' });
      });
    },
    announceLogin: (token) => channel.postMessage({ type: 'session', token }),
    announceLogout: (token) => channel.postMessage({ type: 'logout', token }),
    announceBalance: (token, balance) => channel.postMessage({ type: 'balance', token, balance }),
    stop() {
      channel.removeEventListener('message', listener);
      channel.close?.();
    },
  };
}

const MARK_FRESH_MS = 12 * 60 * 60 * 1000;

/**
 * Whether a tab with a session may be open to answer a new tab's ask, from when a tab last marked itself as having
 * one (local storage `sessionTabAt`). A visitor with no logged-in tab open lately (every first visit) is not kept
 * waiting for an answer that cannot come.
 */
export function sessionTabMayAnswer(markedAt: string | null, now: number): boolean {
  const at = Number(markedAt);
  return at > 0 && now - at < MARK_FRESH_MS;
}
