import type { FastifyInstance } from 'fastify';
import { announceSessionsEnded } from '../live/live-bus.ts';
import { revokeMemberSessions, revokeSession } from './session.repository.ts';

/**
 * Ending sessions (issue 21 item 5). A session's game launches end with it, because the provider wallet
 * reads the launching session's state on every bet (provider-wallet.service.ts), and its live sockets
 * close on every instance through the live bus. Wins and rollbacks of rounds already bet still settle.
 */
export async function endSession(app: FastifyInstance, memberId: number, sessionId: bigint): Promise<void> {
  const ended = await revokeSession(app.deps.db, sessionId, app.deps.now());
  // At once on this instance; the others learn it from session_change within their poll (decision 066).
  app.sessionCache.forgetMember(memberId);
  if (ended) announceSessionsEnded(app, memberId, [sessionId]);
}

/** Ends every session of the member but `keep` (the one that changed the password), with their launches and sockets. */
export async function endMemberSessions(app: FastifyInstance, memberId: number, keep?: bigint): Promise<number> {
  const ended = await revokeMemberSessions(app.deps.db, memberId, app.deps.now(), keep);
  app.sessionCache.forgetMember(memberId);
  announceSessionsEnded(app, memberId, ended);
  return ended.length;
}
