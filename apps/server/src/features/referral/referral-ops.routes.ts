import { OPS_REFERRAL_PATHS, ReferralSettingsResponseSchema, ReferralSettingsSchema } from '@playfront/contract/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { loadReferralSettings, saveReferralSettings, settingsView } from './referral-rewards.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The brand's referral reward rule, under /ops/ behind the operator key (decision 049). */
export const referralOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app);

  app.get(
    OPS_REFERRAL_PATHS.settings,
    { schema: { tags, summary: "The brand's referral reward rule", response: { 200: ReferralSettingsResponseSchema } } },
    async (request) => {
      const settings = await loadReferralSettings(app.deps.db, await operatedBrandId(app.deps.db, request));
      if (!settings) throw new AppError('NOT_FOUND');
      return ok(settingsView(settings));
    },
  );

  app.put(
    OPS_REFERRAL_PATHS.settings,
    {
      schema: {
        tags,
        summary: "Set the brand's referral reward rule (invitees who qualify from now on are paid by it; paid rewards stay)",
        body: ReferralSettingsSchema,
        response: { 200: ReferralSettingsResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      await saveReferralSettings(db, brandId, request.body, now());
      request.log.info({ brandId }, 'referral reward rule changed');
      return ok(settingsView((await loadReferralSettings(db, brandId))!));
    },
  );
};
