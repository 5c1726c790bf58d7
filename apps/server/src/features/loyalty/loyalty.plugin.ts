import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { vipRoutes } from './vip.routes.ts';
import { vipReviewJob } from './vip-jobs.ts';
import { vipOpsRoutes } from './vip-ops.routes.ts';

/**
 * Loyalty (issue 12): VIP levels now. Member calls under /wps/vip, the operator's ladder under /ops/vip, the level icons, the monthly review job. Progress
 * and upgrades run in the money outbox (vip-progress-consumer.ts, registered with the other consumers).
 */
export const loyaltyPlugin: FastifyPluginAsync = async (app) => {
  await app.register(vipRoutes);
  await app.register(vipOpsRoutes);
  registerJobRunner(app, [vipReviewJob()]);
};
