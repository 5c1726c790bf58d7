import {
  OPS_ENVELOPE_PATHS,
  OpsOccurrencesResponseSchema,
  OpsRainBodySchema,
  OpsRainParamsSchema,
  OpsRainResponseSchema,
  OpsRainsResponseSchema,
} from '@playfront/contract/envelopes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { requestBrand } from '../session/accounts-context.ts';
import { tickRains } from './envelope-jobs.ts';
import { createRain, listRains, rainOccurrences, updateRain } from './envelopes.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Operator configuration of the brand's (Merchant header, else the default one) envelope rains, behind the operator key. */
export const envelopesOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'envelopes');
  const brandId = async (request: Parameters<typeof requestBrand>[0]) => (await requestBrand(request)).id;
  /** A rain saved to start now should not wait for the next tick; a failure here is the tick's to retry. */
  const startDueNow = () => void tickRains(app).catch((err: unknown) => app.log.warn({ err }, 'envelope rain tick after save failed'));

  app.get(
    OPS_ENVELOPE_PATHS.rains,
    { schema: { tags, summary: "The brand's envelope rains, active or not", response: { 200: OpsRainsResponseSchema } } },
    async (request) => ok({ list: await listRains(app.deps.db, await brandId(request), app.deps.now()) }),
  );

  app.post(
    OPS_ENVELOPE_PATHS.rains,
    {
      schema: {
        tags,
        summary: 'Create an envelope rain (one-off, or repeating every N minutes)',
        body: OpsRainBodySchema,
        response: { 200: OpsRainResponseSchema },
      },
    },
    async (request) => {
      const rain = await createRain(app.deps.db, await brandId(request), request.body, app.deps.now());
      request.log.info({ rainId: rain.id }, 'envelope rain created');
      startDueNow();
      return ok(rain);
    },
  );

  app.put(
    OPS_ENVELOPE_PATHS.rain,
    {
      schema: {
        tags,
        summary: "Replace a rain's settings (a running occurrence keeps those it started with)",
        params: OpsRainParamsSchema,
        body: OpsRainBodySchema,
        response: { 200: OpsRainResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const rain = await updateRain(db, await brandId(request), BigInt(request.params.rainId), request.body, now());
      request.log.info({ rainId: rain.id }, 'envelope rain updated');
      startDueNow();
      return ok(rain);
    },
  );

  app.get(
    OPS_ENVELOPE_PATHS.occurrences,
    {
      schema: {
        tags,
        summary: "A rain's latest occurrences: envelopes opened and amount paid",
        params: OpsRainParamsSchema,
        response: { 200: OpsOccurrencesResponseSchema },
      },
    },
    async (request) => ok({ list: await rainOccurrences(app.deps.db, await brandId(request), BigInt(request.params.rainId)) }),
  );
};
