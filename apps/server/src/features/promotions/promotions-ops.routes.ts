import {
  OpsApplicationsResponseSchema,
  OpsDecisionBodySchema,
  OpsDecisionResponseSchema,
  OpsGrantsQuerySchema,
  OpsGrantsResponseSchema,
  OpsParticipationIdParamsSchema,
  OpsPromotionBodySchema,
  OpsPromotionIdParamsSchema,
  OpsPromotionListResponseSchema,
  OpsPromotionResponseSchema,
  OpsPromotionStatusBodySchema,
  PROMOTION_OPS_PATHS,
} from '@playfront/contract/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toBonusGrant } from '../bonus/bonus.service.ts';
import { withTransactionRetry } from '../ledger/ledger.service.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { requestBrand } from '../session/accounts-context.ts';
import { decideApplication } from './promotions.service.ts';
import { createPromotion, listOpsPromotions, setPromotionStatus, toOpsPromotion, updatePromotion } from './promotions-ops.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Operator API for promotions and bonuses (until the operator console exists), behind the operator key. */
export const promotionsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'promotions');

  app.get(
    PROMOTION_OPS_PATHS.promotions,
    { schema: { tags, summary: 'Promotions with their budget use', response: { 200: OpsPromotionListResponseSchema } } },
    async (request) => ok({ list: await listOpsPromotions(app.deps.db, (await requestBrand(request)).id) }),
  );

  app.post(
    PROMOTION_OPS_PATHS.promotions,
    { schema: { tags, summary: 'Create a promotion', body: OpsPromotionBodySchema, response: { 200: OpsPromotionResponseSchema } } },
    async (request) =>
      ok(toOpsPromotion(await createPromotion(app.deps.db, (await requestBrand(request)).id, request.body, app.deps.now()))),
  );

  app.put(
    PROMOTION_OPS_PATHS.promotion,
    {
      schema: {
        tags,
        summary: 'Edit a promotion',
        params: OpsPromotionIdParamsSchema,
        body: OpsPromotionBodySchema,
        response: { 200: OpsPromotionResponseSchema },
      },
    },
    async (request) =>
      ok(
        toOpsPromotion(
          await updatePromotion(app.deps.db, (await requestBrand(request)).id, request.params.id, request.body, app.deps.now()),
        ),
      ),
  );

  app.post(
    PROMOTION_OPS_PATHS.promotionStatus,
    {
      schema: {
        tags,
        summary: 'Pause, resume or end a promotion',
        params: OpsPromotionIdParamsSchema,
        body: OpsPromotionStatusBodySchema,
        response: { 200: OpsPromotionResponseSchema },
      },
    },
    async (request) =>
      ok(
        toOpsPromotion(
          await setPromotionStatus(app.deps.db, (await requestBrand(request)).id, request.params.id, request.body.status, app.deps.now()),
        ),
      ),
  );

  app.get(
    PROMOTION_OPS_PATHS.applications,
    { schema: { tags, summary: 'Applications waiting for a decision', response: { 200: OpsApplicationsResponseSchema } } },
    async (request) => {
      const brand = await requestBrand(request);
      const rows = await app.deps.db
        .selectFrom('promotion_participation as pp')
        .innerJoin('promotion as p', 'p.id', 'pp.promotion_id')
        .innerJoin('member as m', 'm.id', 'pp.member_id')
        .select(['pp.id', 'p.code', 'pp.member_id', 'm.username', 'pp.note', 'pp.reward_amount', 'pp.created_at'])
        .where('p.brand_id', '=', brand.id)
        .where('pp.state', '=', 'applying')
        .orderBy('pp.id')
        .limit(500)
        .execute();
      return ok({
        list: rows.map((r) => ({
          id: String(r.id),
          promotionCode: r.code,
          memberId: r.member_id,
          username: r.username,
          note: r.note,
          rewardAmount: String(r.reward_amount),
          createdAt: r.created_at.toISOString(),
        })),
      });
    },
  );

  app.post(
    PROMOTION_OPS_PATHS.decision,
    {
      schema: {
        tags,
        summary: 'Approve (issue the bonus) or reject an application',
        params: OpsParticipationIdParamsSchema,
        body: OpsDecisionBodySchema,
        response: { 200: OpsDecisionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await withTransactionRetry(() =>
          app.deps.db
            .transaction()
            .execute((trx) => decideApplication(trx, BigInt(request.params.id), request.body.approve, request.body.note, app.deps.now())),
        ),
      ),
  );

  app.get(
    PROMOTION_OPS_PATHS.grants,
    { schema: { tags, summary: 'Bonus grants', querystring: OpsGrantsQuerySchema, response: { 200: OpsGrantsResponseSchema } } },
    async (request) => {
      const brand = await requestBrand(request);
      let q = app.deps.db
        .selectFrom('bonus_grant as g')
        .innerJoin('promotion as p', 'p.id', 'g.promotion_id')
        .innerJoin('member as m', 'm.id', 'g.member_id')
        .selectAll('g')
        .select(['p.code', 'p.title', 'm.username'])
        .where('g.brand_id', '=', brand.id)
        .orderBy('g.id', 'desc')
        .limit(500);
      if (request.query.memberId) q = q.where('g.member_id', '=', request.query.memberId);
      if (request.query.state) q = q.where('g.state', '=', request.query.state);
      const rows = await q.execute();
      return ok({
        list: rows.map((r) => ({
          ...toBonusGrant(r, r.code, (r.title as unknown as { en: string }).en, 0n),
          memberId: r.member_id,
          username: r.username,
        })),
      });
    },
  );
};
