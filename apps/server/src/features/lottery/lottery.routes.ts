import { LOTTERY_PLATFORM_PATHS, type LotteryMenuGame } from '@playfront/contract/lottery';
import {
  LotteryLeaderboardQuerySchema,
  LotteryMissionSummaryQuerySchema,
  LotteryNumeroQuerySchema,
  LotteryRecentQuerySchema,
  LotteryVnMenuQuerySchema,
} from '@playfront/contract/lottery-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { audienceOf } from '../games/games.service.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { drawnDraws, lastDraws, lotteryGames, nextDraws, openedDraw } from './lottery.repository.ts';
import { lotteryLeaderboard, lotteryMissionSummary } from './lottery.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/**
 * Spec section 7's lottery endpoints: the VN menu, recent lottery and the opened numbers (`numero`, `vnNumero`),
 * from the built-in lottery's draws in this database. Public (results are public); a short shared cache.
 */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lottery'];
  const nameIn = (lang: string, g: { nameEn: string; nameBn: string }) => (lang === 'BN' ? g.nameBn : g.nameEn);
  const cache = (reply: { header: (k: string, v: string) => unknown }) => {
    reply.header('cache-control', 'public, max-age=5');
    reply.header('vary', 'Merchant, Language');
  };

  app.get(
    LOTTERY_PLATFORM_PATHS.vnGameMenu,
    {
      schema: {
        tags,
        summary: 'The Vietnamese lottery menu: each VN lottery with its next draw and its last result',
        querystring: LotteryVnMenuQuerySchema,
      },
    },
    async (request, reply) => {
      const { lang } = await audienceOf(request, request.query);
      const games = (await lotteryGames(app.deps.db)).filter((g) => g.kind === 'VN');
      const next = await nextDraws(app.deps.db, app.deps.now());
      const last = await lastDraws(app.deps.db);
      const list: LotteryMenuGame[] = games.map((g) => {
        const n = next.get(g.gameCode);
        const l = last.get(g.gameCode);
        return {
          gameCode: g.gameCode,
          kind: g.kind,
          name: nameIn(lang, g),
          nextDraw: n
            ? {
                drawId: n.draw_id,
                drawNumber: n.draw_number,
                closesAt: new Date(n.closes_at).toISOString(),
                drawsAt: new Date(n.draws_at).toISOString(),
                serverSeedHash: n.server_seed_hash,
              }
            : null,
          lastDraw: l ? openedDraw(l, nameIn(lang, g)) : null,
        };
      });
      cache(reply);
      return ok({ prizeMode: request.query.prizeMode, device: request.query.device, games: list });
    },
  );

  app.get(
    LOTTERY_PLATFORM_PATHS.recentLottery,
    { schema: { tags, summary: 'Recent lottery: the latest results of every lottery game', querystring: LotteryRecentQuerySchema } },
    async (request, reply) => {
      const { lang } = await audienceOf(request, request.query);
      const names = new Map((await lotteryGames(app.deps.db)).map((g) => [g.gameCode, nameIn(lang, g)]));
      const draws = await drawnDraws(app.deps.db, null, request.query.limit);
      cache(reply);
      return ok({ draws: draws.map((d) => openedDraw(d, names.get(d.game_code) ?? d.game_code)) });
    },
  );

  for (const [path, vn] of [
    [LOTTERY_PLATFORM_PATHS.numero, false],
    [LOTTERY_PLATFORM_PATHS.vnNumero, true],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags,
          summary: vn ? 'Opened numbers of a VN lottery, every prize tier' : 'Opened numbers of a fast, keno or SEA lottery',
          querystring: LotteryNumeroQuerySchema,
        },
      },
      async (request, reply) => {
        const { lang } = await audienceOf(request, request.query);
        const game = (await lotteryGames(app.deps.db)).find((g) => g.gameCode === request.query.gameCode);
        if (!game || (game.kind === 'VN') !== vn) throw new AppError('GAME_NOT_FOUND');
        const draws = await drawnDraws(app.deps.db, game.gameCode, request.query.limit);
        cache(reply);
        return ok({ draws: draws.map((d) => openedDraw(d, nameIn(lang, game))) });
      },
    );
  }

  app.get(
    LOTTERY_PLATFORM_PATHS.missionSummary,
    {
      preParsing: requireMember({ allowTrial: true }),
      schema: {
        tags,
        summary: "My missions that lottery play advances, today's and this week's, with the counts and my ranks",
        querystring: LotteryMissionSummaryQuerySchema,
      },
    },
    async (request, reply) => {
      const me = memberOf(request);
      const { lang } = await audienceOf(request, request.query);
      reply.header('cache-control', 'no-store');
      return ok(await lotteryMissionSummary(app.deps.db, me.brandId, me.memberId, lang === 'BN' ? 'bn' : 'en', app.deps.now()));
    },
  );

  app.get(
    LOTTERY_PLATFORM_PATHS.leaderboard,
    {
      schema: {
        tags,
        summary: "The period's biggest lottery winners of the brand (names masked)",
        querystring: LotteryLeaderboardQuerySchema,
      },
    },
    async (request, reply) => {
      const { brand } = await audienceOf(request, request.query);
      cache(reply);
      return ok(await lotteryLeaderboard(app.deps.db, brand.id, request.query.board, request.query.limit, app.deps.now()));
    },
  );
};
