import {
  ApplicationDecisionResponseSchema,
  ApplicationListQuerySchema,
  ApplicationListResponseSchema,
  ApplicationRejectBodySchema,
  CONSOLE_LOYALTY_PATHS,
  GrantListQuerySchema,
  GrantListResponseSchema,
  ParticipationIdParamsSchema,
  PromotionBodySchema,
  PromotionDetailResponseSchema,
  PromotionIdParamsSchema,
  PromotionListQuerySchema,
  PromotionListResponseSchema,
  PromotionResponseSchema,
  PromotionStatusBodySchema,
} from '@playfront/contract/console-loyalty';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import {
  consoleCreatePromotion,
  consoleDecideApplication,
  consoleSetPromotionStatus,
  consoleUpdatePromotion,
  listApplications,
  listGrants,
  listPromotions,
  promotionDetail,
} from './promotions.service.ts';

const P = CONSOLE_LOYALTY_PATHS;

/** Promotions, applications and bonus grants (promotions.read / promotions.write), decision 047. */
export const consolePromotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const read = { staff: { permission: 'promotions.read' as const } };
  const write = { staff: { permission: 'promotions.write' as const } };

  app.get(
    P.promotions,
    {
      config: read,
      schema: {
        tags,
        summary: 'Promotions with their budget use',
        querystring: PromotionListQuerySchema,
        response: { 200: PromotionListResponseSchema },
      },
    },
    async (request) => ok(await listPromotions(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    P.promotions,
    {
      config: write,
      schema: { tags, summary: 'Create a promotion', body: PromotionBodySchema, response: { 201: PromotionResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await consoleCreatePromotion(app.deps.db, actorOf(request), request.body, app.deps.now()))),
  );

  app.get(
    P.promotion,
    {
      config: read,
      schema: {
        tags,
        summary: 'A promotion’s whole definition',
        params: PromotionIdParamsSchema,
        response: { 200: PromotionDetailResponseSchema },
      },
    },
    async (request) => ok(await promotionDetail(app.deps.db, actorOf(request).brandId, Number(request.params.promotionId))),
  );

  app.put(
    P.promotion,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a promotion (the code stays; the budget cannot go under what was granted)',
        params: PromotionIdParamsSchema,
        body: PromotionBodySchema,
        response: { 200: PromotionResponseSchema },
      },
    },
    async (request) =>
      ok(await consoleUpdatePromotion(app.deps.db, actorOf(request), Number(request.params.promotionId), request.body, app.deps.now())),
  );

  app.post(
    P.promotionStatus,
    {
      config: write,
      schema: {
        tags,
        summary: 'Pause, resume or end a promotion',
        params: PromotionIdParamsSchema,
        body: PromotionStatusBodySchema,
        response: { 200: PromotionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await consoleSetPromotionStatus(
          app.deps.db,
          actorOf(request),
          Number(request.params.promotionId),
          request.body.status,
          app.deps.now(),
        ),
      ),
  );

  app.get(
    P.applications,
    {
      config: read,
      schema: {
        tags,
        summary: 'Applications waiting for a decision, oldest first',
        querystring: ApplicationListQuerySchema,
        response: { 200: ApplicationListResponseSchema },
      },
    },
    async (request) => ok(await listApplications(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    P.applicationApprove,
    {
      config: write,
      schema: {
        tags,
        summary: 'Approve an application: the bonus is issued once',
        params: ParticipationIdParamsSchema,
        body: z.object({}).strict().optional(),
        response: { 200: ApplicationDecisionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await consoleDecideApplication(
          app.deps.db,
          actorOf(request),
          BigInt(request.params.participationId),
          { approve: true },
          app.deps.now(),
        ),
      ),
  );

  app.post(
    P.applicationReject,
    {
      config: write,
      schema: {
        tags,
        summary: 'Reject an application with a reason the member is told',
        params: ParticipationIdParamsSchema,
        body: ApplicationRejectBodySchema,
        response: { 200: ApplicationDecisionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await consoleDecideApplication(
          app.deps.db,
          actorOf(request),
          BigInt(request.params.participationId),
          { approve: false, reason: request.body.reason },
          app.deps.now(),
        ),
      ),
  );

  app.get(
    P.bonusGrants,
    {
      config: read,
      schema: {
        tags,
        summary: 'Bonus grants with their wagering progress',
        querystring: GrantListQuerySchema,
        response: { 200: GrantListResponseSchema },
      },
    },
    async (request) => ok(await listGrants(app.deps.db, actorOf(request).brandId, request.query)),
  );
};
