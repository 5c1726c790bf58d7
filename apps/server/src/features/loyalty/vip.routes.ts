import { MyVipResponseSchema, VIP_ICON_PATH, VIP_PATHS, VipLevelsResponseSchema } from '@playfront/contract/vip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { langOf } from '../../http/request-language.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { levelsView, myVipView } from './vip.service.ts';
import { renderVipIcon } from './vip-icons.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of VIP (issue 12): the level table and "my VIP". Answers FEATURE_DISABLED when the brand has no VIP. */
export const vipRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vip'];
  const member = requireMember({ allowTrial: true });

  app.get(
    VIP_PATHS.levels,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'The VIP level table: thresholds, bonuses, rebate rates, withdrawal limits',
        response: { 200: VipLevelsResponseSchema },
      },
    },
    async (request) => ok(await levelsView(app.deps.db, memberOf(request).brandId, langOf(request))),
  );

  app.get(
    VIP_PATHS.mine,
    {
      preParsing: member,
      schema: { tags, summary: 'My VIP level, progress to the next one, and my VIP bonuses', response: { 200: MyVipResponseSchema } },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await myVipView(app.deps.db, me.brandId, me.memberId, langOf(request), app.deps.now()));
    },
  );

  app.get(
    VIP_ICON_PATH,
    {
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,40}\.svg$/) }) },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const svg = renderVipIcon(request.params.file.slice(0, -'.svg'.length));
      if (!svg) throw new AppError('NOT_FOUND');
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(svg);
    },
  );
};
