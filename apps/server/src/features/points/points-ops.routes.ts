import {
  OPS_POINTS_PATHS,
  OpsApproveRedemptionBodySchema,
  OpsPointsConfigBodySchema,
  OpsRedemptionParamsSchema,
  OpsRedemptionResponseSchema,
  OpsRedemptionsQuerySchema,
  OpsRedemptionsResponseSchema,
  OpsRejectRedemptionBodySchema,
  PointsConfigResponseSchema,
} from '@playfront/contract/points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { decideRedemption, listRedemptions, pointsConfigView, redemptionViews, saveConfig } from './points.service.ts';
import type { PointsRedemptionRow } from './points.table.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

export type PointsOpsOptions = { onDecided?: (redemption: PointsRedemptionRow, walletBalance: bigint | null) => void };

/** Operator review of redemptions and the brand's points configuration, under /ops/ behind the operator key. */
export const pointsOpsRoutes: FastifyPluginAsyncZod<PointsOpsOptions> = async (app, { onDecided }) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'loyalty');

  const view = async (row: PointsRedemptionRow) => {
    const { db } = app.deps;
    const member = await db.selectFrom('member').select('username').where('id', '=', row.member_id).executeTakeFirstOrThrow();
    const [redemption] = await redemptionViews(db, [row], 'en');
    return { ...redemption!, username: member.username };
  };

  app.get(
    OPS_POINTS_PATHS.redemptions,
    {
      schema: {
        tags,
        summary: 'Points redemptions (oldest first when filtered to in process)',
        querystring: OpsRedemptionsQuerySchema,
        response: { 200: OpsRedemptionsResponseSchema },
      },
    },
    async (request) => {
      const { status, pageNo, pageSize } = request.query;
      const { rows, total } = await listRedemptions(app.deps.db, { status, limit: pageSize, offset: (pageNo - 1) * pageSize });
      const list = [];
      for (const r of rows) list.push(await view(r));
      return ok({ list, total });
    },
  );

  app.post(
    OPS_POINTS_PATHS.approve,
    {
      schema: {
        tags,
        summary: 'Approve: goods shipped (with the transaction reference), cash credited, voucher issued',
        params: OpsRedemptionParamsSchema,
        body: OpsApproveRedemptionBodySchema,
        response: { 200: OpsRedemptionResponseSchema },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const { redemption, repeated, walletBalance } = await decideRedemption(
        app.deps.db,
        request.params.orderNo,
        { kind: 'approve', referenceNo: body.referenceNo, remark: body.remark },
        `ops@${request.ip}`,
        app.deps.now(),
      );
      request.log.info({ orderNo: redemption.order_no, repeated }, 'points redemption approved');
      if (!repeated) onDecided?.(redemption, walletBalance);
      return ok(await view(redemption));
    },
  );

  app.post(
    OPS_POINTS_PATHS.reject,
    {
      schema: {
        tags,
        summary: 'Reject: the points and the stock go back exactly',
        params: OpsRedemptionParamsSchema,
        body: OpsRejectRedemptionBodySchema,
        response: { 200: OpsRedemptionResponseSchema },
      },
    },
    async (request) => {
      const { redemption, repeated } = await decideRedemption(
        app.deps.db,
        request.params.orderNo,
        { kind: 'reject', reason: request.body.reason },
        `ops@${request.ip}`,
        app.deps.now(),
      );
      request.log.info({ orderNo: redemption.order_no, repeated }, 'points redemption rejected');
      if (!repeated) onDecided?.(redemption, null);
      return ok(await view(redemption));
    },
  );

  app.get(
    OPS_POINTS_PATHS.config,
    { schema: { tags, summary: "The brand's points earning rates and conversion ratio", response: { 200: PointsConfigResponseSchema } } },
    async (request) => ok(await pointsConfigView(app.deps.db, await operatedBrandId(app.deps.db, request))),
  );

  app.put(
    OPS_POINTS_PATHS.config,
    {
      schema: {
        tags,
        summary: "Set the brand's points earning rates and conversion ratio (applies to events from now on)",
        body: OpsPointsConfigBodySchema,
        response: { 200: PointsConfigResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      await saveConfig(db, brandId, request.body, now());
      return ok(await pointsConfigView(db, brandId));
    },
  );
};
