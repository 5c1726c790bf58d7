import { ContractActionResponseSchema, ContractOfferBodySchema, ContractOfferResponseSchema } from '@playfront/contract/agent-contracts';
import {
  ConsoleAgentsQuerySchema,
  ConsoleAgentsResponseSchema,
  ConsoleContractIdParamsSchema,
  ConsoleContractsQuerySchema,
  ConsoleContractsResponseSchema,
  ConsoleSettlementsQuerySchema,
  ConsoleSettlementsResponseSchema,
  OversightReasonSchema,
  CONSOLE_OVERSIGHT_PATHS as P,
} from '@playfront/contract/console-oversight';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff-guard.ts';
import { consoleAgents, consoleContracts, consoleSettlements, houseOffer, houseTerminate } from './agents.service.ts';
import { ok } from './console-http.ts';

/** Agents with their team figures, every contract of the brand, settlements owed and paid; the house's offers (decision 050). */
export const consoleAgentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const read = { staff: { permission: 'agents.read' as const } };
  const manage = { staff: { permission: 'agents.manage' as const } };

  app.get(
    P.agents,
    {
      config: read,
      schema: {
        tags,
        summary: 'Agents with team size and team figures',
        querystring: ConsoleAgentsQuerySchema,
        response: { 200: ConsoleAgentsResponseSchema },
      },
    },
    async (request) => ok(await consoleAgents(app.deps.db, actorOf(request).brandId, request.query, app.deps.now())),
  );

  app.get(
    P.agentContracts,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every contract of the brand',
        querystring: ConsoleContractsQuerySchema,
        response: { 200: ConsoleContractsResponseSchema },
      },
    },
    async (request) => ok(await consoleContracts(app.deps.db, actorOf(request).brandId, request.query)),
  );

  app.post(
    P.agentContracts,
    {
      config: manage,
      schema: {
        tags,
        summary: 'The house offers a top agent a contract (bounded by the brand maximum)',
        body: ContractOfferBodySchema,
        response: { 200: ContractOfferResponseSchema },
      },
    },
    async (request) => ok(await houseOffer(app.deps.db, actorOf(request), request.body, app.deps.now())),
  );

  app.post(
    P.agentContractTerminate,
    {
      config: manage,
      schema: {
        tags,
        summary: 'The house ends one of its contracts (or withdraws its offer), with a reason',
        params: ConsoleContractIdParamsSchema,
        body: OversightReasonSchema,
        response: { 200: ContractActionResponseSchema },
      },
    },
    async (request) =>
      ok(await houseTerminate(app.deps.db, actorOf(request), BigInt(request.params.id), request.body.reason, app.deps.now())),
  );

  app.get(
    P.agentSettlements,
    {
      config: read,
      schema: {
        tags,
        summary: 'Settlements of the brand with totals owed and paid',
        querystring: ConsoleSettlementsQuerySchema,
        response: { 200: ConsoleSettlementsResponseSchema },
      },
    },
    async (request) => ok(await consoleSettlements(app.deps.db, actorOf(request).brandId, request.query)),
  );
};
