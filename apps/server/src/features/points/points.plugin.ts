import { POINTS_PICTURE_PATH } from '@playfront/contract/points-paths';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { pointsRoutes } from './points.routes.ts';
import { pointsOpsRoutes } from './points-ops.routes.ts';
import { renderRewardPicture } from './reward-art.ts';

/** Reward pictures: public (an <img> carries no token), drawn on request, immutable per URL. */
const pictureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    POINTS_PICTURE_PATH,
    {
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) }) },
      // Fetched in bulk by the mall's grid; cheap and cached, so no per-address limit (like the other /cdn art).
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const svg = renderRewardPicture(request.params.file.slice(0, -'.svg'.length));
      if (!svg) throw new AppError('NOT_FOUND');
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(svg);
    },
  );
};

/**
 * The points mall (issue 13): member calls under /wps/points, operator calls under /ops/points, the reward
 * pictures. Earning runs in the money outbox (points-earning-consumer.ts, registered with the other consumers).
 */
export const pointsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(pointsRoutes);
  await app.register(pointsOpsRoutes);
  await app.register(pictureRoutes);
};
