import {
  CONSOLE_LUCKY_PATHS,
  ConsoleLuckyGameBodySchema,
  ConsoleLuckyGameParamsSchema,
  ConsoleLuckyGameResponseSchema,
  ConsoleRaffleBodySchema,
  ConsoleRaffleListResponseSchema,
  ConsoleRaffleParamsSchema,
  ConsoleRaffleResponseSchema,
} from '@playfront/contract/console-lucky';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRaffles } from '../lucky/raffle.service.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { ok } from './console-http.ts';
import { consoleGame, consoleOpenRaffle, consoleSaveGame, consoleUpdateRaffle } from './lucky.service.ts';

const P = CONSOLE_LUCKY_PATHS;

/**
 * Prize wheel, golden eggs and raffles (decision 060): loyalty.read to look, loyalty.write to change, like the other
 * reward games (missions, envelope rains) and like the operator key's `loyalty` scope on /ops/lucky.
 */
export const consoleLuckyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const read = { staff: { permission: 'loyalty.read' as const } };
  const write = { staff: { permission: 'loyalty.write' as const } };
  const { db } = app.deps;

  app.get(
    P.game,
    {
      config: read,
      schema: {
        tags,
        summary: 'A lucky game’s configuration and prizes, with how often each was won',
        params: ConsoleLuckyGameParamsSchema,
        response: { 200: ConsoleLuckyGameResponseSchema },
      },
    },
    async (request) => ok(await consoleGame(db, actorOf(request).brandId, request.params.game)),
  );

  app.put(
    P.game,
    {
      config: write,
      schema: {
        tags,
        summary: 'Switch a lucky game on or off, set its ticket rates and budget, replace its prizes',
        params: ConsoleLuckyGameParamsSchema,
        body: ConsoleLuckyGameBodySchema,
        response: { 200: ConsoleLuckyGameResponseSchema },
      },
    },
    async (request) => ok(await consoleSaveGame(db, actorOf(request), request.params.game, request.body, app.deps.now())),
  );

  app.get(
    P.raffles,
    {
      config: read,
      schema: {
        tags,
        summary: 'Raffles, newest first, with tickets sold and the draw',
        response: { 200: ConsoleRaffleListResponseSchema },
      },
    },
    async (request) => ok(await staffRaffles(db, actorOf(request).brandId, app.deps.now())),
  );

  app.post(
    P.raffles,
    {
      config: write,
      schema: {
        tags,
        summary: 'Open a raffle (its server seed is committed at once; the draw job draws it after its end)',
        body: ConsoleRaffleBodySchema,
        response: { 201: ConsoleRaffleResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await consoleOpenRaffle(db, actorOf(request), request.body, app.deps.now()))),
  );

  app.put(
    P.raffle,
    {
      config: write,
      schema: {
        tags,
        summary: 'Change a raffle before it starts (RAFFLE_STARTED after)',
        params: ConsoleRaffleParamsSchema,
        body: ConsoleRaffleBodySchema,
        response: { 200: ConsoleRaffleResponseSchema },
      },
    },
    async (request) => ok(await consoleUpdateRaffle(db, actorOf(request), Number(request.params.raffleId), request.body, app.deps.now())),
  );
};
