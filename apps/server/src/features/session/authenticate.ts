import { isAgentType, isTrialType } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { activeBlock, assertSessionTimeLeft, blockError } from '../protection/protection.service.ts';
import { endSession } from './end-sessions.ts';
import { findSessionByTokenHash, hashToken, revokeSession, touchSession } from './session.repository.ts';
import type { SessionRead } from './session-cache.ts';

/**
 * Authentication for routes that need a logged-in member.
 *
 *   app.post(path, { preParsing: requireMember(), schema: { body } }, async (request) => {
 *     const me = memberOf(request); // { memberId, brandId, username, type, isAgent, isTrial, sessionId }
 *   });
 *
 * The raw token travels in the `Authorization` header. Refusals:
 * NOT_LOGGED_IN (401) without a known live token, SESSION_EXPIRED (401) when it
 * passed its idle or absolute lifetime, ACCOUNT_DISABLED when the member was
 * disabled, TRIAL_NOT_ALLOWED for a trial account unless `allowTrial`,
 * NON_AGENT_LOGIN for a non-agent when `agentOnly`, and
 * PASSWORD_CHANGE_REQUIRED while a forced password change is pending unless
 * `allowPendingPasswordChange` (only member info, logout and the change itself).
 */
export type AuthMember = {
  sessionId: bigint;
  memberId: number;
  brandId: number;
  username: string;
  type: number;
  isAgent: boolean;
  isTrial: boolean;
  site: 'member' | 'agent';
  /** A blocked member's withdrawal-only sign-in (decision 051). */
  withdrawOnly?: boolean;
};

export type RequireMemberOptions = {
  allowTrial?: boolean;
  agentOnly?: boolean;
  allowPendingPasswordChange?: boolean;
  /**
   * Accept a WITHDRAW_ONLY session: the sign-in a member in a cool-off or self-exclusion gets, so the remaining
   * balance can still be withdrawn (decision 051). Only the balance, withdrawal and logout calls set it.
   */
  allowWithdrawOnly?: boolean;
  /** Refuse during the member's cool-off or self-exclusion with its message: promotion joins, reward claims (decision 051). */
  refuseDuringBlock?: boolean;
  /**
   * Accept a session this instance checked in the last moments without reading it again (session-cache.ts,
   * decision 066): the hot money calls, where the read is half the database round trips.
   */
  cached?: boolean;
};

const members = new WeakMap<FastifyRequest, AuthMember>();
/** Writing last_seen_at on every call would be a write per request; a minute of slack is plenty for a 2 h idle limit. */
const TOUCH_AFTER_MS = 60_000;

/**
 * A `preParsing` hook: it runs after the rate limit (an onRequest hook, so refused guesses are
 * counted) and before the body is read, opened ("E" calls) or validated, so a caller without a
 * session learns nothing about what a well-formed body looks like and cannot spend a sealed nonce.
 * (test/hardening/auth-before-validation.test.ts checks every guarded route.)
 */
export function requireMember(options: RequireMemberOptions = {}): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    members.set(request, await authenticate(request, options));
  };
}

/** The member `requireMember` authenticated for this request. */
export function memberOf(request: FastifyRequest): AuthMember {
  const member = members.get(request);
  if (!member) throw new AppError('NOT_LOGGED_IN');
  return member;
}

/** The raw token of the request, if any. A `Bearer ` prefix is tolerated. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers.authorization?.trim();
  if (!raw) return undefined;
  const token = raw.startsWith('Bearer ') ? raw.slice(7).trim() : raw;
  return token.length >= 16 && token.length <= 256 ? token : undefined;
}

export async function authenticate(request: FastifyRequest, options: RequireMemberOptions = {}): Promise<AuthMember> {
  const { db, config, now } = request.server.deps;
  const token = tokenOf(request);
  if (!token) throw new AppError('NOT_LOGGED_IN');
  const cache = request.server.sessionCache;
  const tokenHash = hashToken(token);
  if (options.cached) {
    const cachedRow = cache.get(tokenHash);
    const at = now();
    const member = cachedRow && acceptedWithoutRead(cachedRow, at, config.accounts.sessionIdleMs, options);
    if (member) {
      if (at.getTime() - cachedRow.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
        await touchSession(db, member.sessionId, at);
        cache.touched(tokenHash, at);
      }
      return member;
    }
  }
  const mark = cache.mark();
  const row = await findSessionByTokenHash(db, tokenHash);
  if (!row || row.revokedAt) throw new AppError('NOT_LOGGED_IN');
  const at = now();
  const idleDeadline = row.lastSeenAt.getTime() + config.accounts.sessionIdleMs;
  if (at.getTime() >= row.expiresAt.getTime() || at.getTime() >= idleDeadline) {
    await revokeSession(db, row.sessionId, at);
    throw new AppError('SESSION_EXPIRED');
  }
  if (row.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  if (row.scope === 'WITHDRAW_ONLY' && !options.allowWithdrawOnly) {
    const block = activeBlock(row, at);
    if (block) throw blockError(block);
    // The block is over: this restricted session has no further use; a normal login gives a full one.
    await revokeSession(db, row.sessionId, at);
    throw new AppError('SESSION_EXPIRED');
  }
  // A session past the member's own daily session time ends (issue 18); only members with that limit pay the query.
  if (row.sessionLimitMinutes !== null) {
    const times = { idleMs: config.accounts.sessionIdleMs, maxSessionMs: config.accounts.sessionAbsoluteMs };
    try {
      await assertSessionTimeLeft(db, row.memberId, row.sessionLimitMinutes, at, times);
    } catch (error) {
      await endSession(request.server, row.memberId, row.sessionId);
      throw error;
    }
  }
  const member = authMemberOf(row);
  if (member.isTrial && !options.allowTrial) throw new AppError('TRIAL_NOT_ALLOWED');
  if (options.agentOnly && !member.isAgent) throw new AppError('NON_AGENT_LOGIN');
  if (row.mustChangePassword && !options.allowPendingPasswordChange) throw new AppError('PASSWORD_CHANGE_REQUIRED');
  if (options.refuseDuringBlock) {
    // The block columns come with the session row: no extra query.
    const block = activeBlock(row, at);
    if (block) throw blockError(block);
  }
  const touch = at.getTime() - row.lastSeenAt.getTime() >= TOUCH_AFTER_MS;
  if (touch) await touchSession(db, row.sessionId, at);
  cache.keep(tokenHash, touch ? { ...row, lastSeenAt: at } : row, mark);
  return member;
}

function authMemberOf(row: SessionRead): AuthMember {
  return {
    sessionId: row.sessionId,
    memberId: row.memberId,
    brandId: row.brandId,
    username: row.username,
    type: row.type,
    isAgent: isAgentType(row.type),
    isTrial: isTrialType(row.type),
    site: row.site,
    withdrawOnly: row.scope === 'WITHDRAW_ONLY',
  };
}

/**
 * The member a cached session row stands for, if it passes every check with nothing to do: live, within its idle
 * and absolute lifetimes, active, a full session without a daily session limit (that check reads the day's play),
 * and allowed on this route. Anything else goes to a fresh read, which decides it as before.
 */
function acceptedWithoutRead(row: SessionRead, at: Date, idleMs: number, options: RequireMemberOptions): AuthMember | undefined {
  const t = at.getTime();
  if (row.revokedAt || t >= row.expiresAt.getTime() || t >= row.lastSeenAt.getTime() + idleMs) return undefined;
  if (row.status !== 'active' || row.scope !== 'FULL' || row.sessionLimitMinutes !== null) return undefined;
  const member = authMemberOf(row);
  if ((member.isTrial && !options.allowTrial) || (options.agentOnly && !member.isAgent)) return undefined;
  if (row.mustChangePassword && !options.allowPendingPasswordChange) return undefined;
  if (options.refuseDuringBlock && activeBlock(row, at)) return undefined;
  return member;
}
