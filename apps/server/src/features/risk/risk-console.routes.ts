import {
  KYC_CONSOLE_PATHS,
  RiskFlagListResponseSchema,
  RiskFlagParamsSchema,
  RiskFlagQuerySchema,
  RiskFlagResponseSchema,
  RiskFlagReviewRequestSchema,
  RiskLocationsResponseSchema,
  RiskLocationsSchema,
  RiskRulesResponseSchema,
  RiskRulesSchema,
} from '@playfront/contract/kyc';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff-guard.ts';
import { brandRules, changeRules, replaceLocations, reviewFlag, riskFlags, riskLocations } from './risk.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The console's risk calls: flags (risk.review), the brand's withdrawal/turnover/flag rules and address ranges (risk.rules to change). */
export const riskConsoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const review = { staff: { permission: 'risk.review' as const } };
  const manage = { staff: { permission: 'risk.rules' as const } };

  app.get(
    KYC_CONSOLE_PATHS.riskFlags,
    {
      config: review,
      schema: {
        tags,
        summary: 'Risk flags, newest first',
        querystring: RiskFlagQuerySchema,
        response: { 200: RiskFlagListResponseSchema },
      },
    },
    async (request) => ok(await riskFlags(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    KYC_CONSOLE_PATHS.riskFlagReview,
    {
      config: review,
      schema: {
        tags,
        summary: 'Mark a flag reviewed',
        params: RiskFlagParamsSchema,
        body: RiskFlagReviewRequestSchema,
        response: { 200: RiskFlagResponseSchema },
      },
    },
    async (request) => ok(await reviewFlag(app.deps.db, actorOf(request), request.params.flagId, request.body.note, app.deps.now())),
  );

  app.get(
    KYC_CONSOLE_PATHS.riskRules,
    {
      config: review,
      schema: { tags, summary: 'The brand’s withdrawal, turnover and risk rules', response: { 200: RiskRulesResponseSchema } },
    },
    async (request) => ok(await brandRules(app.deps.db, actorOf(request).brandId)),
  );

  app.put(
    KYC_CONSOLE_PATHS.riskRules,
    {
      config: manage,
      schema: { tags, summary: 'Change the brand’s rules', body: RiskRulesSchema, response: { 200: RiskRulesResponseSchema } },
    },
    async (request) => ok(await changeRules(app.deps.db, actorOf(request), request.body, app.deps.now())),
  );

  app.get(
    KYC_CONSOLE_PATHS.riskLocations,
    { config: review, schema: { tags, summary: 'The brand’s known address ranges', response: { 200: RiskLocationsResponseSchema } } },
    async (request) => ok(await riskLocations(app.deps.db, actorOf(request).brandId)),
  );

  app.put(
    KYC_CONSOLE_PATHS.riskLocations,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Replace the brand’s address ranges',
        body: RiskLocationsSchema,
        response: { 200: RiskLocationsResponseSchema },
      },
    },
    async (request) => ok(await replaceLocations(app.deps.db, actorOf(request), request.body, app.deps.now())),
  );
};
