import {
  LuckyGameParamsSchema,
  OPS_LUCKY_PATHS,
  OpsLuckyGameBodySchema,
  OpsLuckyGameResponseSchema,
  OpsLuckyTicketsBodySchema,
  OpsLuckyTicketsResponseSchema,
  OpsRaffleBodySchema,
  OpsRaffleResponseSchema,
  OpsRafflesResponseSchema,
} from '@playfront/contract/lucky';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { operatedBrandId } from '../ops/operated-brand.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { grantTickets, opsGameView, saveGame } from './lucky.service.ts';
import { openRaffle, raffleList } from './raffle.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Operator configuration of the wheel, the eggs and raffles, under /ops/lucky behind the operator key. */
export const luckyOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['operator'];
  requireOperatorKey(app, 'loyalty');

  app.get(
    OPS_LUCKY_PATHS.game,
    {
      schema: {
        tags,
        summary: 'A lucky game’s configuration and prizes',
        params: LuckyGameParamsSchema,
        response: { 200: OpsLuckyGameResponseSchema },
      },
    },
    async (request) => ok(await opsGameView(app.deps.db, await operatedBrandId(app.deps.db, request), request.params.game)),
  );

  app.put(
    OPS_LUCKY_PATHS.game,
    {
      schema: {
        tags,
        summary: 'Configure a lucky game (ticket rates, budget, eggs) and replace its prizes',
        params: LuckyGameParamsSchema,
        body: OpsLuckyGameBodySchema,
        response: { 200: OpsLuckyGameResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      await saveGame(db, brandId, request.params.game, request.body, now());
      request.log.info({ game: request.params.game, brandId }, 'lucky game configured');
      return ok(await opsGameView(db, brandId, request.params.game));
    },
  );

  app.post(
    OPS_LUCKY_PATHS.tickets,
    {
      schema: {
        tags,
        summary: 'Give a member tickets for a lucky game',
        params: LuckyGameParamsSchema,
        body: OpsLuckyTicketsBodySchema,
        response: { 200: OpsLuckyTicketsResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      const member = await db
        .selectFrom('member')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('username', '=', request.body.username)
        .executeTakeFirst();
      if (!member) throw new AppError('NOT_FOUND');
      const tickets = await grantTickets(db, member.id, request.params.game, request.body.count, now());
      request.log.info({ game: request.params.game, memberId: member.id, count: request.body.count }, 'lucky tickets given');
      return ok({ tickets });
    },
  );

  app.get(
    OPS_LUCKY_PATHS.raffles,
    { schema: { tags, summary: 'Raffles, newest first', response: { 200: OpsRafflesResponseSchema } } },
    async (request) => ok(await raffleList(app.deps.db, await operatedBrandId(app.deps.db, request), null, 'en', app.deps.now(), true)),
  );

  app.post(
    OPS_LUCKY_PATHS.raffles,
    {
      schema: {
        tags,
        summary: 'Open a raffle: its server seed is committed (hash shown) at once, drawn by the job after its end',
        body: OpsRaffleBodySchema,
        response: { 200: OpsRaffleResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const brandId = await operatedBrandId(db, request);
      const id = await openRaffle(db, brandId, request.body, now());
      const list = await raffleList(db, brandId, null, 'en', now(), true);
      return ok(list.list.find((r) => r.id === id)!);
    },
  );
};
