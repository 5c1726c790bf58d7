import { REFERRAL_PATHS, ReferralSummaryQuerySchema, ReferralSummaryResponseSchema } from '@playfront/contract/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/request-language.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { referralSummary } from './referral.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's referral page (issue 15): a real (not trial) member of a brand that runs the referral promo. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['referral'];

  app.get(
    REFERRAL_PATHS.summary,
    {
      preParsing: requireMember(),
      schema: {
        tags,
        summary: 'My referral code and link, the members I invited (masked, paged) and the rewards earned',
        querystring: ReferralSummaryQuerySchema,
        response: { 200: ReferralSummaryResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(
        await referralSummary(app.deps.db, {
          brandId: me.brandId,
          memberId: me.memberId,
          origin: `${request.protocol}://${request.host}`,
          pageNo: request.query.pageNo,
          pageSize: request.query.pageSize,
          language: langOf(request),
        }),
      );
    },
  );
};
