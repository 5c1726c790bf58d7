import {
  AGENT_TEAM_PATHS,
  AgentAnnouncementsQuerySchema,
  AgentAnnouncementsResponseSchema,
  ReferralResponseSchema,
  TeamBetsQuerySchema,
  TeamBetsResponseSchema,
  TeamMemberDetailQuerySchema,
  TeamMemberDetailResponseSchema,
  TeamMemberParamsSchema,
  TeamMembersQuerySchema,
  TeamMembersResponseSchema,
  TeamOverviewQuerySchema,
  TeamOverviewResponseSchema,
  TeamProfitLossQuerySchema,
  TeamProfitLossResponseSchema,
  TeamRegisterRequestSchema,
  TeamRegisterResponseSchema,
  TeamTransactionsQuerySchema,
  TeamTransactionsResponseSchema,
  TeamTreeQuerySchema,
  TeamTreeResponseSchema,
} from '@playfront/contract/agent-team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../session/authenticate.ts';
import { brandLanguage } from '../../system/system.service.ts';
import {
  announcementsFor,
  referral,
  registerDownline,
  teamBets,
  teamMemberDetail,
  teamMembers,
  teamOverview,
  teamProfitLossReport,
  teamTransactions,
  teamTree,
} from './team.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/**
 * The agent's team calls (issue 14, decision 035): agent sessions only (others: 403 NON_AGENT_LOGIN, trial accounts
 * TRIAL_NOT_ALLOWED); every answer is read from the caller's own closure rows, so another tree's ids are not found.
 */
export const agentTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agent'];
  const agent = requireMember({ agentOnly: true });
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    AGENT_TEAM_PATHS.overview,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Team size, new and active members, money figures and a chart series for a range',
        querystring: TeamOverviewQuerySchema,
        response: { 200: TeamOverviewResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamOverview(app.deps.db, memberOf(request), request.query.range, app.deps.now()));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.members,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'The team table: searchable, sortable, paged',
        querystring: TeamMembersQuerySchema,
        response: { 200: TeamMembersResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamMembers(app.deps.db, memberOf(request), request.query));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.tree,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'The direct children of a node of my tree',
        querystring: TeamTreeQuerySchema,
        response: { 200: TeamTreeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamTree(app.deps.db, memberOf(request), request.query.parentId));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.member,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: "One downline's figures (NOT_FOUND outside my tree)",
        params: TeamMemberParamsSchema,
        querystring: TeamMemberDetailQuerySchema,
        response: { 200: TeamMemberDetailResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamMemberDetail(app.deps.db, memberOf(request), request.params.id, request.query, app.deps.now()));
    },
  );

  app.post(
    AGENT_TEAM_PATHS.register,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Create a downline member or sub-agent directly under me, with the registration rules',
        body: TeamRegisterRequestSchema,
        response: { 200: TeamRegisterResponseSchema },
      },
    },
    async (request) => ok(await registerDownline(request, memberOf(request), request.body)),
  );

  app.get(
    AGENT_TEAM_PATHS.referral,
    { preParsing: agent, schema: { tags, summary: 'My affiliate code and referral link', response: { 200: ReferralResponseSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await referral(request, memberOf(request)));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.bets,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: "The team's rounds, newest first, with totals over the window",
        querystring: TeamBetsQuerySchema,
        response: { 200: TeamBetsResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const brand = await app.deps.db.selectFrom('brand').selectAll().where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const lang = brandLanguage(brand, request.query.language ?? (request.headers.language as string | undefined));
      reply.headers(noStore);
      return ok(await teamBets(app.deps.db, me, request.query, lang, app.deps.now()));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.profitLoss,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Profit and loss per team member over a window',
        querystring: TeamProfitLossQuerySchema,
        response: { 200: TeamProfitLossResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamProfitLossReport(app.deps.db, memberOf(request), request.query, app.deps.now()));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.transactions,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: "The team's deposits, withdrawals and transfers, newest first",
        querystring: TeamTransactionsQuerySchema,
        response: { 200: TeamTransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return ok(await teamTransactions(app.deps.db, memberOf(request), request.query, app.deps.now()));
    },
  );

  app.get(
    AGENT_TEAM_PATHS.announcements,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Announcements for agents',
        querystring: AgentAnnouncementsQuerySchema,
        response: { 200: AgentAnnouncementsResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const brand = await app.deps.db.selectFrom('brand').selectAll().where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const lang = brandLanguage(brand, request.query.language ?? (request.headers.language as string | undefined));
      reply.headers(noStore);
      return ok({ list: await announcementsFor(app.deps.db, me, lang, app.deps.now()) });
    },
  );
};
