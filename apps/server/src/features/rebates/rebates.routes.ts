import {
  MyRebateResponseSchema,
  REBATE_PATHS,
  RebateClaimResponseSchema,
  RebateHistoryQuerySchema,
  RebateHistoryResponseSchema,
} from '@playfront/contract/rebates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { claimRebate, historyView, myRebateView, toPayoutView } from './rebates.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of rebates (issue 12, `manualRebate`): what accrued, the claim, the payout history. */
export const rebatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rebates'];
  const anyMember = requireMember({ allowTrial: true });
  // The claim is a reward: closed during a cool-off or self-exclusion (decision 051).
  const realMember = requireMember({ refuseDuringBlock: true });

  app.get(
    REBATE_PATHS.mine,
    {
      preParsing: anyMember,
      schema: {
        tags,
        summary: 'The rebate accrued since the last payout per game category, the claim state and the terms',
        response: { 200: MyRebateResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await myRebateView(app.deps.db, me, app.deps.now()));
    },
  );

  app.post(
    REBATE_PATHS.claim,
    {
      preParsing: realMember,
      schema: {
        tags,
        summary: 'Claim the accrued rebate now (minimum amount, at most once per interval)',
        response: { 200: RebateClaimResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const { db, now } = app.deps;
      const payout = await claimRebate(db, me, now());
      request.log.info({ memberId: me.memberId, payoutId: String(payout.id), amount: String(payout.amount) }, 'rebate claimed');
      return ok({ payout: toPayoutView(payout), rebate: await myRebateView(db, me, now()) });
    },
  );

  app.get(
    REBATE_PATHS.history,
    {
      preParsing: anyMember,
      schema: {
        tags,
        summary: 'My rebate and cashback payouts, newest first',
        querystring: RebateHistoryQuerySchema,
        response: { 200: RebateHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await historyView(app.deps.db, memberOf(request).memberId, request.query));
    },
  );
};
