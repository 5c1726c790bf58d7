import {
  GAMES_PATHS,
  GameListQuerySchema,
  GameListResponseSchema,
  GameMenusQuerySchema,
  GameMenusResponseSchema,
  GameSearchQuerySchema,
  GameSearchResponseSchema,
  GameVendorQuerySchema,
  GameVendorResponseSchema,
  HotGamesQuerySchema,
  HotGamesResponseSchema,
  VassGameTypeQuerySchema,
  VassGameTypeResponseSchema,
} from '@playfront/contract/games';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { catalogueCache } from './catalogue-cache.ts';
import { countGames, filterKey, type GameFilter, listGames } from './games.repository.ts';
import { audienceOf, gameMenus, lobbyHiding, toGame, totalPages, vassGameTypes, vendorLanes } from './games.service.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

/**
 * The same for every visitor of a brand and language: shared caches may keep
 * it a minute (the lobby refetches on navigation anyway).
 */
export function publicCache(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=60');
  reply.header('vary', 'Merchant, Language');
}

/** Public catalogue reads of spec section 7 "Games": menus, game list and search, vendors, vass game types, hot games. */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['games'];
  const { counts, pages } = catalogueCache(app);
  const cachedCount = (db: Db, filter: GameFilter) => counts.get(filterKey(filter), () => countGames(db, filter));

  app.get(
    GAMES_PATHS.gameMenus,
    {
      schema: {
        tags,
        summary: 'Game menu carousel: HOME, FAV, then categories that have a vendor, in the spec order',
        querystring: GameMenusQuerySchema,
        response: { 200: GameMenusResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      publicCache(reply);
      return ok(await gameMenus(app.deps.db, audience, await lobbyHiding(app, audience.brand.id)));
    },
  );

  app.get(
    GAMES_PATHS.gameList,
    {
      schema: {
        tags,
        summary: 'One page of games, filtered by type, vendors, sub-category, minimum bet and lines',
        querystring: GameListQuerySchema,
        response: { 200: GameListResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const audience = await audienceOf(request, q);
      const filter: GameFilter = {
        ...(q.gameType ? { gameTypes: [q.gameType] } : {}),
        ...(q.vassalage?.length ? { vendors: q.vassalage } : {}),
        ...(q.gameClassify ? { classify: q.gameClassify } : {}),
        ...(q.minBet !== undefined ? { minBet: q.minBet } : {}),
        ...(q.lines !== undefined ? { lines: q.lines } : {}),
        ...(q.hot !== undefined ? { hot: q.hot } : {}),
        ...(q.new !== undefined ? { isNew: q.new } : {}),
        ...(await lobbyHiding(app, audience.brand.id)),
      };
      const key = `${audience.brand.id}|${audience.lang}|${filterKey(filter)}|${q.sort}|${q.pageNo}|${q.pageSize}`;
      const page = await pages.get(key, async () => {
        const { rows, total } = await listGames(
          app.deps.db,
          filter,
          { sort: q.sort, lang: audience.lang, offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
          cachedCount,
        );
        const answer = ok({
          games: rows.map((r) => toGame(r, audience.lang)),
          totalPages: totalPages(total, q.pageSize),
          total,
          pageNo: q.pageNo,
          pageSize: q.pageSize,
        });
        // Checked against the contract once, when the page is built; then sent as the text it was.
        return JSON.stringify(GameListResponseSchema.parse(answer));
      });
      publicCache(reply);
      // Already JSON text: Fastify sends a string as it is (no second serialisation).
      return reply.type('application/json; charset=utf-8').send(page as never);
    },
  );

  app.get(
    GAMES_PATHS.gameSearch,
    {
      schema: {
        tags,
        summary: 'Games whose EN or BN name contains the keyword, any case; names starting with it first',
        querystring: GameSearchQuerySchema,
        response: { 200: GameSearchResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const audience = await audienceOf(request, q);
      const { rows, total } = await listGames(
        app.deps.db,
        {
          keyword: q.keyword,
          ...(q.gameType ? { gameTypes: [q.gameType] } : {}),
          ...(q.vassalage?.length ? { vendors: q.vassalage } : {}),
          ...(await lobbyHiding(app, audience.brand.id)),
        },
        { sort: 'default', lang: audience.lang, offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
        cachedCount,
      );
      publicCache(reply);
      return ok({
        games: rows.map((r) => toGame(r, audience.lang)),
        totalPages: totalPages(total, q.pageSize),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
      });
    },
  );

  app.get(
    GAMES_PATHS.gameVendor,
    {
      schema: {
        tags,
        summary: 'Vendor categories (lanes of vendor cards); esport and cockfight vendors inside SPORTS',
        querystring: GameVendorQuerySchema,
        response: { 200: GameVendorResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request, request.query);
      publicCache(reply);
      const hiding = await lobbyHiding(app, audience.brand.id);
      return ok({ data: { lanes: await vendorLanes(app.deps.db, audience, request.query.view, hiding) } });
    },
  );

  app.get(
    GAMES_PATHS.vassGameType,
    {
      schema: {
        tags,
        summary: 'Game types and slot sub-categories of each vendor',
        querystring: VassGameTypeQuerySchema,
        response: { 200: VassGameTypeResponseSchema },
      },
    },
    async (request, reply) => {
      const audience = await audienceOf(request);
      publicCache(reply);
      return ok(await vassGameTypes(app.deps.db, audience, request.query.vassalage, await lobbyHiding(app, audience.brand.id)));
    },
  );

  app.get(
    GAMES_PATHS.hotGames,
    {
      schema: {
        tags,
        summary: 'Hot games, optionally of some vendors or one game type, in the operator order',
        querystring: HotGamesQuerySchema,
        response: { 200: HotGamesResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const audience = await audienceOf(request, { ...(q.merchantCode ? { merchant: q.merchantCode } : {}), language: q.language });
      const { rows } = await listGames(
        app.deps.db,
        {
          hot: true,
          ...(q.vassalage?.length ? { vendors: q.vassalage } : {}),
          ...(q.gameType ? { gameTypes: [q.gameType] } : {}),
          ...(await lobbyHiding(app, audience.brand.id)),
        },
        { sort: 'default', lang: audience.lang, offset: 0, limit: q.limit },
        cachedCount,
      );
      publicCache(reply);
      return ok({ list: rows.map((r) => toGame(r, audience.lang)) });
    },
  );
};
