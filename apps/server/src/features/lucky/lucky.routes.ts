import {
  LUCKY_PATHS,
  LuckyGameParamsSchema,
  LuckyGameResponseSchema,
  LuckyPlayBodySchema,
  LuckyPlayResponseSchema,
  LuckyPlaysResponseSchema,
  LuckySeedBodySchema,
  LuckySeedResponseSchema,
  RaffleResponseSchema,
} from '@playfront/contract/lucky';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/request-language.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { gameView, listPlays, play, rotateSeed } from './lucky.service.ts';
import { raffleList } from './raffle.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** The member's side of the wheel, the eggs and the raffle. Real members only: prizes are money. */
export const luckyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lucky'];
  const member = requireMember();

  app.get(
    LUCKY_PATHS.game,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'A lucky game: prizes, my tickets, the committed server seed hash, my client seed and next nonce',
        params: LuckyGameParamsSchema,
        response: { 200: LuckyGameResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await gameView(app.deps.db, me.brandId, me.memberId, request.params.game, langOf(request), app.deps.now()));
    },
  );

  app.post(
    LUCKY_PATHS.play,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Spend a ticket: spin the wheel, or smash egg `egg`; the prize is paid in the same transaction',
        params: LuckyGameParamsSchema,
        body: LuckyPlayBodySchema,
        response: { 200: LuckyPlayResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const result = await play(app.deps.db, {
        brandId: me.brandId,
        memberId: me.memberId,
        game: request.params.game,
        egg: request.body?.egg ?? null,
        now: app.deps.now(),
        lang: langOf(request),
      });
      request.log.info({ game: request.params.game, playId: result.play.id, position: result.play.position }, 'lucky play');
      return ok(result);
    },
  );

  app.put(
    LUCKY_PATHS.seed,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Set a new client seed: reveals the current server seed and commits to a new one',
        params: LuckyGameParamsSchema,
        body: LuckySeedBodySchema,
        response: { 200: LuckySeedResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      return ok(await rotateSeed(app.deps.db, me.memberId, request.params.game, request.body.clientSeed, app.deps.now()));
    },
  );

  app.get(
    LUCKY_PATHS.plays,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'My latest plays, each with what verifies it (the server seed once revealed)',
        params: LuckyGameParamsSchema,
        response: { 200: LuckyPlaysResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok({ list: await listPlays(app.deps.db, me.memberId, request.params.game, langOf(request)) });
    },
  );

  app.post(
    LUCKY_PATHS.raffle,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Spec section 7 rafflePromotion: open and recent raffles, my entries, prizes, winners, seeds',
        response: { 200: RaffleResponseSchema },
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      reply.header('cache-control', 'no-store');
      return ok(await raffleList(app.deps.db, me.brandId, me.memberId, langOf(request), app.deps.now()));
    },
  );
};
