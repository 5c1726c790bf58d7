import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { LanguageCode } from '@playfront/contract/constants';
import { pickHost } from '@playfront/contract/games-paths';
import type { FastifyInstance } from 'fastify';
import { PAGE_CSP } from '../../http/security-headers.ts';
import { findBrand } from '../brand/brand.repository.ts';
import { lobbyHiding } from '../games/games.service.ts';
import { bannerList } from '../lobby/lobby.service.ts';
import { brandLanguage } from '../system/system.service.ts';
import {
  agentBootScreen,
  type BootBanner,
  type BootPitch,
  homeBootScreen,
  visitLanguage,
  withBootScreen,
  withVisitorPreferences,
} from './boot-screen.ts';

/** Paths that show the home lobby first (/login and /register: under their popup): their boot screen carries the first banner. */
const HOME_PATHS = new Set(['/', '/index', '/home', '/login', '/register']);
/** How long a looked-up first banner is reused: an operator's banner change shows within this. */
const BANNER_CACHE_MS = 30_000;

/**
 * Serves the built SPA with history-mode fallback: any non-API GET gets index.html; the home page's
 * index.html has the first banner drawn into its boot screen (boot-screen.ts).
 */
export async function registerWeb(app: FastifyInstance, webDist: string, apiPrefixes: readonly string[]) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res: { header: (k: string, v: string) => unknown }, filePath: string) {
      // Hashed assets never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      // The lite app's service worker runs under the policy of its own script's answer: the page policy (not the
      // API's `default-src 'none'`, which would forbid it every fetch), and always revalidated so a new build shows.
      if (path.basename(filePath) === 'sw.js') {
        res.header('content-security-policy', PAGE_CSP);
        res.header('cache-control', 'no-cache');
      }
    },
  });
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const firstBanner = firstBannerLookup(app);
  const bootText = readBootText(webDist);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (apiPrefixes.some((p) => url.startsWith(p))) {
      return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'errors.notFound' });
    }
    const file = path.join(webDist, path.normalize(url));
    if (file.startsWith(webDist) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(webDist, file));
    }
    let page = withVisitorPreferences(indexHtml, request);
    if (HOME_PATHS.has(url)) {
      const banner = await firstBanner(visitLanguage(request)).catch((err: unknown) => {
        request.log.warn({ err }, 'home boot screen without its banner');
        return undefined;
      });
      if (banner) page = withBootScreen(page, homeBootScreen(banner));
    } else if (url.replace(/\/+$/, '').toLowerCase() === '/agent') {
      const pitch = bootText?.[visitLanguage(request)]?.agentPitch;
      if (pitch) page = withBootScreen(page, agentBootScreen(pitch));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').send(page);
  });
}

/** The texts the web's build wrote for the boot screens (vite.config.ts); none from a build without them. */
function readBootText(webDist: string): Partial<Record<LanguageCode, { agentPitch?: BootPitch }>> | undefined {
  const file = path.join(webDist, 'boot-text.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/** The default brand's first w_home banner in a language, on a random one of its image hosts (spec section 9). */
function firstBannerLookup(app: FastifyInstance) {
  const cache = new Map<LanguageCode, { at: number; value: { path: string; title: string; hosts: string[] } | null }>();
  return async (language: LanguageCode): Promise<BootBanner | undefined> => {
    let entry = cache.get(language);
    if (!entry || app.deps.now().getTime() - entry.at > BANNER_CACHE_MS) {
      const brand = await findBrand(app.deps.db);
      // The carousel's first banner: the brand's hiding settings, switched-off vendors included, leave out the same
      // ones (decisions 057, 061).
      const banners = brand
        ? await bannerList(app.deps.db, { brand, lang: brandLanguage(brand, language) }, ['w_home'], await lobbyHiding(app, brand.id))
        : [];
      const first = banners[0];
      entry = {
        at: app.deps.now().getTime(),
        value: brand && first ? { path: first.url, title: first.title, hosts: brand.image_cdns } : null,
      };
      cache.set(language, entry);
    }
    if (!entry.value) return undefined;
    return { host: pickHost(entry.value.hosts), path: entry.value.path, title: entry.value.title };
  };
}
