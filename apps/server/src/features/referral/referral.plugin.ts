import type { FastifyPluginAsync } from 'fastify';
import { referralRoutes } from './referral.routes.ts';
import { referralOpsRoutes } from './referral-ops.routes.ts';

/**
 * The referral programme (issue 15): the member's page under /wps/member/referral, the brand's reward rule under
 * /ops/referral. Sign-up resolves codes in member/; rewards are paid by the referral outbox consumer
 * (referral-reward-consumer.ts, registered with the other consumers).
 */
export const referralPlugin: FastifyPluginAsync = async (app) => {
  await app.register(referralRoutes);
  await app.register(referralOpsRoutes);
};
