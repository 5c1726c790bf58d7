import multipart from '@fastify/multipart';
import {
  ActivityCommentImageParamsSchema,
  ActivityCommentResponseSchema,
  ActivityCommentsResponseSchema,
  ApplyPromotionBodySchema,
  BonusDetailsResponseSchema,
  BonusGrantParamsSchema,
  CancelBonusResponseSchema,
  DepositOffersQuerySchema,
  DepositOffersResponseSchema,
  PROMOTION_PATHS,
  PromotionActionResponseSchema,
  PromotionCodeParamsSchema,
  PromotionDetailResponseSchema,
  PromotionListQuerySchema,
  PromotionListResponseSchema,
  PromotionSummaryResponseSchema,
  RewardsQuerySchema,
  RewardsResponseSchema,
} from '@playfront/contract/promotions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/request-language.ts';
import { bonusDetails, cancelBonus } from '../bonus/bonus.service.ts';
import { withTransactionRetry } from '../ledger/ledger.service.ts';
import { requestBrand } from '../session/accounts-context.ts';
import { authenticate, memberOf, requireMember, tokenOf } from '../session/authenticate.ts';
import { addComment, COMMENT_UPLOAD_LIMITS, listComments, readCommentParts, sendCommentImage } from './activity-comments.ts';
import {
  applyPromotion,
  claimPromotion,
  depositOffers,
  joinPromotion,
  listPromotions,
  listRewards,
  promotionDetail,
  promotionSummary,
  type Viewer,
} from './promotions.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Promotions are public; a caller with a valid session sees their own states. A stale token simply reads as a guest. */
async function viewerOf(request: FastifyRequest): Promise<{ brandId: number; viewer: Viewer }> {
  if (tokenOf(request)) {
    try {
      const me = await authenticate(request, { allowTrial: true });
      return { brandId: me.brandId, viewer: { memberId: me.memberId, brandId: me.brandId, isTrial: me.isTrial } };
    } catch {
      // fall through: a guest
    }
  }
  return { brandId: (await requestBrand(request)).id, viewer: undefined };
}

/** The promotions page, joining, applying and claiming, the reward centre, bonus details and activity comments. */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promotions'];
  const member = requireMember();
  // Joining, applying and claiming are marketing: closed during a cool-off or self-exclusion (decision 051).
  const unblockedMember = requireMember({ refuseDuringBlock: true });
  const anyMember = requireMember({ allowTrial: true });
  await app.register(multipart, { limits: COMMENT_UPLOAD_LIMITS });
  const me = (request: FastifyRequest) => {
    const m = memberOf(request);
    return { memberId: m.memberId, brandId: m.brandId, isTrial: m.isTrial };
  };
  // Member actions that move money run as one transaction, retried after a serialization failure or deadlock.
  const inTransaction = <T>(fn: (trx: typeof app.deps.db) => Promise<T>) =>
    withTransactionRetry(() => app.deps.db.transaction().execute((trx) => fn(trx)));

  app.get(
    PROMOTION_PATHS.list,
    {
      schema: {
        tags,
        summary: 'Promotions with the caller’s state',
        querystring: PromotionListQuerySchema,
        response: { 200: PromotionListResponseSchema },
      },
    },
    async (request, reply) => {
      const { brandId, viewer } = await viewerOf(request);
      reply.header('cache-control', 'private, no-store');
      return ok({ list: await listPromotions(app.deps.db, brandId, viewer, langOf(request), app.deps.now(), request.query.category) });
    },
  );

  app.get(
    PROMOTION_PATHS.summary,
    {
      schema: { tags, summary: 'availablePromoCount, claimable rewards, active bonus', response: { 200: PromotionSummaryResponseSchema } },
    },
    async (request, reply) => {
      const { brandId, viewer } = await viewerOf(request);
      reply.header('cache-control', 'private, no-store');
      return ok(await promotionSummary(app.deps.db, brandId, viewer, app.deps.now()));
    },
  );

  app.get(
    PROMOTION_PATHS.depositOffers,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Deposit promotions for the deposit page',
        querystring: DepositOffersQuerySchema,
        response: { 200: DepositOffersResponseSchema },
      },
    },
    async (request, reply) => {
      const amount = request.query.amount === undefined ? undefined : BigInt(request.query.amount);
      reply.header('cache-control', 'no-store');
      return ok(await depositOffers(app.deps.db, me(request), langOf(request), amount, app.deps.now()));
    },
  );

  app.get(
    PROMOTION_PATHS.detail,
    {
      schema: {
        tags,
        summary: 'One promotion with its rules',
        params: PromotionCodeParamsSchema,
        response: { 200: PromotionDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const { brandId, viewer } = await viewerOf(request);
      reply.header('cache-control', 'private, no-store');
      return ok(await promotionDetail(app.deps.db, brandId, viewer, langOf(request), app.deps.now(), request.params.code));
    },
  );

  app.post(
    PROMOTION_PATHS.join,
    {
      preParsing: unblockedMember,
      schema: { tags, summary: 'Join a promotion', params: PromotionCodeParamsSchema, response: { 200: PromotionActionResponseSchema } },
    },
    async (request) => ok(await inTransaction((trx) => joinPromotion(trx, me(request), request.params.code, app.deps.now()))),
  );

  app.post(
    PROMOTION_PATHS.apply,
    {
      preParsing: unblockedMember,
      schema: {
        tags,
        summary: 'Apply for a promotion (an operator approves)',
        params: PromotionCodeParamsSchema,
        body: ApplyPromotionBodySchema,
        response: { 200: PromotionActionResponseSchema },
      },
    },
    async (request) =>
      ok(
        await inTransaction((trx) =>
          applyPromotion(trx, me(request), request.params.code, request.body?.note || undefined, app.deps.now()),
        ),
      ),
  );

  app.post(
    PROMOTION_PATHS.claim,
    {
      preParsing: unblockedMember,
      schema: {
        tags,
        summary: 'Claim an earned reward',
        params: PromotionCodeParamsSchema,
        response: { 200: PromotionActionResponseSchema },
      },
    },
    // Not wrapped: an earned reward is one money statement; the claim opens a transaction only to record a new entry.
    async (request) => ok(await withTransactionRetry(() => claimPromotion(app.deps.db, me(request), request.params.code, app.deps.now()))),
  );

  app.get(
    PROMOTION_PATHS.comments,
    {
      preParsing: anyMember,
      schema: {
        tags,
        summary: 'My comments on a promotion',
        params: PromotionCodeParamsSchema,
        response: { 200: ActivityCommentsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ list: await listComments(app.deps.db, me(request), request.params.code) });
    },
  );

  app.post(
    PROMOTION_PATHS.comments,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Comment on a promotion (multipart: body ≤ 140 characters, up to 3 png/jpg images ≤ 5 MB)',
        params: PromotionCodeParamsSchema,
        response: { 200: ActivityCommentResponseSchema },
      },
    },
    async (request) => {
      const parts = await readCommentParts(request);
      return ok(await addComment(app.deps.db, me(request), request.params.code, parts, app.deps.now()));
    },
  );

  app.get(
    PROMOTION_PATHS.commentImage,
    { preParsing: anyMember, schema: { tags, summary: 'An image of my comment', params: ActivityCommentImageParamsSchema } },
    async (request, reply) => sendCommentImage(app.deps.db, reply, me(request), request.params),
  );

  app.get(
    PROMOTION_PATHS.rewards,
    {
      preParsing: member,
      schema: { tags, summary: 'Reward centre', querystring: RewardsQuerySchema, response: { 200: RewardsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listRewards(app.deps.db, me(request), langOf(request), request.query.pageNo, request.query.pageSize));
    },
  );

  app.get(
    PROMOTION_PATHS.bonuses,
    {
      preParsing: member,
      schema: { tags, summary: 'Bonus details with wagering progress', response: { 200: BonusDetailsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await bonusDetails(app.deps.db, me(request).memberId, langOf(request)));
    },
  );

  app.post(
    PROMOTION_PATHS.cancelBonus,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Cancel my active bonus (forfeits the rest)',
        params: BonusGrantParamsSchema,
        response: { 200: CancelBonusResponseSchema },
      },
    },
    async (request) => {
      const forfeited = await cancelBonus(app.deps.db, me(request).memberId, BigInt(request.params.grantId), app.deps.now());
      return ok({ forfeited: String(forfeited) });
    },
  );
};
