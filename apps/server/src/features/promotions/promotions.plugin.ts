import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { bonusUpkeepJob } from '../bonus/bonus-jobs.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { promotionsOpsRoutes } from './promotions-ops.routes.ts';

/** Promotions and bonus money: member calls, the operator API, and the upkeep job (expiry warnings, expiry, ends). */
export const promotionsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(promotionsRoutes);
  await app.register(promotionsOpsRoutes);
  registerJobRunner(app, [bonusUpkeepJob(app.deps.config.funds.jobPeriodMs)]);
};
