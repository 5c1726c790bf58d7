import {
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListResponseSchema,
  AdjustmentRequestSchema,
  AdjustmentResponseSchema,
  CONSOLE_PATHS,
  CSV_MAX_ROWS,
  DashboardQuerySchema,
  DashboardResponseSchema,
  MemberActionResponseSchema,
  MemberIdParamsSchema,
  MemberProfileResponseSchema,
  MemberSearchQuerySchema,
  MemberSearchResponseSchema,
  ReasonRequestSchema,
  ResetPasswordRequestSchema,
} from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvField } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { csvOf, ok, sendCsv } from './console-http.ts';
import { dashboard } from './dashboard.service.ts';
import {
  adjustmentsQuery,
  decideAdjustment,
  memberAction,
  memberProfile,
  memberResetPassword,
  requestAdjustment,
  searchMembers,
  toAdjustment,
} from './members.service.ts';

/** Dashboard, members and manual adjustments under /console/api. */
export const consoleMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];

  app.get(
    CONSOLE_PATHS.dashboard,
    {
      config: { staff: { permission: 'dashboard.read' } },
      schema: {
        tags,
        summary: 'Today’s and a period’s figures from the rollups',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request) => ok(await dashboard(app.deps.db, actorOf(request).brandId, request.query, app.deps.now())),
  );

  app.get(
    CONSOLE_PATHS.members,
    {
      config: { staff: { permission: 'members.read' } },
      schema: {
        tags,
        summary: 'Search members by username, mobile, id or IP',
        querystring: MemberSearchQuerySchema,
        response: { 200: MemberSearchResponseSchema },
      },
    },
    async (request) => ok(await searchMembers(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.get(
    CONSOLE_PATHS.membersCsv,
    {
      config: { staff: { permission: 'members.read' } },
      schema: { tags, summary: 'The members search as CSV', querystring: MemberSearchQuerySchema },
    },
    async (request, reply) => {
      const { list } = await searchMembers(app.deps.db, actorOf(request).brandId, { ...request.query, pageNo: 1, pageSize: CSV_MAX_ROWS });
      const rows = list.map((m) => [m.id, m.username, m.mobile, m.status, m.balance, m.createdAt, m.lastLoginAt]);
      const csv = csvOf(['id', 'username', 'mobile', 'status', 'balance_minor', 'created_at', 'last_login_at'], rows, csvField);
      return sendCsv(reply, 'members', app.deps.now().toISOString().slice(0, 10), csv);
    },
  );

  app.get(
    CONSOLE_PATHS.member,
    {
      config: { staff: { permission: 'members.read' } },
      schema: { tags, summary: 'A member’s profile', params: MemberIdParamsSchema, response: { 200: MemberProfileResponseSchema } },
    },
    async (request) => ok(await memberProfile(app.deps.db, actorOf(request).brandId, Number(request.params.memberId), app.deps.now())),
  );

  const action = (path: string, kind: 'lock' | 'unlock' | 'force_logout', summary: string) =>
    app.post(
      path,
      {
        config: { staff: { permission: 'members.write' } },
        schema: { tags, summary, params: MemberIdParamsSchema, body: ReasonRequestSchema, response: { 200: MemberActionResponseSchema } },
      },
      async (request) => ok(await memberAction(app, actorOf(request), Number(request.params.memberId), kind, request.body.reason)),
    );
  action(CONSOLE_PATHS.memberLock, 'lock', 'Lock a member (sessions end)');
  action(CONSOLE_PATHS.memberUnlock, 'unlock', 'Unlock a member');
  action(CONSOLE_PATHS.memberForceLogout, 'force_logout', 'End every session of a member');

  app.post(
    CONSOLE_PATHS.memberResetPassword,
    {
      config: { staff: { permission: 'members.write' } },
      schema: {
        tags,
        summary: 'Send the member a password-reset code',
        params: MemberIdParamsSchema,
        body: ResetPasswordRequestSchema,
        response: { 200: MemberActionResponseSchema },
      },
    },
    async (request) =>
      ok(await memberResetPassword(app, actorOf(request), Number(request.params.memberId), request.body.channel, request.body.reason)),
  );

  app.post(
    CONSOLE_PATHS.memberAdjust,
    {
      config: { staff: { permission: 'members.adjust' } },
      schema: {
        tags,
        summary: 'Manual adjustment (two-person rule above the threshold)',
        params: MemberIdParamsSchema,
        body: AdjustmentRequestSchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request) =>
      ok(await requestAdjustment(app.deps.db, actorOf(request), Number(request.params.memberId), request.body, app.deps.now())),
  );

  app.get(
    CONSOLE_PATHS.adjustments,
    {
      config: { staff: { permission: 'members.read' } },
      schema: {
        tags,
        summary: 'Manual adjustments',
        querystring: AdjustmentListQuerySchema,
        response: { 200: AdjustmentListResponseSchema },
      },
    },
    async (request) => {
      const { brandId } = actorOf(request);
      const { status, pageNo, pageSize } = request.query;
      let q = adjustmentsQuery(app.deps.db, brandId);
      if (status) q = q.where('a.status', '=', status);
      const rows = await q
        .orderBy('a.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      let c = app.deps.db
        .selectFrom('staff_adjustment')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('brand_id', '=', brandId);
      if (status) c = c.where('status', '=', status);
      const { n } = await c.executeTakeFirstOrThrow();
      return ok({ list: rows.map(toAdjustment), total: Number(n), pageNo, pageSize });
    },
  );

  app.post(
    CONSOLE_PATHS.adjustmentApprove,
    {
      config: { staff: { permission: 'adjustments.approve' } },
      schema: {
        tags,
        summary: 'Second approval: the transfer posts',
        params: AdjustmentIdParamsSchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request) =>
      ok(await decideAdjustment(app.deps.db, actorOf(request), request.params.adjustmentId, { kind: 'approve' }, app.deps.now())),
  );

  app.post(
    CONSOLE_PATHS.adjustmentReject,
    {
      config: { staff: { permission: 'adjustments.approve' } },
      schema: {
        tags,
        summary: 'Reject a pending adjustment',
        params: AdjustmentIdParamsSchema,
        body: ReasonRequestSchema,
        response: { 200: AdjustmentResponseSchema },
      },
    },
    async (request) =>
      ok(
        await decideAdjustment(
          app.deps.db,
          actorOf(request),
          request.params.adjustmentId,
          { kind: 'reject', reason: request.body.reason },
          app.deps.now(),
        ),
      ),
  );
};
