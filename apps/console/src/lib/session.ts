import { STAFF_SESSION_STORAGE_KEY } from '@playfront/contract/console-paths';
import { useSyncExternalStore } from 'react';

/**
 * The staff session token, kept in session storage (one tab, gone when it closes) and sent in the
 * `x-staff-session` header; never a cookie, so the console API has no CSRF surface (decision 040).
 * `pending` is a session whose second factor has not passed yet: it may only call the second-factor step.
 */
export type StoredSession = { token: string; secondFactor: 'pending' | 'passed' };

const listeners = new Set<() => void>();
let cached: StoredSession | null | undefined;

function read(): StoredSession | null {
  try {
    const raw = sessionStorage.getItem(STAFF_SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof parsed.token !== 'string' || (parsed.secondFactor !== 'pending' && parsed.secondFactor !== 'passed')) return null;
    return { token: parsed.token, secondFactor: parsed.secondFactor };
  } catch {
    return null;
  }
}

export function getSession(): StoredSession | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function setSession(session: StoredSession | null) {
  cached = session;
  try {
    if (session) sessionStorage.setItem(STAFF_SESSION_STORAGE_KEY, JSON.stringify(session));
    else sessionStorage.removeItem(STAFF_SESSION_STORAGE_KEY);
  } catch {
    // storage blocked: the session lives in memory for this page only
  }
  for (const listener of listeners) listener();
}

/** Why the last session ended, shown once on the login page (idle, expired, signed out). */
let endReason: 'idle' | 'expired' | null = null;
export const takeEndReason = () => {
  const reason = endReason;
  endReason = null;
  return reason;
};
export function endSession(reason: 'idle' | 'expired' | null) {
  endReason = reason;
  setSession(null);
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSession,
    () => null,
  );
}
