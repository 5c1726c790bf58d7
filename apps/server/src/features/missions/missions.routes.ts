import {
  LeaderboardQuerySchema,
  LeaderboardResponseSchema,
  MISSION_PATHS,
  MissionClaimParamsSchema,
  MissionClaimResponseSchema,
  MissionListResponseSchema,
  MissionSummaryResponseSchema,
} from '@playfront/contract/missions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/request-language.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { claimMission, leaderboard, missionList, missionSummary } from './missions.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of missions (issue 12): the list with progress, the badge summary, claim, the leaderboard. */
export const missionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['missions'];
  const reader = requireMember({ allowTrial: true });
  // Rewards are real money: a trial (play-money) account sees missions but never claims one.
  // A reward claim: closed during a cool-off or self-exclusion (decision 051).
  const claimer = requireMember({ refuseDuringBlock: true });

  app.get(
    MISSION_PATHS.list,
    {
      preParsing: reader,
      schema: { tags, summary: "Today's and this week's missions with my progress", response: { 200: MissionListResponseSchema } },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await missionList(app.deps.db, me.brandId, me.memberId, langOf(request), app.deps.now()));
    },
  );

  app.get(
    MISSION_PATHS.summary,
    {
      preParsing: reader,
      schema: {
        tags,
        summary: 'Claimable, completed and total missions (the menu badge) and my ranks on the boards',
        response: { 200: MissionSummaryResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await missionSummary(app.deps.db, me.brandId, me.memberId, app.deps.now()));
    },
  );

  app.post(
    MISSION_PATHS.claim,
    {
      preParsing: claimer,
      schema: {
        tags,
        summary: "Claim a completed mission's reward and points (once per period)",
        params: MissionClaimParamsSchema,
        response: { 200: MissionClaimResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const claim = await claimMission(app.deps.db, me.brandId, me.memberId, request.params.missionId, app.deps.now());
      request.log.info({ memberId: me.memberId, ...claim }, 'mission claimed');
      return ok(claim);
    },
  );

  app.get(
    MISSION_PATHS.leaderboard,
    {
      preParsing: reader,
      schema: {
        tags,
        summary: "The current period's mission points leaderboard (names masked) with my rank",
        querystring: LeaderboardQuerySchema,
        response: { 200: LeaderboardResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await leaderboard(app.deps.db, me.brandId, me.memberId, request.query.board, app.deps.now()));
    },
  );
};
