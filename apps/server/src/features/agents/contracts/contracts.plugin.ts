import { AGENT_CONTRACT_KINDS } from '@playfront/contract/agent-contracts-paths';
import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../../infra/jobs/job-runner.ts';
import { agentContractsRoutes } from './contracts.routes.ts';
import { agentSettlementJob } from './contracts-jobs.ts';
import { agentContractsOpsRoutes } from './contracts-ops.routes.ts';

/**
 * Agent contracts (issue 14): agent calls under /wps/agent (contracts, process* summaries, settlements, income), the
 * operator's under /ops/agents, and the four settlement jobs. The real-time salary's 5-minute rollup is an outbox
 * consumer (agent-money-5min-consumer.ts), registered with the others in app.ts.
 */
export const agentContractsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(agentContractsRoutes);
  await app.register(agentContractsOpsRoutes);
  registerJobRunner(
    app,
    AGENT_CONTRACT_KINDS.map((kind) => agentSettlementJob(kind)),
  );
};
