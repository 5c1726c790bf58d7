import { CONSOLE_PATHS } from '@playfront/contract/console';
import {
  SocialProviderAdminResponseSchema,
  SocialProviderCreateSchema,
  SocialProviderSettingsSchema,
  SocialProviderSlugParamsSchema,
  SocialProvidersAdminResponseSchema,
} from '@playfront/contract/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProviders } from '../social/social.service.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import { consoleCreateProvider, consoleUpdateProvider } from './social-providers.service.ts';

const read = { staff: { permission: 'brand.read' as const } };
const write = { staff: { permission: 'brand.write' as const } };

/**
 * The brand's OpenID Connect sign-in providers on the console's brand page (decision 058): the same service as
 * /ops/social/providers (decision 053), with one audit row per change. Secrets are never answered.
 */
export const consoleSocialProviderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const { db } = app.deps;

  app.get(
    CONSOLE_PATHS.brandSocialProviders,
    { config: read, schema: { tags, summary: "The brand's sign-in providers", response: { 200: SocialProvidersAdminResponseSchema } } },
    async (request) => ok(await adminProviders(db, actorOf(request).brandId)),
  );

  app.post(
    CONSOLE_PATHS.brandSocialProviders,
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a sign-in provider (its client secret is required; a slug the brand has is refused)',
        body: SocialProviderCreateSchema,
        response: { 201: SocialProviderAdminResponseSchema },
      },
    },
    async (request, reply) => {
      const saved = await consoleCreateProvider(request, db, actorOf(request), request.body, app.deps.now());
      return reply.status(201).send(ok(saved));
    },
  );

  app.put(
    CONSOLE_PATHS.brandSocialProvider,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a sign-in provider (no client secret: the stored one is kept)',
        params: SocialProviderSlugParamsSchema,
        body: SocialProviderSettingsSchema,
        response: { 200: SocialProviderAdminResponseSchema },
      },
    },
    async (request) => ok(await consoleUpdateProvider(request, db, actorOf(request), request.params.slug, request.body, app.deps.now())),
  );
};
