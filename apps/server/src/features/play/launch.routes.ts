import {
  GameLaunchFBQuerySchema,
  LaunchChatRequestSchema,
  LaunchChatResponseSchema,
  LaunchGameRequestSchema,
  LaunchResponseSchema,
  ModelListQuerySchema,
  ModelListResponseSchema,
  PLAY_PATHS,
  RoomListQuerySchema,
  RoomListResponseSchema,
} from '@playfront/contract/play';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { lobbyHiding } from '../games/games.service.ts';
import { memberOf, requireMember } from '../session/authenticate.ts';
import { brandLanguage, clientIp, requestBrand } from '../system/system.service.ts';
import { assertOpen, findLaunchGame, launch, launchPlan } from './launch.service.ts';
import { liveModels, modelTable, pvpRooms } from './rooms-and-models.ts';

const ok = <T>(value: T) => ({ success: true as const, message: 'ok', value });

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * Launch (spec sections 4, 6, 7): `launchGame` for members (guests get
 * NOT_LOGGED_IN, trial accounts TRIAL_NOT_ALLOWED), `launchDemo` for anyone,
 * PVP rooms, live models and their chat. Maintenance and region rules refuse
 * every launch before anything else.
 */
export const launchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['play'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  /** Maintenance (1) and region (2) block everyone, logged in or not; checked with the session, before the body is read. */
  const open = async (request: FastifyRequest) => {
    await assertOpen(app.deps.db, await requestBrand(app.deps.db, request), clientIp(request));
  };
  const member = [open, requireMember()];
  const memberBrand = async (brandId: number): Promise<BrandRow> => {
    const brand = await app.deps.db.selectFrom('brand').selectAll().where('id', '=', brandId).executeTakeFirst();
    if (!brand) throw new AppError('NOT_FOUND');
    return brand;
  };
  const launchOptions = () => ({ db: app.deps.db, now: app.deps.now(), ttlMs: app.deps.config.play.launchSessionMs });

  /** A member's launch, whichever way its request arrived (launchGame's body or gameLaunchFB's query string). */
  const memberLaunch = async (request: FastifyRequest, wanted: z.output<typeof LaunchGameRequestSchema>) => {
    const me = memberOf(request);
    const brand = await memberBrand(me.brandId);
    const game = await findLaunchGame(app.deps.db, brand.id, wanted);
    const value = await launch({
      ...launchOptions(),
      brand,
      game,
      plan: launchPlan(game, 'member'),
      lang: brandLanguage(brand, wanted.language || header(request, 'language')),
      device: wanted.device,
      backUrl: wanted.backUrl,
      failedHosts: wanted.failedHosts,
      memberId: me.memberId,
      memberSessionId: me.sessionId,
      lottery: { view: wanted.lottoView, prizeMode: wanted.lottoPrizeMode, gameCode: wanted.lottoGameCode },
    });
    request.log.info({ memberId: me.memberId, nodeId: game.nodeId, mode: value.mode, host: value.host }, 'game launched');
    return ok(value);
  };

  app.post(
    PLAY_PATHS.launchGame,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'Launch a game: real money for house-served vendors, the matching house game as a demo otherwise',
        body: LaunchGameRequestSchema,
        response: { 200: LaunchResponseSchema },
      },
    },
    async (request) => memberLaunch(request, request.body),
  );

  // Spec section 7 "also gameLaunchFB GET", for clients that cannot POST. Same checks
  // (open site, member session, no trial), same launch, same answer.
  app.get(
    PLAY_PATHS.gameLaunchFB,
    {
      preParsing: member,
      schema: {
        tags,
        summary: 'gameLaunchFB: launchGame as a GET (query string instead of body) for clients that cannot POST',
        querystring: GameLaunchFBQuerySchema,
        response: { 200: LaunchResponseSchema },
      },
    },
    async (request) => memberLaunch(request, request.query),
  );

  app.post(
    PLAY_PATHS.launchDemo,
    {
      preParsing: open,
      schema: {
        tags,
        summary: 'Free demo of a game that offers one (no account, play money)',
        body: LaunchGameRequestSchema,
        response: { 200: LaunchResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(app.deps.db, request);
      const { body } = request;
      const game = await findLaunchGame(app.deps.db, brand.id, body);
      return ok(
        await launch({
          ...launchOptions(),
          brand,
          game,
          plan: launchPlan(game, 'guest'),
          lang: brandLanguage(brand, body.language || header(request, 'language')),
          device: body.device,
          backUrl: body.backUrl,
          failedHosts: body.failedHosts,
        }),
      );
    },
  );

  app.get(
    PLAY_PATHS.roomList,
    {
      schema: {
        tags,
        summary: "A PVP vendor's rooms with their bet limits (GLS2_roomList)",
        querystring: RoomListQuerySchema,
        response: { 200: RoomListResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(app.deps.db, request);
      const lang = brandLanguage(brand, request.query.language || header(request, 'language'));
      // The brand's switched-off vendors (decision 061) from the lobby's own cached source, as every lobby list.
      const { offVendors = [] } = await lobbyHiding(app, brand.id);
      return ok({ vendor: request.query.vendor, list: await pvpRooms(app.deps.db, request.query.vendor, lang, offVendors) });
    },
  );

  app.get(
    PLAY_PATHS.modelList,
    {
      schema: {
        tags,
        summary: 'Live models: the hosts of the live tables',
        querystring: ModelListQuerySchema,
        response: { 200: ModelListResponseSchema },
      },
    },
    async (request) => {
      const brand = await requestBrand(app.deps.db, request);
      const lang = brandLanguage(brand, request.query.language || header(request, 'language'));
      const { offVendors = [] } = await lobbyHiding(app, brand.id);
      return ok({ list: await liveModels(app.deps.db, lang, request.query.vendor, offVendors) });
    },
  );

  app.post(
    PLAY_PATHS.launchChat,
    {
      preParsing: member,
      schema: {
        tags,
        summary: "Chat with a live model: opens the model's live table (chatUrl is a launch URL)",
        body: LaunchChatRequestSchema,
        response: { 200: LaunchChatResponseSchema },
      },
    },
    async (request) => {
      const me = memberOf(request);
      const brand = await memberBrand(me.brandId);
      const lang = brandLanguage(brand, request.body.language || header(request, 'language'));
      const game = await findLaunchGame(app.deps.db, brand.id, { nodeId: await modelTable(app.deps.db, request.body.modelId) });
      const value = await launch({
        ...launchOptions(),
        brand,
        game,
        plan: launchPlan(game, 'member'),
        lang,
        device: 'WEB',
        backUrl: undefined,
        failedHosts: request.body.failedHosts,
        memberId: me.memberId,
        memberSessionId: me.sessionId,
      });
      return ok({ chatUrl: value.url, host: value.host, nodeId: value.nodeId });
    },
  );
};
