import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { rebatesRoutes } from './rebates.routes.ts';
import { cashbackJob, rebatePayoutJob } from './rebates-jobs.ts';
import { rebatesOpsRoutes } from './rebates-ops.routes.ts';

/**
 * Rebates and cashback (issue 12): member calls under /wps/rebates, operator calls under /ops/rebates, the automatic
 * payout and cashback jobs (ticking every JOB_PERIOD_SECONDS; each brand's period paid once). Accrual runs in the
 * money outbox (rebate-accrual-consumer.ts, registered with the other consumers).
 */
export const rebatesPlugin: FastifyPluginAsync = async (app) => {
  await app.register(rebatesRoutes);
  await app.register(rebatesOpsRoutes);
  const periodMs = app.deps.config.funds.jobPeriodMs;
  registerJobRunner(app, [rebatePayoutJob(periodMs), cashbackJob(periodMs)]);
};
