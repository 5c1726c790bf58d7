import type { FastifyPluginAsync } from 'fastify';
import { securityRoutes } from './security.routes.ts';

/**
 * The security centre (issue 15, part 1): member calls under /wps/security. The login history and the new-device
 * message are written by the session feature through login-events.service.ts.
 */
export const securityPlugin: FastifyPluginAsync = async (app) => {
  await app.register(securityRoutes);
};
