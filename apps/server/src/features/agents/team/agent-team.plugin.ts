import type { FastifyPluginAsync } from 'fastify';
import { agentTeamRoutes } from './team.routes.ts';

/**
 * The agent's team (issue 14): the calls under /wps/agent/team, /wps/agent/referral and /wps/agent/announcements.
 * The rollups the reports read are kept by the `agent-team` outbox consumer (agents/reports/team-rollup-consumer.ts,
 * registered with the other consumers in app.ts); the team closure by triggers on `member` (migration 20261128T1100).
 */
export const agentTeamPlugin: FastifyPluginAsync = async (app) => {
  await app.register(agentTeamRoutes);
};
