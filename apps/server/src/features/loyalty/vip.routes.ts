import { MyVipResponseSchema, VIP_ICON_PATH, VIP_PATHS, VipLevelsResponseSchema } from '@playfront/contract/vip';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { type Lang, levelsView, myVipView } from './vip.service.ts';
import { renderVipIcon } from './vip-icons.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Level names in the call's Language header (BN default, as the brand's). */
export function vipLangOf(request: FastifyRequest): Lang {
  const h = request.headers.language;
  const v = (Array.isArray(h) ? h[0] : h)?.toLowerCase();
  return v?.startsWith('en') ? 'en' : 'bn';
}

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
    async (request) => ok(await levelsView(app.deps.db, memberOf(request).brandId, vipLangOf(request))),
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
      return ok(await myVipView(app.deps.db, me.brandId, me.memberId, vipLangOf(request), app.deps.now()));
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
