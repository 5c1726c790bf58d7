import { VendorCodeSchema } from '@playfront/contract/games';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { Lru } from '../../infra/lru.ts';
import { GAME_ART_VERSION, gameArtFingerprint, renderGameTile, renderTeamCrest, renderVendorIcon } from '../../seed/game-art.ts';
import { CDN_HOSTS } from '../content/cdn.routes.ts';
import { findGameByCode } from './games.repository.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The URL named an older name of the game: draw the current one, but let caches ask again soon. */
const SHORT = 'public, max-age=300';

const svg = (reply: FastifyReply, body: string, cache: string) =>
  reply.type('image/svg+xml; charset=utf-8').header('cache-control', cache).send(body);

/**
 * Catalogue artwork under both image CDN prefixes, beside the content artwork of
 * cdn.routes.ts (whose `/cdn/<host>/*` catch-all these more specific routes take
 * precedence over): game tiles, vendor icons, team crests. See seed/game-art.ts.
 */
export const gameArtRoutes: FastifyPluginAsyncZod = async (app) => {
  // The lobby asks for the same few hundred tiles again and again.
  const tiles = new Lru<{ body: string; fingerprint: string }>(2_000);
  // Vendor icons and crests are drawn once each too: their words are shaped into outlines (text-outlines.ts).
  const logos = new Lru<string>(1_000);
  const options = { schema: { hide: true }, config: { rateLimit: false } } as const;

  for (const host of CDN_HOSTS) {
    const prefix = `/cdn/${host}`;

    app.get<{ Params: { vendor: string; file: string } }>(
      `${prefix}/game-art/${GAME_ART_VERSION}/:vendor/:file`,
      options,
      async (request, reply) => {
        const { vendor, file } = request.params;
        const match = /^(.+)\.([0-9a-f]{8})\.svg$/.exec(file);
        const code = VendorCodeSchema.safeParse(vendor);
        if (!match || !code.success || code.data !== vendor) throw new AppError('NOT_FOUND');
        const [, gameCode, fingerprint] = match as unknown as [string, string, string];
        // Keyed with the fingerprint, so a renamed game's new URL is drawn afresh.
        const key = `${vendor}/${gameCode}/${fingerprint}`;
        let tile = tiles.get(key);
        if (!tile) {
          const game = await findGameByCode(app.deps.db, vendor, gameCode);
          if (!game) throw new AppError('NOT_FOUND');
          tile = {
            body: renderGameTile({ vendor, gameCode, nameEn: game.name_en, gameType: game.game_type, classify: game.classify }),
            fingerprint: gameArtFingerprint(game.name_en),
          };
          tiles.set(key, tile);
        }
        return svg(reply, tile.body, tile.fingerprint === fingerprint ? IMMUTABLE : SHORT);
      },
    );

    app.get<{ Params: { file: string } }>(`${prefix}/vendor-art/${GAME_ART_VERSION}/:file`, options, async (request, reply) => {
      const match = /^([A-Z0-9][A-Z0-9_-]{0,31})\.svg$/.exec(request.params.file);
      if (!match) throw new AppError('NOT_FOUND');
      return svg(
        reply,
        logos.getOrMake(`vendor/${match[1]}`, () => renderVendorIcon(match[1] as string)),
        IMMUTABLE,
      );
    });

    app.get<{ Params: { file: string } }>(`${prefix}/team-art/${GAME_ART_VERSION}/:file`, options, async (request, reply) => {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+){0,5})\.svg$/.exec(request.params.file);
      if (!match || (match[1] as string).length > 40) throw new AppError('NOT_FOUND');
      return svg(
        reply,
        logos.getOrMake(`team/${match[1]}`, () => renderTeamCrest(match[1] as string)),
        IMMUTABLE,
      );
    });
  }
};
