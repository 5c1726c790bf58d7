import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueOpsRoutes } from './catalogue-ops.routes.ts';
import { favouriteRoutes } from './favourites.routes.ts';
import { gameArtRoutes } from './game-art.routes.ts';
import { gamesRoutes } from './games.routes.ts';

/** The game catalogue feature: public reads, members' favourites and recent games, artwork, and the operator import (each its own encapsulated plugin, so the operator key hook stays on the import). */
export const gamesPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(gamesRoutes);
  await app.register(favouriteRoutes);
  await app.register(gameArtRoutes);
  await app.register(catalogueOpsRoutes);
};
