import {
  AGENT_CONTRACT_PATHS,
  AGENT_CONTRACT_PROCESS,
  type AgentContractKind,
  AgentContractsQuerySchema,
  AgentContractsResponseSchema,
  AgentIncomeQuerySchema,
  AgentIncomeResponseSchema,
  AgentSettlementsQuerySchema,
  AgentSettlementsResponseSchema,
  ConsolidatedContractsResponseSchema,
  ContractActionResponseSchema,
  ContractIdParamsSchema,
  ContractOfferBodySchema,
  ContractOfferResponseSchema,
  ContractSummaryResponseSchema,
} from '@playfront/contract/agent-contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOf, requireMember } from '../../session/authenticate.ts';
import {
  acceptContract,
  consolidated,
  listContracts,
  offerContract,
  rejectContract,
  summary,
  terminateContract,
} from './contracts.service.ts';
import { incomeView, settlementsView } from './settlement.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/**
 * The agent's side of contracts (issue 14, spec sections 3, 4, 7): agents only (NON_AGENT_LOGIN otherwise; trial
 * accounts are refused before), and only contracts the caller is a side of.
 */
export const agentContractsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['agent'];
  const agent = requireMember({ agentOnly: true });
  const me = (request: Parameters<typeof memberOf>[0]) => {
    const m = memberOf(request);
    return { memberId: m.memberId, brandId: m.brandId };
  };

  app.get(
    AGENT_CONTRACT_PATHS.consolidated,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Consolidated contract info: per kind, enabled, pending offer, active contract',
        response: { 200: ConsolidatedContractsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await consolidated(app.deps.db, me(request)));
    },
  );

  for (const kind of Object.keys(AGENT_CONTRACT_PROCESS) as AgentContractKind[]) {
    const { path, method } = AGENT_CONTRACT_PROCESS[kind];
    app.route({
      method,
      url: path,
      preParsing: agent,
      schema: {
        tags,
        summary: `The ${kind} contract summary: my contract, offers waiting for me, the contracts I gave`,
        response: { 200: ContractSummaryResponseSchema },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await summary(app.deps.db, me(request), kind));
      },
    });
  }

  app.get(
    AGENT_CONTRACT_PATHS.contracts,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Contracts I gave (role=upline) or got (role=downline), newest first',
        querystring: AgentContractsQuerySchema,
        response: { 200: AgentContractsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listContracts(app.deps.db, me(request), request.query));
    },
  );

  app.post(
    AGENT_CONTRACT_PATHS.contracts,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Offer a contract to a direct downline agent',
        description:
          'Refusals: CONTRACT_NOT_DIRECT_DOWNLINE, CONTRACT_DOWNLINE_NOT_AGENT, CONTRACT_NONE_OF_YOUR_OWN, CONTRACT_RATE_ABOVE_UPLINE ' +
          '{maxRateBps}, CONTRACT_RATE_BELOW_DOWNLINE {minRateBps}, CONTRACT_ALREADY_OFFERED, CONTRACT_RATE_NOT_HIGHER, ' +
          'CONTRACT_CONFIRM_REQUIRED {terminates} (send again with confirm: true), CONTRACT_TERMS_INVALID, FEATURE_DISABLED.',
        body: ContractOfferBodySchema,
        response: { 200: ContractOfferResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const result = await offerContract(db, me(request), request.body, now());
      request.log.info({ contractId: result.contract.id, kind: result.contract.kind }, 'agent contract offered');
      return ok(result);
    },
  );

  const actions = [
    [AGENT_CONTRACT_PATHS.accept, acceptContract, 'Accept an offer (terminates the contract it replaces)'],
    [AGENT_CONTRACT_PATHS.reject, rejectContract, 'Reject an offer'],
    [AGENT_CONTRACT_PATHS.terminate, terminateContract, 'End an active contract (either side), or withdraw an offer (the upline)'],
  ] as const;
  for (const [path, act, text] of actions) {
    app.post(
      path,
      {
        preParsing: agent,
        schema: { tags, summary: text, params: ContractIdParamsSchema, response: { 200: ContractActionResponseSchema } },
      },
      async (request) => {
        const { db, now } = app.deps;
        const result = await act(db, me(request), BigInt(request.params.id), now());
        request.log.info({ contractId: result.contract.id, state: result.contract.state }, 'agent contract changed');
        return ok(result);
      },
    );
  }

  app.get(
    AGENT_CONTRACT_PATHS.settlements,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'Settlements paid to me and by me, with their figures, newest period first',
        querystring: AgentSettlementsQuerySchema,
        response: { 200: AgentSettlementsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await settlementsView(app.deps.db, memberOf(request).memberId, request.query));
    },
  );

  app.get(
    AGENT_CONTRACT_PATHS.income,
    {
      preParsing: agent,
      schema: {
        tags,
        summary: 'My income (salary, dividend, commission) by day, week or month',
        querystring: AgentIncomeQuerySchema,
        response: { 200: AgentIncomeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await incomeView(app.deps.db, memberOf(request).memberId, request.query, app.deps.now()));
    },
  );
};
