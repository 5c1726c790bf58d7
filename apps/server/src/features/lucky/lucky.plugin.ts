import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { luckyRoutes } from './lucky.routes.ts';
import { luckyOpsRoutes } from './lucky-ops.routes.ts';
import { raffleDrawJob } from './raffle.service.ts';

/**
 * Lucky draws (issue 12): prize wheel, golden eggs, raffles. Member calls under /wps/lucky, operator calls under
 * /ops/lucky, the raffle draw job. Tickets and raffle entries are earned in the money outbox
 * (lucky-tickets-consumer.ts, registered with the other consumers).
 */
export const luckyPlugin: FastifyPluginAsync = async (app) => {
  await app.register(luckyRoutes);
  await app.register(luckyOpsRoutes);
  registerJobRunner(app, [raffleDrawJob()]);
};
