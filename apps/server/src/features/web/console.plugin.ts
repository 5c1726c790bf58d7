import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the console lives; its API (features/console) is under CONSOLE_API_PREFIX and never falls to the SPA. */
export const CONSOLE_PREFIX = '/console';
export const CONSOLE_API_PREFIX = '/console/api/';

/**
 * Serves the built operator console (apps/console, CONSOLE_DIST) at /console: its files, and index.html for any other
 * GET under /console (history mode), except /console/api/*, which answers the API's 404 when no route matched.
 */
export async function registerConsoleApp(app: FastifyInstance, consoleDist: string) {
  const root = path.resolve(consoleDist);
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: `${CONSOLE_PREFIX}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(res: { header: (k: string, v: string) => unknown }, filePath: string) {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const page = async (request: { url: string }, reply: import('fastify').FastifyReply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url.startsWith(CONSOLE_API_PREFIX) || url === CONSOLE_API_PREFIX.slice(0, -1)) {
        return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'errors.notFound' });
      }
      // Staff pages are never cached by a shared cache and never framed by another site.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(indexHtml);
    };
    scope.get(CONSOLE_PREFIX, { schema: { hide: true } }, page);
    scope.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, page);
  });
}
