import {
  OPS_SOCIAL_PATHS,
  SocialProviderAdminResponseSchema,
  SocialProviderSettingsSchema,
  SocialProviderSlugParamsSchema,
  SocialProvidersAdminResponseSchema,
} from '@playfront/contract/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { ok } from '../session/accounts-context.ts';
import { adminProviders, saveProvider } from './social.service.ts';

/** The brand's OpenID Connect providers, under /ops/ behind the operator key (scope brand). Secrets are never answered. */
export const socialOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'brand');

  app.get(
    OPS_SOCIAL_PATHS.providers,
    { schema: { tags, summary: "The brand's sign-in providers", response: { 200: SocialProvidersAdminResponseSchema } } },
    async (request) => ok(await adminProviders(app.deps.db, await operatedBrandId(app.deps.db, request))),
  );

  app.put(
    OPS_SOCIAL_PATHS.provider,
    {
      schema: {
        tags,
        summary: 'Create or change a sign-in provider (a new one needs its client secret)',
        params: SocialProviderSlugParamsSchema,
        body: SocialProviderSettingsSchema,
        response: { 200: SocialProviderAdminResponseSchema },
      },
    },
    async (request) => {
      const brandId = await operatedBrandId(app.deps.db, request);
      const saved = await saveProvider(request, brandId, request.params.slug, request.body);
      request.log.info({ brandId, provider: saved.slug, enabled: saved.enabled }, 'sign-in provider changed');
      return ok(saved);
    },
  );
};
