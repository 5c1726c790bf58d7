import type { FastifyPluginAsync } from 'fastify';
import { avatarPlugin } from './avatar.routes.ts';
import { AvatarStorage } from './avatar-storage.ts';
import { securityRoutes } from './security.routes.ts';

/**
 * The security centre (issue 15, part 1): member calls under /wps/security. The login history and the new-device
 * message are written by the session feature through login-events.service.ts. Profile pictures: avatar.routes.ts.
 */
export const securityPlugin: FastifyPluginAsync = async (app) => {
  const avatars = new AvatarStorage(app.deps.config.avatarStorageDir);
  await app.register(securityRoutes, { avatars });
  await app.register(avatarPlugin, { storage: avatars });
};
