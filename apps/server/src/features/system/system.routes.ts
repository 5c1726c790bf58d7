import {
  CaptchaResponseSchema,
  CLIENT_KEY_HEADER,
  CountryCodesResponseSchema,
  DomainRouteResponseSchema,
  HelpCenterQuerySchema,
  HelpCenterResponseSchema,
  PermissionResponseSchema,
  RegisterSettingsResponseSchema,
  RegValidataResponseSchema,
  SYSTEM_PATHS,
  SystemStatusResponseSchema,
  WhitelabelResponseSchema,
} from '@playfront/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getBrandFlags } from '../brand/brand.repository.ts';
import { issueCaptcha } from './captcha.service.ts';
import {
  brandLanguage,
  clientIp,
  countryCodes,
  domainRoutes,
  helpCenter,
  permission,
  registerSettings,
  regValidata,
  requestBrand,
  systemStatus,
} from './system.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** System and settings calls of spec section 7 (status, whitelabel, register settings, regValidata, domain routes, help centre, captcha, permission). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];

  app.get(
    SYSTEM_PATHS.status,
    {
      schema: {
        tags,
        summary: 'System status: 0 normal, 1 maintenance, 2 region-restricted (for the caller IP)',
        response: { 200: SystemStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      // The answer depends on the caller's IP and on operator switches: never cache it.
      reply.header('cache-control', 'no-store');
      const language = request.headers.language;
      // The operator's maintenance message in the visitor's language (Language header), else the brand default.
      const lang = brandLanguage(brand, Array.isArray(language) ? language[0] : language);
      return ok(await systemStatus(db, brand, clientIp(request), lang));
    },
  );

  app.get(
    SYSTEM_PATHS.whitelabel,
    { schema: { tags, summary: 'Every whitelabel and feature flag of the brand', response: { 200: WhitelabelResponseSchema } } },
    async (request) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      return ok(await getBrandFlags(db, brand.id));
    },
  );

  app.get(
    SYSTEM_PATHS.registerSettings,
    {
      schema: {
        tags,
        summary: 'Registration settings: methods, countries, mobile rule, minimum age',
        response: { 200: RegisterSettingsResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      return ok(await registerSettings(db, brand));
    },
  );

  // Spec section 7 "Country codes" (public, like the register settings).
  app.get(
    SYSTEM_PATHS.countryCode,
    {
      schema: {
        tags,
        summary: "getCountryCode: the country dialing codes the forms offer, the brand's default first",
        response: { 200: CountryCodesResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      return ok(await countryCodes(db, await requestBrand(db, request)));
    },
  );

  app.get(
    SYSTEM_PATHS.regValidata,
    {
      schema: {
        tags,
        summary: 'Per-field registration rules (pattern, lengths, shown, required)',
        response: { 200: RegValidataResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      return ok(await regValidata(db, brand.id));
    },
  );

  app.get(
    SYSTEM_PATHS.domainRoute,
    { schema: { tags, summary: 'The brand domains and what each is for', response: { 200: DomainRouteResponseSchema } } },
    async (request) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      return ok(await domainRoutes(db, brand.id));
    },
  );

  app.get(
    SYSTEM_PATHS.helpCenter,
    {
      schema: {
        tags,
        summary: 'Help centre articles in one language',
        querystring: HelpCenterQuerySchema,
        response: { 200: HelpCenterResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      return ok(await helpCenter(db, brand, request.query.lang));
    },
  );

  app.get(
    SYSTEM_PATHS.captcha,
    {
      schema: { tags, summary: 'A new image captcha (single use, expires)', response: { 200: CaptchaResponseSchema } },
      // The web refreshes at most once a second; this stops a script from filling the table.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      // CAPTCHA_TEST_ANSWER (tests only, refused in production) fixes the text; it is checked like any other answer.
      const testAnswer = app.deps.config.accounts.captchaTestAnswer;
      return ok(await (testAnswer ? issueCaptcha(app.deps.db, app.deps.now(), testAnswer) : issueCaptcha(app.deps.db, app.deps.now())));
    },
  );

  app.get(
    SYSTEM_PATHS.permission,
    {
      schema: {
        tags,
        summary: `Brand permission and configuration; customer-service paths are sealed for the key in the ${CLIENT_KEY_HEADER} header`,
        response: { 200: PermissionResponseSchema },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const brand = await requestBrand(db, request);
      const header = request.headers[CLIENT_KEY_HEADER];
      const clientKey = Array.isArray(header) ? header[0] : header;
      reply.header('cache-control', 'no-store');
      return ok(await permission(db, brand, clientIp(request), clientKey, request.log));
    },
  );
};
