import {
  BannerIdParamsSchema,
  BannerInputSchema,
  BannerListQuerySchema,
  BannerListResponseSchema,
  BannerResponseSchema,
  CONSOLE_PATHS,
} from '@playfront/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff/staff-guard.ts';
import { createBanner, deleteBanner, listBanners, updateBanner } from './banners.service.ts';
import { ok } from './console-http.ts';

/** Banners (groups w_home, w_login, w_register, w_leftmenu; EN and BN) under /console/api/banners. */
export const consoleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];

  app.get(
    CONSOLE_PATHS.banners,
    {
      config: { staff: { permission: 'content.read' } },
      schema: { tags, summary: 'Banners of the brand', querystring: BannerListQuerySchema, response: { 200: BannerListResponseSchema } },
    },
    async (request) => ok({ list: await listBanners(app.deps.db, actorOf(request).brandId, request.query.group) }),
  );

  app.post(
    CONSOLE_PATHS.banners,
    {
      config: { staff: { permission: 'content.write' } },
      schema: { tags, summary: 'Create a banner', body: BannerInputSchema, response: { 201: BannerResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(ok(await createBanner(app.deps.db, actorOf(request), request.body, app.deps.now()))),
  );

  app.put(
    CONSOLE_PATHS.banner,
    {
      config: { staff: { permission: 'content.write' } },
      schema: {
        tags,
        summary: 'Change a banner',
        params: BannerIdParamsSchema,
        body: BannerInputSchema,
        response: { 200: BannerResponseSchema },
      },
    },
    async (request) => ok(await updateBanner(app.deps.db, actorOf(request), Number(request.params.bannerId), request.body, app.deps.now())),
  );

  app.delete(
    CONSOLE_PATHS.banner,
    {
      config: { staff: { permission: 'content.write' } },
      schema: { tags, summary: 'Remove a banner', params: BannerIdParamsSchema, response: { 200: BannerResponseSchema } },
    },
    async (request) => ok(await deleteBanner(app.deps.db, actorOf(request), Number(request.params.bannerId), app.deps.now())),
  );
};
