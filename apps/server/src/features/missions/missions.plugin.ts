import type { FastifyPluginAsync } from 'fastify';
import { missionsRoutes } from './missions.routes.ts';
import { missionsOpsRoutes } from './missions-ops.routes.ts';

/**
 * Missions and the mission leaderboard (issue 12): member calls under /wps/missions, operator calls under
 * /ops/missions. Progress runs in the money outbox (missions-consumer.ts, registered with the other consumers).
 */
export const missionsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(missionsRoutes);
  await app.register(missionsOpsRoutes);
};
