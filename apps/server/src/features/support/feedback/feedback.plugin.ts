import type { FastifyPluginAsync } from 'fastify';
import { feedbackRoutes } from './feedback.routes.ts';
import { feedbackOpsRoutes } from './feedback-ops.routes.ts';

/** Feedback (issue 15): the member calls under /wps/feedback, the operator calls under /ops/feedback. */
export const feedbackPlugin: FastifyPluginAsync = async (app) => {
  await app.register(feedbackRoutes);
  await app.register(feedbackOpsRoutes);
};
