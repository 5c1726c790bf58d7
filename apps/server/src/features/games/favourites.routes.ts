import type { LanguageCode } from '@playfront/contract';
import {
  FavGameListQuerySchema,
  FavGameListResponseSchema,
  FavGamesResponseSchema,
  FavouriteChangeResponseSchema,
  FavouritePayloadSchema,
  GAMES_PATHS,
  type Game,
  RecentGameListQuerySchema,
  RecentGameListResponseSchema,
} from '@playfront/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { addFavourite, favouriteIds, favouritePage, recentPage, removeFavourite } from './favourites.repository.ts';
import { gamesByNodeIds } from './games.repository.ts';
import { audienceOf, lobbyHiding, toGame, totalPages } from './games.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/** Games for node ids, in the ids' order (a game deactivated meanwhile, or of a vendor the brand switched off, is left out). */
async function gamesInOrder(db: Db, nodeIds: string[], lang: LanguageCode, offVendors: readonly string[]): Promise<Game[]> {
  const byId = await gamesByNodeIds(db, nodeIds, offVendors);
  return nodeIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toGame(row, lang)] : [];
  });
}

/**
 * Favourites and recent games (spec section 7). Logged-in members only: a guest
 * gets NOT_LOGGED_IN (the web opens the login popup), a trial account
 * TRIAL_NOT_ALLOWED (spec section 6: trial accounts cannot launch games).
 * Personal answers: never cached by anyone.
 */
export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['games'];
  const auth = requireMember();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    GAMES_PATHS.favGames,
    {
      preParsing: auth,
      schema: { tags, summary: "The member's favourite node ids, newest first", response: { 200: FavGamesResponseSchema } },
    },
    async (request) => ok(await favouriteIds(app.deps.db, memberOf(request).memberId)),
  );

  app.get(
    GAMES_PATHS.favGameList,
    {
      preParsing: auth,
      schema: {
        tags,
        summary: "The member's favourite games, newest first",
        querystring: FavGameListQuerySchema,
        response: { 200: FavGameListResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const me = memberOf(request);
      // The member's own brand's switched-off vendors (decision 061): those favourites are not offered to launch.
      const { offVendors = [] } = await lobbyHiding(app, me.brandId);
      const [{ lang }, page] = await Promise.all([
        audienceOf(request, q),
        favouritePage(app.deps.db, me.memberId, {
          gameType: q.gameType,
          offset: (q.pageNo - 1) * q.pageSize,
          limit: q.pageSize,
          offVendors,
        }),
      ]);
      return ok({
        content: await gamesInOrder(app.deps.db, page.nodeIds, lang, offVendors),
        pageNum: q.pageNo,
        totalPages: totalPages(page.total, q.pageSize),
        total: page.total,
      });
    },
  );

  app.post(
    GAMES_PATHS.addFavGame,
    {
      preParsing: auth,
      schema: {
        tags,
        summary: 'Add a favourite (no change when it already is one); answers the favourite ids',
        body: FavouritePayloadSchema,
        response: { 200: FavouriteChangeResponseSchema },
      },
    },
    async (request) => {
      const { db, now } = app.deps;
      const me = memberOf(request);
      await addFavourite(db, me.memberId, request.body, now());
      return ok(await favouriteIds(db, me.memberId));
    },
  );

  app.delete(
    GAMES_PATHS.removeFavGame,
    {
      preParsing: auth,
      schema: {
        tags,
        summary: 'Remove a favourite (no change when it is not one); answers the favourite ids',
        body: FavouritePayloadSchema,
        response: { 200: FavouriteChangeResponseSchema },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const me = memberOf(request);
      await removeFavourite(db, me.memberId, request.body.nodeId);
      return ok(await favouriteIds(db, me.memberId));
    },
  );

  app.get(
    GAMES_PATHS.recentGameList,
    {
      preParsing: auth,
      schema: {
        tags,
        summary: 'Games the member launched, most recent first',
        querystring: RecentGameListQuerySchema,
        response: { 200: RecentGameListResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { db } = app.deps;
      const me = memberOf(request);
      const { offVendors = [] } = await lobbyHiding(app, me.brandId);
      const [{ lang }, page] = await Promise.all([
        audienceOf(request, q),
        recentPage(db, me.memberId, { gameType: q.gameType, offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize, offVendors }),
      ]);
      const byId = await gamesByNodeIds(
        db,
        page.entries.map((e) => e.nodeId),
        offVendors,
      );
      return ok({
        content: page.entries.flatMap((e) => {
          const row = byId.get(e.nodeId);
          return row ? [{ ...toGame(row, lang), lastPlayedAt: e.lastPlayedAt.toISOString(), playCount: e.playCount }] : [];
        }),
        pageNum: q.pageNo,
        totalPages: totalPages(page.total, q.pageSize),
        total: page.total,
      });
    },
  );
};
