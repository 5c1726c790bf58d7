import { CONSOLE_PATHS } from '@playfront/contract/console';
import {
  BrandFlagsInputSchema,
  BrandHostsInputSchema,
  BrandMaintenanceInputSchema,
  BrandSettingsResponseSchema,
  DepositChannelCreateSchema,
  DepositChannelInputSchema,
  DepositChannelParamsSchema,
  RegionRuleInputSchema,
  RegionRuleParamsSchema,
  RegistrationRulesInputSchema,
} from '@playfront/contract/console-content';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_GATEWAY_CODE } from '../funds/sandbox-gateway.ts';
import { catalogueCache } from '../games/catalogue-cache.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { clearAccessGate } from '../system/access-gate.ts';
import {
  addRegion,
  brandSettings,
  createChannel,
  removeRegion,
  saveBrandFlags,
  saveChannel,
  saveHosts,
  saveMaintenance,
  saveRegistrationRules,
} from './brand-settings.service.ts';
import { ok } from './console-http.ts';

/**
 * After a brand change: this instance's caches of brand rows, flags and region rules read again at once
 * (other instances within their few seconds: access gate 2 s, catalogue 5 s).
 */
export function brandChanged(app: FastifyInstance): void {
  clearAccessGate(app);
  for (const cache of Object.values(catalogueCache(app))) cache.clear();
}

const read = { staff: { permission: 'brand.read' as const } };
const write = { staff: { permission: 'brand.write' as const } };

/** The brand page under /console/api/brand (lane D, decision 046): every answer is the whole settings view. */
export const consoleBrandRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const { db } = app.deps;
  // The gateways funds.plugin registers: the sandbox only when it has a secret (never in production: start refuses).
  const gateways = app.deps.config.funds.sandboxSecret ? [SANDBOX_GATEWAY_CODE] : [];
  const view = async (brandId: number) => ok({ ...(await brandSettings(db, brandId)), gateways });
  const respond = { 200: BrandSettingsResponseSchema };

  app.get(CONSOLE_PATHS.brandSettings, { config: read, schema: { tags, summary: 'Brand settings', response: respond } }, async (request) =>
    view(actorOf(request).brandId),
  );

  app.put(
    CONSOLE_PATHS.brandFlags,
    { config: write, schema: { tags, summary: 'Whitelabel and feature flags', body: BrandFlagsInputSchema, response: respond } },
    async (request) => {
      const actor = actorOf(request);
      await saveBrandFlags(db, actor, request.body, app.deps.now());
      brandChanged(app);
      return view(actor.brandId);
    },
  );

  app.put(
    CONSOLE_PATHS.brandMaintenance,
    {
      config: write,
      schema: { tags, summary: 'Maintenance on or off, with its message', body: BrandMaintenanceInputSchema, response: respond },
    },
    async (request) => {
      const actor = actorOf(request);
      await saveMaintenance(db, actor, request.body, app.deps.now());
      brandChanged(app);
      request.log.info(
        { brand: actor.brandId, maintenance: request.body.maintenance, staff: actor.staffId },
        'console: maintenance changed',
      );
      return view(actor.brandId);
    },
  );

  app.post(
    CONSOLE_PATHS.brandRegions,
    {
      config: write,
      schema: { tags, summary: 'Add a restricted network', body: RegionRuleInputSchema, response: { 201: BrandSettingsResponseSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await addRegion(db, actor, request.body, app.deps.now());
      brandChanged(app);
      return reply.status(201).send(await view(actor.brandId));
    },
  );

  app.delete(
    CONSOLE_PATHS.brandRegion,
    { config: write, schema: { tags, summary: 'Remove a region rule', params: RegionRuleParamsSchema, response: respond } },
    async (request) => {
      const actor = actorOf(request);
      await removeRegion(db, actor, Number(request.params.ruleId), app.deps.now());
      brandChanged(app);
      return view(actor.brandId);
    },
  );

  app.put(
    CONSOLE_PATHS.brandRegistration,
    { config: write, schema: { tags, summary: 'Registration field rules', body: RegistrationRulesInputSchema, response: respond } },
    async (request) => {
      const actor = actorOf(request);
      await saveRegistrationRules(db, actor, request.body.rules, app.deps.now());
      brandChanged(app);
      return view(actor.brandId);
    },
  );

  app.post(
    CONSOLE_PATHS.brandChannels,
    {
      config: write,
      schema: {
        tags,
        summary: 'A new deposit channel: code, gateway, names, limits, order, on/off',
        body: DepositChannelCreateSchema,
        response: { 201: BrandSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await createChannel(db, actor, request.body, gateways, app.deps.now());
      brandChanged(app);
      return reply.status(201).send(await view(actor.brandId));
    },
  );

  app.put(
    CONSOLE_PATHS.brandChannel,
    {
      config: write,
      schema: {
        tags,
        summary: 'A deposit channel: names, limits, order, on/off',
        params: DepositChannelParamsSchema,
        body: DepositChannelInputSchema,
        response: respond,
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await saveChannel(db, actor, Number(request.params.channelId), request.body, app.deps.now());
      brandChanged(app);
      return view(actor.brandId);
    },
  );

  app.put(
    CONSOLE_PATHS.brandHosts,
    {
      config: write,
      schema: { tags, summary: 'Main domain, domain routes, image and launch hosts', body: BrandHostsInputSchema, response: respond },
    },
    async (request) => {
      const actor = actorOf(request);
      await saveHosts(db, actor, request.body, app.deps.now());
      brandChanged(app);
      return view(actor.brandId);
    },
  );
};
