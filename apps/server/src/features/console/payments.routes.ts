import {
  CONSOLE_PATHS,
  CSV_MAX_ROWS,
  ReasonRequestSchema,
  WithdrawalDecisionResponseSchema,
  WithdrawalOrderNoParamsSchema,
  WithdrawalQueueQuerySchema,
  WithdrawalQueueResponseSchema,
} from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvField } from '../staff/audit.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { csvOf, ok, sendCsv } from './console-http.ts';
import { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './payments.service.ts';

/** The withdrawal queue with risk figures, approve (two-person above the threshold) and reject. */
export const consolePaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];

  app.get(
    CONSOLE_PATHS.withdrawals,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: {
        tags,
        summary: 'Withdrawal queue with 30-day risk figures',
        querystring: WithdrawalQueueQuerySchema,
        response: { 200: WithdrawalQueueResponseSchema },
      },
    },
    async (request) => ok(await withdrawalQueue(app.deps.db, actorOf(request).brandId, request.query, app.deps.now())),
  );

  app.get(
    CONSOLE_PATHS.withdrawalsCsv,
    {
      config: { staff: { permission: 'payments.read' } },
      schema: { tags, summary: 'The withdrawal queue as CSV', querystring: WithdrawalQueueQuerySchema },
    },
    async (request, reply) => {
      const { list } = await withdrawalQueue(
        app.deps.db,
        actorOf(request).brandId,
        { ...request.query, pageNo: 1, pageSize: CSV_MAX_ROWS },
        app.deps.now(),
      );
      const rows = list.map((w) => [
        w.orderNo,
        w.memberUsername,
        w.amount,
        w.method,
        w.account,
        w.payeeName,
        w.status,
        w.createdAt,
        w.decidedAt,
        w.rejectReason,
        w.firstApprovedBy,
        w.risk.deposits30d,
        w.risk.withdrawals30d,
        w.risk.bets30d,
        w.risk.wins30d,
      ]);
      const header = [
        'order_no',
        'member',
        'amount_minor',
        'method',
        'account',
        'payee',
        'status',
        'created_at',
        'decided_at',
        'reject_reason',
        'first_approved_by',
        'deposits_30d',
        'withdrawals_30d',
        'bets_30d',
        'wins_30d',
      ];
      return sendCsv(reply, 'withdrawals', app.deps.now().toISOString().slice(0, 10), csvOf(header, rows, csvField));
    },
  );

  app.post(
    CONSOLE_PATHS.withdrawalApprove,
    {
      config: { staff: { permission: 'payments.approve' } },
      schema: {
        tags,
        summary: 'Approve (second approval above the threshold)',
        params: WithdrawalOrderNoParamsSchema,
        response: { 200: WithdrawalDecisionResponseSchema },
      },
    },
    async (request) => ok(await approveWithdrawal(app, actorOf(request), request.params.orderNo)),
  );

  app.post(
    CONSOLE_PATHS.withdrawalReject,
    {
      config: { staff: { permission: 'payments.approve' } },
      schema: {
        tags,
        summary: 'Reject with a reason (the held amount returns)',
        params: WithdrawalOrderNoParamsSchema,
        body: ReasonRequestSchema,
        response: { 200: WithdrawalDecisionResponseSchema },
      },
    },
    async (request) => ok(await rejectWithdrawal(app, actorOf(request), request.params.orderNo, request.body.reason)),
  );
};
