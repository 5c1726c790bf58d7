import type { FastifyPluginAsync } from 'fastify';
import { registerRainTicker } from './envelope-jobs.ts';
import { envelopesRoutes } from './envelopes.routes.ts';
import { envelopesOpsRoutes } from './envelopes-ops.routes.ts';

/**
 * Red envelope rain (issue 12): member calls under /wps/envelopes, operator calls under /ops/envelopes, and the
 * ticker that starts and ends occurrences (once each across instances) and announces them live.
 */
export const envelopesPlugin: FastifyPluginAsync = async (app) => {
  await app.register(envelopesRoutes);
  await app.register(envelopesOpsRoutes);
  registerRainTicker(app);
};
