import type { FastifyPluginAsync } from 'fastify';
import { referralRoutes } from './referral.routes.ts';

/** The referral programme (issue 15): the member's page under /wps/member/referral. Sign-up resolves codes in member/. */
export const referralPlugin: FastifyPluginAsync = async (app) => {
  await app.register(referralRoutes);
};
