import {
  OPS_FUNDS_PATHS,
  OpsRejectBodySchema,
  OpsWithdrawalParamsSchema,
  OpsWithdrawalResponseSchema,
  OpsWithdrawalsQuerySchema,
  OpsWithdrawalsResponseSchema,
  WithdrawalProofParamsSchema,
} from '@playfront/contract/funds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorKey } from '../ops/operator-key.ts';
import type { WithdrawalOrderRow } from './funds.table.ts';
import { decideWithdrawal, toWithdrawal } from './withdrawal.service.ts';
import { sendProof } from './withdrawal-confirmation.routes.ts';
import { loadConfirmations } from './withdrawal-confirmation.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

export type WithdrawalOpsOptions = { onDecided?: (order: WithdrawalOrderRow, balance: bigint | null) => void };

/** Operator review of withdrawals under /ops/, behind the same operator key check as the other operator calls. */
export const withdrawalOpsRoutes: FastifyPluginAsyncZod<WithdrawalOpsOptions> = async (app, { onDecided }) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'funds');

  const view = async (row: WithdrawalOrderRow) => {
    const member = await app.deps.db.selectFrom('member').select('username').where('id', '=', row.member_id).executeTakeFirstOrThrow();
    const confirmation = (await loadConfirmations(app.deps.db, [row.id])).get(row.id) ?? null;
    // Operators pay out, so they see the full account number.
    return { ...toWithdrawal(row, confirmation), accountNumber: row.account_number, username: member.username, newPayee: row.new_payee };
  };

  app.get(
    OPS_FUNDS_PATHS.withdrawals,
    {
      schema: {
        tags,
        summary: 'Withdrawals, oldest pending first',
        querystring: OpsWithdrawalsQuerySchema,
        response: { 200: OpsWithdrawalsResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const { status, pageNo, pageSize } = request.query;
      let q = db.selectFrom('withdrawal_order').selectAll();
      if (status) q = q.where('status', '=', status);
      const rows = await q
        .orderBy('id', status === 'PENDING' ? 'asc' : 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      let c = db.selectFrom('withdrawal_order').select((eb) => eb.fn.countAll<number>().as('n'));
      if (status) c = c.where('status', '=', status);
      const { n } = await c.executeTakeFirstOrThrow();
      const list = [];
      for (const r of rows) list.push(await view(r));
      return ok({ list, total: Number(n) });
    },
  );

  app.get(
    OPS_FUNDS_PATHS.proof,
    { schema: { tags, summary: 'A proof image the member uploaded', params: WithdrawalProofParamsSchema } },
    async (request, reply) => sendProof(app.deps.db, reply, request.params),
  );

  app.post(
    OPS_FUNDS_PATHS.approve,
    {
      schema: {
        tags,
        summary: 'Approve: pay out the held amount',
        params: OpsWithdrawalParamsSchema,
        response: { 200: OpsWithdrawalResponseSchema },
      },
    },
    async (request) => {
      const { order, balance, repeated } = await decideWithdrawal(
        app.deps.db,
        request.params.orderNo,
        { kind: 'approve' },
        `ops@${request.ip}`,
        app.deps.now(),
      );
      request.log.info({ orderNo: order.order_no, repeated }, 'withdrawal approved');
      if (!repeated) onDecided?.(order, balance);
      return ok(await view(order));
    },
  );

  app.post(
    OPS_FUNDS_PATHS.reject,
    {
      schema: {
        tags,
        summary: 'Reject: release the held amount to the wallet',
        params: OpsWithdrawalParamsSchema,
        body: OpsRejectBodySchema,
        response: { 200: OpsWithdrawalResponseSchema },
      },
    },
    async (request) => {
      const { order, balance, repeated } = await decideWithdrawal(
        app.deps.db,
        request.params.orderNo,
        { kind: 'reject', reason: request.body.reason },
        `ops@${request.ip}`,
        app.deps.now(),
      );
      request.log.info({ orderNo: order.order_no, repeated }, 'withdrawal rejected');
      if (!repeated) onDecided?.(order, balance);
      return ok(await view(order));
    },
  );
};
