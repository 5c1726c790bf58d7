import {
  CONSOLE_MEMBER_PROTECTION_ROUTE,
  LimitNameBodySchema,
  MemberIdParamsSchema,
  MemberProtectionResponseSchema,
  PlaySessionResponseSchema,
  PROTECTION_PATHS,
  ProtectionStatusResponseSchema,
  RealityCheckBodySchema,
  SetLimitSchema,
  StartBlockSchema,
} from '@playfront/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { endMemberSessions } from '../session/end-sessions.ts';
import { actorOf } from '../staff/staff-guard.ts';
import {
  cancelLimitChange,
  confirmLimitChange,
  playSession,
  protectionStatus,
  type SessionTimes,
  setLimit,
  setRealityCheck,
  startBlock,
} from './protection.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

export const sessionTimesOf = (app: FastifyInstance): SessionTimes => ({
  idleMs: app.deps.config.accounts.sessionIdleMs,
  maxSessionMs: app.deps.config.accounts.sessionAbsoluteMs,
});

/** The member's protection settings in the security centre (issue 18). Real members only. */
export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['protection'];
  const member = requireMember();
  const status = (memberId: number) => protectionStatus(app.deps.db, memberId, app.deps.now(), sessionTimesOf(app));

  app.get(
    PROTECTION_PATHS.status,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Limits with their use, pending raises, cool-off or self-exclusion, reality check',
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await status(memberOf(request).memberId));
    },
  );

  app.put(
    PROTECTION_PATHS.limit,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Set a limit: lower at once; raise or remove (value null) after 24 hours and a confirmation',
        body: SetLimitSchema,
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await setLimit(app.deps.db, me.memberId, request.body, app.deps.now());
      return ok(await status(me.memberId));
    },
  );

  app.post(
    PROTECTION_PATHS.confirm,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Confirm a raise or removal whose 24 hours are over',
        body: LimitNameBodySchema,
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await confirmLimitChange(app.deps.db, me.memberId, request.body.name, app.deps.now());
      return ok(await status(me.memberId));
    },
  );

  app.post(
    PROTECTION_PATHS.cancel,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Withdraw a pending raise or removal',
        body: LimitNameBodySchema,
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await cancelLimitChange(app.deps.db, me.memberId, request.body.name);
      return ok(await status(me.memberId));
    },
  );

  app.put(
    PROTECTION_PATHS.realityCheck,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Reality-check interval in minutes (0 = off)',
        body: RealityCheckBodySchema,
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await setRealityCheck(app.deps.db, me.memberId, request.body.minutes, app.deps.now());
      return ok(await status(me.memberId));
    },
  );

  app.get(
    PROTECTION_PATHS.session,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'This session: start, stakes, wins and net result (the reality check)',
        response: { 200: PlaySessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = memberOf(request);
      return ok(await playSession(app.deps.db, me.memberId, me.sessionId));
    },
  );

  app.post(
    PROTECTION_PATHS.block,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Start a cool-off (24 h – 6 weeks) or self-exclusion (6 months – permanent); cannot be undone early',
        body: StartBlockSchema,
        response: { 200: ProtectionStatusResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      await startBlock(app.deps.db, me.memberId, request.body, app.deps.now());
      // Every other session ends now; this one stays so the member can withdraw the balance (decision 043).
      await endMemberSessions(app, me.memberId, me.sessionId);
      return ok(await status(me.memberId));
    },
  );
};

/** Staff: a member's limits and block, read-only (permission members.read). Registered in the console scope. */
export const consoleProtectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    CONSOLE_MEMBER_PROTECTION_ROUTE,
    {
      config: { staff: { permission: 'members.read' } },
      schema: {
        tags: ['console'],
        summary: 'A member’s limits, pending raises, cool-off or self-exclusion (read-only)',
        params: MemberIdParamsSchema,
        response: { 200: MemberProtectionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const memberId = request.params.memberId;
      const found = await app.deps.db
        .selectFrom('member')
        .select('id')
        .where('id', '=', memberId)
        .where('brand_id', '=', actorOf(request).brandId)
        .executeTakeFirst();
      if (!found) throw new AppError('NOT_FOUND');
      const status = await protectionStatus(app.deps.db, memberId, app.deps.now(), sessionTimesOf(app));
      return ok({ memberId, ...status });
    },
  );
};
