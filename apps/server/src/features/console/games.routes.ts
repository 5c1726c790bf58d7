import { CONSOLE_PATHS } from '@playfront/contract/console';
import {
  BrandVendorInputSchema,
  ConsoleGamePageResponseSchema,
  ConsoleGameResponseSchema,
  ConsoleGamesQuerySchema,
  ConsoleVendorListResponseSchema,
  ConsoleVendorResponseSchema,
  GameHotInputSchema,
  GameHotParamsSchema,
  JackpotInputSchema,
  JackpotSettingsResponseSchema,
  VendorInputSchema,
  VendorParamsSchema,
} from '@playfront/contract/console-content';
import { CatalogueImportBodySchema, CatalogueImportResponseSchema } from '@playfront/contract/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { actorOf } from '../staff/staff-guard.ts';
import { brandChanged } from './brand.routes.ts';
import { ok } from './console-http.ts';
import {
  consoleImport,
  jackpotSettings,
  listVendors,
  saveJackpot,
  searchGames,
  setBrandVendor,
  setGameHot,
  updateVendor,
} from './games-admin.service.ts';

const read = { staff: { permission: 'games.read' as const } };
const write = { staff: { permission: 'games.write' as const } };

/** The games page under /console/api (lane D, decision 046): vendors, catalogue import, hot games, jackpot. */
export const consoleGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['console'];
  const { db } = app.deps;

  app.get(
    CONSOLE_PATHS.vendors,
    { config: read, schema: { tags, summary: 'Game vendors with their counts', response: { 200: ConsoleVendorListResponseSchema } } },
    async (request) => ok({ list: await listVendors(db, actorOf(request).brandId) }),
  );

  app.put(
    CONSOLE_PATHS.vendor,
    {
      config: write,
      schema: {
        tags,
        summary: 'A vendor on/off and under maintenance',
        params: VendorParamsSchema,
        body: VendorInputSchema,
        response: { 200: ConsoleVendorResponseSchema },
      },
    },
    async (request) => {
      const vendor = await updateVendor(db, actorOf(request), request.params.vendorCode, request.body, app.deps.now());
      brandChanged(app);
      return ok(vendor);
    },
  );

  app.put(
    CONSOLE_PATHS.brandVendor,
    {
      config: write,
      schema: {
        tags,
        summary: "The brand's own switch for a vendor: its games in this brand's lobby and launches, or not",
        params: VendorParamsSchema,
        body: BrandVendorInputSchema,
        response: { 200: ConsoleVendorResponseSchema },
      },
    },
    async (request) => {
      const vendor = await setBrandVendor(db, actorOf(request), request.params.vendorCode, request.body.enabled, app.deps.now());
      // This instance's lobby caches at once; other instances when their 5-second entry of the brand's off vendors ends.
      brandChanged(app);
      return ok(vendor);
    },
  );

  app.post(
    CONSOLE_PATHS.catalogueImport,
    {
      // The same limit as the operator's import: 10,000 rows of CSV are about 1.5 MB.
      bodyLimit: 24 * 1024 * 1024,
      config: write,
      schema: {
        tags,
        summary: 'Import games (CSV or JSON): validation report; applied when clean',
        body: CatalogueImportBodySchema,
        response: { 200: CatalogueImportResponseSchema },
      },
    },
    async (request) => {
      const report = await consoleImport(db, actorOf(request), request.body, app.deps.now());
      if (report.applied) brandChanged(app);
      if (report.rejected.length > 0 && !request.body.skipInvalid) throw new AppError('CATALOGUE_IMPORT_INVALID', { value: report });
      return ok(report);
    },
  );

  app.get(
    CONSOLE_PATHS.games,
    {
      config: read,
      schema: {
        tags,
        summary: 'Games, for the hot-games editor',
        querystring: ConsoleGamesQuerySchema,
        response: { 200: ConsoleGamePageResponseSchema },
      },
    },
    async (request) => ok(await searchGames(db, request.query)),
  );

  app.put(
    CONSOLE_PATHS.gameHot,
    {
      config: write,
      schema: {
        tags,
        summary: 'Mark a game hot or not',
        params: GameHotParamsSchema,
        body: GameHotInputSchema,
        response: { 200: ConsoleGameResponseSchema },
      },
    },
    async (request) => {
      const game = await setGameHot(db, actorOf(request), request.params.nodeId, request.body.hot, app.deps.now());
      brandChanged(app);
      return ok(game);
    },
  );

  app.get(
    CONSOLE_PATHS.jackpot,
    { config: read, schema: { tags, summary: 'The jackpot counter settings', response: { 200: JackpotSettingsResponseSchema } } },
    async (request) => ok(await jackpotSettings(db, actorOf(request).brandId)),
  );

  app.put(
    CONSOLE_PATHS.jackpot,
    {
      config: write,
      schema: { tags, summary: 'Change the jackpot counter', body: JackpotInputSchema, response: { 200: JackpotSettingsResponseSchema } },
    },
    async (request) => ok(await saveJackpot(db, actorOf(request), request.body, app.deps.now())),
  );
};
