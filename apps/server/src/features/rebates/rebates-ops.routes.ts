import { OPS_REBATE_PATHS, RebateSettingsResponseSchema, RebateSettingsSchema } from '@playfront/contract/rebates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { loadSettings, saveSettings, toSettingsView } from './rebates.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The brand's rebate and cashback settings, under /ops/ behind the operator key (until the console exists). */
export const rebatesOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'loyalty');

  app.get(
    OPS_REBATE_PATHS.settings,
    { schema: { tags, summary: "The brand's rebate and cashback settings", response: { 200: RebateSettingsResponseSchema } } },
    async (request) => {
      const settings = await loadSettings(app.deps.db, await operatedBrandId(app.deps.db, request));
      if (!settings) throw new AppError('NOT_FOUND');
      return ok(toSettingsView(settings));
    },
  );

  app.put(
    OPS_REBATE_PATHS.settings,
    {
      schema: {
        tags,
        summary: "Set the brand's rebate and cashback settings (new accruals and payouts follow them; what accrued stays)",
        body: RebateSettingsSchema,
        response: { 200: RebateSettingsResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      await saveSettings(db, brandId, request.body, now());
      request.log.info({ brandId }, 'rebate settings changed');
      return ok(toSettingsView((await loadSettings(db, brandId))!));
    },
  );
};
