import {
  AccountInfoResponseSchema,
  AccountUpdateSchema,
  ActiveSessionsResponseSchema,
  LoginHistoryQuerySchema,
  LoginHistoryResponseSchema,
  SECURITY_PATHS,
  SessionIdParamsSchema,
  SignedOutResponseSchema,
} from '@playfront/contract/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { accountInfo, activeSessions, changeAccount, loginHistory, signOutOtherSessions, signOutSession } from './security.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The security centre (issue 15, part 1): account info, login history, active sessions. Real members only. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['security'];
  const member = requireMember();

  app.get(
    SECURITY_PATHS.account,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Account info: nickname, avatar, full (payee) name, birthday',
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await accountInfo(app.deps.db, memberOf(request).memberId));
    },
  );

  app.put(
    SECURITY_PATHS.account,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Change nickname, avatar or birthday; set the full (payee) name once',
        body: AccountUpdateSchema,
        response: { 200: AccountInfoResponseSchema },
      },
    },
    async (request) => ok(await changeAccount(app.deps.db, memberOf(request).memberId, request.body, app.deps.now())),
  );

  app.get(
    SECURITY_PATHS.logins,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Login history (time, IP, device, result), newest first',
        querystring: LoginHistoryQuerySchema,
        response: { 200: LoginHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { pageNo, pageSize } = request.query;
      return ok(await loginHistory(app.deps.db, memberOf(request).memberId, pageNo, pageSize));
    },
  );

  app.get(
    SECURITY_PATHS.sessions,
    {
      preParsing: member,
      schema: { tags, summary: 'The member’s live sessions, this one first', response: { 200: ActiveSessionsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await activeSessions(app, memberOf(request)) });
    },
  );

  app.delete(
    SECURITY_PATHS.session,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Sign one of the member’s own sessions out (refused at once on every instance)',
        params: SessionIdParamsSchema,
        response: { 200: SignedOutResponseSchema },
      },
    },
    async (request) => {
      await signOutSession(app, memberOf(request), request.params.id);
      return ok({ ended: 1 });
    },
  );

  app.post(
    SECURITY_PATHS.signOutOthers,
    {
      preParsing: member,
      schema: { tags, summary: 'Sign out every other device; this session stays', response: { 200: SignedOutResponseSchema } },
    },
    async (request) => ok({ ended: await signOutOtherSessions(app, memberOf(request)) }),
  );
};
