import { randomBytes } from 'node:crypto';
import { HANDOFF_CODE_SECONDS, type LoginResult } from '@playfront/contract/session';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { findMemberById } from '../member/member.repository.ts';
import { type AccountsContext, requestBrand } from './accounts-context.ts';
import type { AuthMember } from './authenticate.ts';
import { startSession } from './login.service.ts';
import { hashToken } from './session.repository.ts';

/**
 * Sign-in links (issue 21 items 4 and 6): a `/?token=` link carries a single-use code, valid 60 s, never a
 * session token. The code is exchanged by POST for a new session of its account, once; the site then says
 * whose account was opened and never silently replaces a session already in the tab. Only its SHA-256 is stored.
 */
export async function issueSignInCode(
  request: FastifyRequest,
  ctx: AccountsContext,
  me: AuthMember,
): Promise<{ code: string; expiresInSeconds: number }> {
  const { db, now } = request.server.deps;
  await ctx.limits.signInCodeMember.take(String(me.memberId));
  const code = randomBytes(24).toString('base64url');
  const at = now();
  // The member's own spent codes go as new ones come: the table holds a few rows per member at most.
  await db.deleteFrom('sign_in_code').where('member_id', '=', me.memberId).where('expires_at', '<', at).execute();
  await db
    .insertInto('sign_in_code')
    .values({
      code_hash: hashToken(code),
      member_id: me.memberId,
      created_by_session_id: me.sessionId,
      created_at: at,
      expires_at: new Date(at.getTime() + HANDOFF_CODE_SECONDS * 1000),
    })
    .execute();
  return { code, expiresInSeconds: HANDOFF_CODE_SECONDS };
}

/** Uses the code (one statement, so two tabs racing with one link get one session) and starts a session of its member. */
export async function exchangeSignInCode(request: FastifyRequest, ctx: AccountsContext, code: string): Promise<LoginResult> {
  const { db, now } = request.server.deps;
  await ctx.limits.signInCodeFailIp.assertOpen(request.ip);
  const at = now();
  const used = await db
    .updateTable('sign_in_code')
    .set({ used_at: at })
    .where('code_hash', '=', hashToken(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('member_id')
    .executeTakeFirst();
  const brand = await requestBrand(request);
  const found = used ? await findMemberById(db, used.member_id) : undefined;
  // A code of another brand's site is as unknown here as a made-up one.
  const member = found?.brand_id === brand.id ? found : undefined;
  if (!member) {
    await ctx.limits.signInCodeFailIp.hit(request.ip);
    throw new AppError('HANDOFF_CODE_INVALID');
  }
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  return startSession(request, member, {
    site: 'member',
    mustChangePassword: false,
    passwordExpired: false,
    firstTimeLogin: false,
    method: 'LINK',
  });
}
