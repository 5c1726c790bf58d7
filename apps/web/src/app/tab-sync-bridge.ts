import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryOptions } from '../features/auth/api/get-balance.ts';
import { useSession } from '../lib/session-store.ts';
import { local } from '../lib/storage.ts';
import { type ChannelLike, sessionTabMayAnswer, startTabSync } from '../lib/tab-sync.ts';

/** One channel per site origin (BroadcastChannel never crosses origins). */
export const TAB_CHANNEL = 'playfront-session';

/**
 * Joins this tab to the others of the site (lib/tab-sync.ts): the session store's token changes are announced,
 * and the balance query's fresh answers are shared. Resolves once an open tab has handed this new tab its session
 * (true), or after `waitMs` without one (false), so the first screen renders as the member straight away; at once
 * (false) when no tab with a session has been seen lately (local storage `sessionTabAt`).
 */
export function connectTabs(client: QueryClient, waitMs = 150): Promise<boolean> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(false);
  const channel = new BroadcastChannel(TAB_CHANNEL) as unknown as ChannelLike;
  // The last balance seen from or sent to another tab: a shared answer is not sent back (no echo between tabs).
  let lastBalance = '';
  const sync = startTabSync({
    channel,
    getToken: () => useSession.getState().token,
    adopt: (token) => {
      useSession.getState().setToken(token);
      void import('../features/auth/session/load-member.ts').then((m) => m.loadMember());
    },
    signOut: () => {
      useSession.getState().signOut();
      client.removeQueries({ queryKey: ['account'] });
    },
    onBalance: (balance) => {
      lastBalance = JSON.stringify(balance);
      client.setQueryData(balanceQueryOptions(useSession.getState().token).queryKey, balance as never);
    },
  });
  const markAlive = () => {
    if (useSession.getState().token) local.set('sessionTabAt', String(Date.now()));
  };
  markAlive();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') markAlive();
  });
  useSession.subscribe((state, prev) => {
    if (state.token && state.token !== prev.token) {
      markAlive();
      sync.announceLogin(state.token);
    } else if (!state.token && prev.token) {
      local.remove('sessionTabAt');
      sync.announceLogout(prev.token);
    }
  });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [scope, name, token] = event.query.queryKey as unknown[];
    if (scope !== 'account' || name !== 'balance' || typeof token !== 'string') return;
    const text = JSON.stringify(event.query.state.data);
    if (text === lastBalance) return;
    lastBalance = text;
    sync.announceBalance(token, event.query.state.data);
  });
  // A `?token=` sign-in link opens its own session: this tab does not ask for another.
  if (useSession.getState().linkPending) return Promise.resolve(false);
  // The ask goes out either way, and a late answer is still adopted (lib/tab-sync.ts); the first screen waits for it
  // only while a logged-in tab may be open.
  const asked = sync.ask(waitMs);
  return sessionTabMayAnswer(local.get('sessionTabAt'), Date.now()) ? asked : Promise.resolve(false);
}
