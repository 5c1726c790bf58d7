import {
  ConvertBodySchema,
  ConvertResponseSchema,
  POINTS_PATHS,
  PointsBalanceResponseSchema,
  PointsConfigResponseSchema,
  PointsDetailsQuerySchema,
  PointsDetailsResponseSchema,
  RedeemBodySchema,
  RedeemResponseSchema,
  RedemptionsQuerySchema,
  RedemptionsResponseSchema,
  RewardsQuerySchema,
  RewardsResponseSchema,
} from '@playfront/contract/points';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/request-language.ts';
import { accountsContext } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { openSealedBody } from '../session/sealed-body.ts';
import {
  balanceView,
  convertPoints,
  entrySource,
  listEntries,
  listRedemptions,
  listRewards,
  pointsConfigView,
  redeem,
  redemptionViews,
} from './points.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of the points mall (spec section 7, "Points"). Every call needs a real (not trial) member. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['points'];
  const member = requireMember();

  app.get(
    POINTS_PATHS.balance,
    {
      preParsing: member,
      schema: { tags, summary: 'Current points and their cash value', response: { 200: PointsBalanceResponseSchema } },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await balanceView(app.deps.db, me.brandId, me.memberId));
    },
  );

  app.get(
    POINTS_PATHS.config,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Earning rates per type and the conversion ratio (points rules)',
        response: { 200: PointsConfigResponseSchema },
      },
    },
    async (request) => ok(await pointsConfigView(app.deps.db, memberOf(request).brandId)),
  );

  app.get(
    POINTS_PATHS.rewards,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'The reward list, with stock and the conditions this member misses',
        querystring: RewardsQuerySchema,
        response: { 200: RewardsResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      const list = await listRewards(app.deps.db, {
        brandId: me.brandId,
        memberId: me.memberId,
        kind: request.query.kind,
        sort: request.query.sort,
        lang: langOf(request),
      });
      return ok({ list });
    },
  );

  app.post(
    POINTS_PATHS.redeem,
    {
      preParsing: member,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Redeem a reward (E-sealed, payment password); points and stock are reserved at once',
        body: RedeemBodySchema,
        response: { 200: RedeemResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const result = await redeem(db, {
        brandId: me.brandId,
        memberId: me.memberId,
        body: request.body,
        now: now(),
        paymentPasswordFailures: accountsContext(app).limits.paymentPasswordFail,
      });
      const [view] = await redemptionViews(db, [result.redemption], langOf(request));
      return ok({ ...view!, balance: String(result.balance), replayed: result.replayed });
    },
  );

  app.get(
    POINTS_PATHS.redemptions,
    {
      preParsing: member,
      schema: {
        tags,
        summary: "The member's redemptions, newest first (redeem history)",
        querystring: RedemptionsQuerySchema,
        response: { 200: RedemptionsResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const me = memberOf(request);
      const { status, pageNo, pageSize } = request.query;
      const { rows, total } = await listRedemptions(db, {
        memberId: me.memberId,
        status,
        limit: pageSize,
        offset: (pageNo - 1) * pageSize,
      });
      reply.header('cache-control', 'no-store');
      return ok({ list: await redemptionViews(db, rows, langOf(request)), total });
    },
  );

  app.get(
    POINTS_PATHS.details,
    {
      preParsing: member,
      schema: {
        tags,
        summary: "Every earning and spending of the member's points, newest first (points details)",
        querystring: PointsDetailsQuerySchema,
        response: { 200: PointsDetailsResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const { type, pageNo, pageSize } = request.query;
      const { rows, total } = await listEntries(app.deps.db, me.memberId, { type, limit: pageSize, offset: (pageNo - 1) * pageSize });
      reply.header('cache-control', 'no-store');
      return ok({
        list: rows.map((r) => ({
          id: String(r.id),
          type: r.type,
          points: String(r.amount),
          balanceAfter: String(r.balance_after),
          source: entrySource(r.type, r.reference),
          reference: r.reference,
          time: r.created_at.toISOString(),
        })),
        total,
      });
    },
  );

  app.post(
    POINTS_PATHS.convert,
    {
      preParsing: member,
      preValidation: openSealedBody,
      schema: {
        tags,
        summary: 'Convert points to cash in the main wallet (E-sealed, payment password)',
        body: ConvertBodySchema,
        response: { 200: ConvertResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const r = await convertPoints(db, {
        brandId: me.brandId,
        memberId: me.memberId,
        body: request.body,
        now: now(),
        paymentPasswordFailures: accountsContext(app).limits.paymentPasswordFail,
      });
      return ok({
        points: String(r.points),
        amount: String(r.amount),
        balance: String(r.balance),
        wallet: String(r.wallet),
        replayed: r.replayed,
      });
    },
  );
};
