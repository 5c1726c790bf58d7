import {
  OpsVipLevelBodySchema,
  OpsVipLevelParamsSchema,
  OpsVipLevelResponseSchema,
  OpsVipLevelsResponseSchema,
  VIP_OPS_PATHS,
} from '@playfront/contract/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { loadLevels, saveLevel, toOpsLevel, vipEnabled } from './vip.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The operator's VIP ladder (issue 12, until the console): read it, and edit one level at a time. */
export const vipOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'loyalty');

  app.get(
    VIP_OPS_PATHS.levels,
    { schema: { tags, summary: "The brand's VIP ladder, with both names and icon keys", response: { 200: OpsVipLevelsResponseSchema } } },
    async (request) => {
      const brandId = await operatedBrandId(app.deps.db, request);
      const [enabled, levels] = await Promise.all([vipEnabled(app.deps.db, brandId), loadLevels(app.deps.db, brandId)]);
      return ok({ enabled, levels: levels.map(toOpsLevel) });
    },
  );

  app.put(
    VIP_OPS_PATHS.level,
    {
      schema: {
        tags,
        summary: "One level's whole definition; refused with VIP_LADDER_ORDER when the ladder would no longer rise",
        params: OpsVipLevelParamsSchema,
        body: OpsVipLevelBodySchema,
        response: { 200: OpsVipLevelResponseSchema },
      },
    },
    async (request) => {
      const brandId = await operatedBrandId(app.deps.db, request);
      return ok(await saveLevel(app.deps.db, brandId, request.params.level, request.body));
    },
  );
};
