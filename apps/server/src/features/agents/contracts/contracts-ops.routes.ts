import {
  AgentContractSettingsResponseSchema,
  AgentContractSettingsSchema,
  AgentContractsResponseSchema,
  ContractActionResponseSchema,
  ContractIdParamsSchema,
  ContractOfferBodySchema,
  ContractOfferResponseSchema,
  OPS_AGENT_CONTRACT_PATHS,
  OpsAgentSettleBodySchema,
  OpsAgentSettleResponseSchema,
  OpsContractsQuerySchema,
} from '@playfront/contract/agent-contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/app-error.ts';
import { operatedBrandId } from '../../ops/operated-brand.ts';
import { requireOperatorKey } from '../../ops/operator-key.ts';
import { listContracts, loadSettings, offerContract, saveSettings, terminateContract } from './contracts.service.ts';
import { settleKind } from './settlement.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The operator's side: settle now (the e2e test clock), the brand's maximum rates, the house's contracts with top agents. */
export const agentContractsOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'agents');

  app.post(
    OPS_AGENT_CONTRACT_PATHS.settle,
    {
      schema: {
        tags,
        summary: "Settle a contract kind's periods that ended by `at` (default now) and retry its owed settlements",
        body: OpsAgentSettleBodySchema,
        response: { 200: OpsAgentSettleResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const at = request.body.at ? new Date(request.body.at) : now();
      // A clock ahead of now settles a period before it ends, and play after that is never paid: the e2e test clock
      // only, never in production.
      if (app.deps.config.production && at.getTime() > now().getTime()) throw new AppError('VALIDATION');
      const result = await db.transaction().execute((trx) => settleKind(trx, request.body.kind, at));
      request.log.info({ kind: request.body.kind, at: at.toISOString(), ...result }, 'agent settlement run by the operator');
      return ok(result);
    },
  );

  app.get(
    OPS_AGENT_CONTRACT_PATHS.settings,
    { schema: { tags, summary: "The brand's agent contract settings", response: { 200: AgentContractSettingsResponseSchema } } },
    async (request) => ok(await loadSettings(app.deps.db, await operatedBrandId(app.deps.db, request))),
  );

  app.put(
    OPS_AGENT_CONTRACT_PATHS.settings,
    {
      schema: {
        tags,
        summary: "Set the brand's maximum contract rates (new offers follow them; active contracts stay)",
        body: AgentContractSettingsSchema,
        response: { 200: AgentContractSettingsResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      return ok(await saveSettings(db, await operatedBrandId(db, request), request.body, now()));
    },
  );

  app.get(
    OPS_AGENT_CONTRACT_PATHS.contracts,
    {
      schema: {
        tags,
        summary: "The house's contracts with top agents",
        querystring: OpsContractsQuerySchema,
        response: { 200: AgentContractsResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const brandId = await operatedBrandId(db, request);
      return ok(await listContracts(db, { operator: true, brandId }, { ...request.query, role: 'upline' }));
    },
  );

  app.post(
    OPS_AGENT_CONTRACT_PATHS.contracts,
    {
      schema: {
        tags,
        summary: 'The house offers a top agent a contract (bounded by the brand maximum)',
        body: ContractOfferBodySchema,
        response: { 200: ContractOfferResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      return ok(await offerContract(db, { operator: true, brandId }, request.body, now()));
    },
  );

  app.post(
    OPS_AGENT_CONTRACT_PATHS.terminate,
    {
      schema: {
        tags,
        summary: 'The house ends one of its contracts (or withdraws its offer)',
        params: ContractIdParamsSchema,
        response: { 200: ContractActionResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      return ok(await terminateContract(db, { operator: true, brandId }, BigInt(request.params.id), now()));
    },
  );
};
