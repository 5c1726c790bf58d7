import type { FastifyPluginAsync } from 'fastify';
import { socialRoutes } from './social.routes.ts';
import { socialOpsRoutes } from './social-ops.routes.ts';

/** Social login and account linking with OpenID Connect (issue 15, decision 053): /wps/social/*, /ops/social/*. */
export const socialPlugin: FastifyPluginAsync = async (app) => {
  await app.register(socialRoutes);
  await app.register(socialOpsRoutes);
};
