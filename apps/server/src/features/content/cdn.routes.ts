import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { renderArtworkPath } from '../../seed/artwork.ts';

/**
 * The brand's two image CDN hosts, served locally as path prefixes
 * (brand.image_cdns = ['/cdn/img-a', '/cdn/img-b']). Images are drawn on request
 * from the artwork catalogue; a URL always renders the same bytes (the version
 * is in the path), so it is cached as immutable.
 */
export const CDN_HOSTS = ['img-a', 'img-b'] as const;

export const cdnRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const host of CDN_HOSTS) {
    const prefix = `/cdn/${host}`;
    app.get(
      `${prefix}/*`,
      // Images are fetched in bulk by the lobby; they are cheap and cached, so no per-IP limit.
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request, reply) => {
        const pathname = (request.url.split('?')[0] ?? '').slice(prefix.length);
        const svg = renderArtworkPath(pathname);
        if (!svg) throw new AppError('NOT_FOUND');
        return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(svg);
      },
    );
  }
};
