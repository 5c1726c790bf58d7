import {
  AnnouncementQuerySchema,
  AnnouncementResponseSchema,
  BannerQuerySchema,
  BannerResponseSchema,
  GAMES_PATHS,
  GameMatchesQuerySchema,
  GameMatchesResponseSchema,
  JackpotResponseSchema,
  LanguageParamSchema,
  LOBBY_PATHS,
  NoticeQuerySchema,
  NoticeResponseSchema,
  WinnerBoardQuerySchema,
  WinnerBoardResponseSchema,
} from '@playfront/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { publicCache } from '../games/games.routes.ts';
import { audienceOf, lobbyHiding, totalPages } from '../games/games.service.ts';
import { tokenOf } from '../session/authenticate.ts';
import { announcementPage, bannerList, blockedViewer, hotMatches, jackpot, noticeBundle, winnerBoard } from './lobby.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Home and common calls of spec section 7 (notice, announcements, banners) and the lobby's winner board, hot matches and jackpot. */
export const lobbyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lobby'];

  app.get(
    LOBBY_PATHS.notice,
    {
      schema: {
        tags,
        summary: 'Notices by type (B, PL, PU, PR, H) and popups by execution (A, B, F): { banners, player, popup, promotion }',
        querystring: NoticeQuerySchema,
        response: { 200: NoticeResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      const now = app.deps.now();
      const bundle = await noticeBundle(app.deps.db, audience, request.query, now);
      // A member in a cool-off or self-exclusion sees no marketing: no popups, no promotion notices (decision 051).
      // With a token the answer is the member's own, so it is not cached in shared caches.
      const token = tokenOf(request);
      if (token) {
        reply.header('cache-control', 'private, no-store');
        if (await blockedViewer(app.deps.db, token, audience.brand.id, now)) return ok({ ...bundle, popup: [], promotion: [] });
        return ok(bundle);
      }
      publicCache(reply);
      return ok(bundle);
    },
  );

  app.get(
    LOBBY_PATHS.announcements,
    {
      schema: {
        tags,
        summary: 'Announcements, newest first, 9 to a page',
        querystring: AnnouncementQuerySchema,
        response: { 200: AnnouncementResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const audience = await audienceOf(request, q);
      const page = await announcementPage(app.deps.db, audience, q, app.deps.now());
      publicCache(reply);
      return ok({ content: page.content, pageNum: q.pageNo, totalPages: totalPages(page.total, q.pageSize), total: page.total });
    },
  );

  app.get(
    LOBBY_PATHS.banners,
    {
      schema: {
        tags,
        summary: 'Banners of the given groups (w_login, w_register, w_leftmenu, w_home), in display order',
        querystring: BannerQuerySchema,
        response: { 200: BannerResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      publicCache(reply);
      return ok(await bannerList(app.deps.db, audience, request.query.groupName, await lobbyHiding(app, audience.brand.id)));
    },
  );

  app.get(
    GAMES_PATHS.winnerBoard,
    {
      schema: {
        tags,
        summary: 'Biggest wins first (at most 100), names masked',
        querystring: WinnerBoardQuerySchema,
        response: { 200: WinnerBoardResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      publicCache(reply);
      const hiding = await lobbyHiding(app, audience.brand.id);
      return ok({ list: await winnerBoard(app.deps.db, audience, request.query, hiding), currencySymbol: audience.brand.currency_symbol });
    },
  );

  app.get(
    GAMES_PATHS.gameMatches,
    {
      schema: {
        tags,
        summary: 'Hot-match adverts with their coming (or just started) matches',
        querystring: GameMatchesQuerySchema,
        response: { 200: GameMatchesResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      publicCache(reply);
      const hiding = await lobbyHiding(app, audience.brand.id);
      return ok(await hotMatches(app.deps.db, audience, app.deps.now(), request.query.vassalage, hiding));
    },
  );

  app.get(
    GAMES_PATHS.jackpot,
    {
      schema: {
        tags,
        summary: "The jackpot counter's bounds and pace (NOT_FOUND when the brand shows no jackpot)",
        querystring: z.object({ language: LanguageParamSchema }),
        response: { 200: JackpotResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request);
      const value = await jackpot(app.deps.db, audience);
      if (!value) throw new AppError('NOT_FOUND');
      publicCache(reply);
      return ok(value);
    },
  );
};
