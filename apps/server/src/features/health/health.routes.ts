import { HealthSchema, SYSTEM_PATHS } from '@playfront/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SYSTEM_PATHS.health,
    {
      schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: HealthSchema, 503: HealthSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const { db, dbKind } = app.deps;
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok' as const, database: dbKind, uptimeSeconds };
      } catch {
        return reply.status(503).send({ status: 'degraded' as const, database: dbKind, uptimeSeconds });
      }
    },
  );
};
