import {
  LinkedIdentitiesResponseSchema,
  SOCIAL_PATHS,
  SocialCompleteResponseSchema,
  SocialCompleteSchema,
  SocialLinkStartSchema,
  SocialProvidersResponseSchema,
  SocialStartResponseSchema,
  SocialStartSchema,
} from '@playfront/contract/social';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsContext, ok, requestBrand } from '../session/accounts-context.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { completeFlow, memberIdentities, offeredProviders, startFlow } from './social.service.ts';

/** Social login, registration and linking (issue 15, decision 053): member calls under /wps/social. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['social'];
  const ctx = accountsContext(app);

  app.get(
    SOCIAL_PATHS.providers,
    {
      schema: {
        tags,
        summary: "The brand's sign-in providers (empty while the brand's SOCIAL_LOGIN is off)",
        response: { 200: SocialProvidersResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(request);
      return ok(await offeredProviders(app.deps.db, brand.id));
    },
  );

  app.post(
    SOCIAL_PATHS.start,
    {
      schema: {
        tags,
        summary: 'Start a sign-in (or registration) with a provider: its authorization URL (PKCE, state, nonce)',
        description:
          'SOCIAL_PROVIDER_UNAVAILABLE for an unknown or switched-off provider; SOCIAL_SIGN_IN_FAILED when it cannot be reached.',
        body: SocialStartSchema,
        response: { 200: SocialStartResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await requestBrand(request);
      return ok(await startFlow(request, brand, { ...request.body, purpose: 'login' }));
    },
  );

  app.post(
    SOCIAL_PATHS.linkStart,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'Start linking an identity of a provider to this account (final once done)',
        description: 'SOCIAL_ALREADY_LINKED when the member has an identity of this provider already.',
        body: SocialLinkStartSchema,
        response: { 200: SocialStartResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await requestBrand(request);
      return ok(
        await startFlow(request, brand, { provider: request.body.provider, purpose: 'link', memberId: memberOf(request).memberId }),
      );
    },
  );

  app.post(
    SOCIAL_PATHS.complete,
    {
      schema: {
        tags,
        summary: "The provider's answer (the callback page's query): logs in, registers, or links",
        description:
          'Outcome login or registered carries the session like a password login (TWO_STEP_REQUIRED when two-step login is on); linked needs the session that started the link. SOCIAL_STATE_INVALID for an unknown, used or expired state; SOCIAL_SIGN_IN_FAILED when the provider refused or its answer does not check out; SOCIAL_NOT_REGISTERED when nobody linked the identity and the provider does not register; SOCIAL_IDENTITY_TAKEN, SOCIAL_ALREADY_LINKED for a link.',
        body: SocialCompleteSchema,
        response: { 200: SocialCompleteResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const brand = await requestBrand(request);
      return ok(await completeFlow(request, ctx, brand, request.body.query));
    },
  );

  app.get(
    SOCIAL_PATHS.identities,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: "The member's linked identities (a link is final: there is no unlink)",
        response: { 200: LinkedIdentitiesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await memberIdentities(app.deps.db, memberOf(request).memberId));
    },
  );
};
