import type { LoginSite } from '@playfront/contract/session';

/**
 * A login that must change its password first (first login, expired or
 * default password). Its token is held here in memory, not in session
 * storage: until the change succeeds the server refuses that session
 * everything but the change itself, so the site must not act logged in, and a
 * reload simply starts over at the login.
 */
export type PendingChange = { token: string; username: string; password: string; site: LoginSite };

let pending: PendingChange | null = null;

export const setPendingChange = (value: PendingChange | null) => {
  pending = value;
};
export const getPendingChange = () => pending;
