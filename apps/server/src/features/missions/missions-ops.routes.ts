import {
  OPS_MISSION_PATHS,
  OpsMissionBodySchema,
  OpsMissionParamsSchema,
  OpsMissionResponseSchema,
  OpsMissionsResponseSchema,
} from '@playfront/contract/missions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { createMission, opsMissions, updateMission } from './missions.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Operator configuration of the brand's missions, under /ops/ behind the operator key (until the console exists). */
export const missionsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'loyalty');

  app.get(
    OPS_MISSION_PATHS.missions,
    { schema: { tags, summary: "The brand's missions, active or not", response: { 200: OpsMissionsResponseSchema } } },
    async (request) => ok({ list: await opsMissions(app.deps.db, await operatedBrandId(app.deps.db, request)) }),
  );

  app.post(
    OPS_MISSION_PATHS.missions,
    {
      schema: {
        tags,
        summary: 'Create a daily or weekly mission',
        body: OpsMissionBodySchema,
        response: { 200: OpsMissionResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const mission = await createMission(db, await operatedBrandId(db, request), request.body, now());
      request.log.info({ missionId: mission.id, code: mission.code }, 'mission created');
      return ok(mission);
    },
  );

  app.put(
    OPS_MISSION_PATHS.mission,
    {
      schema: {
        tags,
        summary: 'Change a mission (applies to progress from now on; active false hides it)',
        params: OpsMissionParamsSchema,
        body: OpsMissionBodySchema,
        response: { 200: OpsMissionResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const mission = await updateMission(db, await operatedBrandId(db, request), request.params.missionId, request.body, now());
      request.log.info({ missionId: mission.id, code: mission.code }, 'mission changed');
      return ok(mission);
    },
  );
};
