import { BettingRecordQuerySchema, BettingRecordResponseSchema, PLAY_PATHS } from '@playfront/contract/play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveWindow } from '../../records/record-window.ts';
import { memberOf, requireMember } from '../../session/authenticate.ts';
import { brandLanguage } from '../../system/system.service.ts';
import { bettingRecord } from './betting-record.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's game rounds (member centre personalHistoryCopy). Members only ever read their own rounds. */
export const bettingRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PLAY_PATHS.bettingRecord,
    {
      preParsing: requireMember({ allowTrial: true }),
      schema: {
        tags: ['records'],
        summary: "The member's game rounds, newest first, with totals over the window",
        querystring: BettingRecordQuerySchema,
        response: { 200: BettingRecordResponseSchema },
      },
    },
    async (request, reply) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      const window = resolveWindow(request.query, now());
      const brand = await db.selectFrom('brand').selectAll().where('id', '=', me.brandId).executeTakeFirstOrThrow();
      const lang = brandLanguage(brand, request.query.language ?? (request.headers.language as string | undefined));
      const value = await bettingRecord(db, {
        memberId: me.memberId,
        currency: brand.currency,
        window,
        lang,
        gameType: request.query.gameType,
        vendor: request.query.vendor,
        status: request.query.status,
        pageNo: request.query.pageNo,
        pageSize: request.query.pageSize,
      });
      reply.header('cache-control', 'no-store');
      return ok(value);
    },
  );
};
