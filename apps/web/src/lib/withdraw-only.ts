import { create } from 'zustand';
import { session } from './storage.ts';

/**
 * A blocked member's withdrawal-only access (issue 18, decisions 051 and 056). A login refused for a cool-off or a
 * self-exclusion carries `withdrawalToken`: a session the server accepts only on the balance, withdrawal and logout
 * calls, for 30 minutes at most. The site keeps it apart from the session token: in session storage (this tab, as
 * the site keeps sessions; never local storage) under its own key, read by the withdrawal-only screen alone, so the
 * header, the menus and every other page stay a guest's.
 */
export type BlockKind = 'COOL_OFF' | 'SELF_EXCLUSION';
/** What a refused login said: the restricted token and the block behind it (`until` null: permanent). */
export type BlockedLogin = { token: string; kind: BlockKind; until: string | null };
export type WithdrawOnlyAccess = BlockedLogin & { /** epoch ms when the server's 30 minutes end (at the latest). */ expiresAt: number };

/** The server's limit for the restricted session (login.service.ts WITHDRAW_ONLY_SESSION_MS). */
export const WITHDRAW_ONLY_MS = 30 * 60_000;
/** The screen of the access: its own route, outside the member centre. */
export const WITHDRAW_ONLY_PATH = '/withdraw-only';

/** A refused login's block and its `withdrawalToken`, when the refusal is a cool-off or self-exclusion that carries one. */
export function blockedLoginOf(code: string, value: Record<string, unknown>): BlockedLogin | null {
  if (code !== 'PROTECTION_COOL_OFF' && code !== 'PROTECTION_SELF_EXCLUDED') return null;
  const token = value.withdrawalToken;
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{16,256}$/.test(token)) return null;
  const until = typeof value.until === 'string' && !Number.isNaN(Date.parse(value.until)) ? value.until : null;
  return { token, kind: code === 'PROTECTION_COOL_OFF' ? 'COOL_OFF' : 'SELF_EXCLUSION', until };
}

function parse(raw: string | null, now: number): WithdrawOnlyAccess | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<WithdrawOnlyAccess>;
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'number') return null;
    if (value.kind !== 'COOL_OFF' && value.kind !== 'SELF_EXCLUSION') return null;
    const until = typeof value.until === 'string' ? value.until : null;
    return value.expiresAt > now ? { token: value.token, kind: value.kind, until, expiresAt: value.expiresAt } : null;
  } catch {
    return null;
  }
}

/** The stored access if it is still within its 30 minutes; an ended or unreadable one is removed. */
export function readWithdrawOnly(now = Date.now()): WithdrawOnlyAccess | null {
  const access = parse(session.get('withdrawOnly'), now);
  if (!access) session.remove('withdrawOnly');
  return access;
}

type WithdrawOnlyState = {
  access: WithdrawOnlyAccess | null;
  /** Keeps a refused login's token; the 30 minutes count from now (the server's count started a moment earlier). */
  start: (blocked: BlockedLogin, now?: number) => WithdrawOnlyAccess;
  /** Forgets it (log out, the 30 minutes ended, the server no longer accepts it). */
  end: () => void;
};

export const useWithdrawOnly = create<WithdrawOnlyState>()((set) => ({
  access: typeof window === 'undefined' ? null : readWithdrawOnly(),
  start(blocked, now = Date.now()) {
    const access: WithdrawOnlyAccess = { ...blocked, expiresAt: now + WITHDRAW_ONLY_MS };
    session.set('withdrawOnly', JSON.stringify(access));
    set({ access });
    return access;
  },
  end() {
    session.remove('withdrawOnly');
    set({ access: null });
  },
}));

/** Whole minutes and seconds left, for the countdown ("29:59"); 0:00 once ended. */
export function timeLeft(expiresAt: number, now: number): { minutes: number; seconds: number; ended: boolean } {
  const ms = Math.max(0, expiresAt - now);
  const total = Math.ceil(ms / 1000);
  return { minutes: Math.floor(total / 60), seconds: total % 60, ended: ms === 0 };
}

/** Answers that mean the access is gone: its time is up, it was logged out, or the block ended (a normal login works). */
export const ACCESS_ENDED_CODES = new Set(['NOT_LOGGED_IN', 'SESSION_EXPIRED']);
