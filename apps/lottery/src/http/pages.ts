import { LOTTERY_PAGE_PATH, LOTTERY_VERIFY_PAGE_PATH, type LotteryView } from '@playfront/contract/lottery';
import { LotteryLaunchQuerySchema } from '@playfront/contract/lottery-schemas';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { CLIENT_MESSAGES, type ClientMessageKey, type LotteryLanguage, lotteryLanguage } from '../i18n/client-messages.ts';
import { buildLotteryAssets, type LotteryAssets } from './assets.ts';

/**
 * The lottery's HTML pages (the game client inside the platform's game frame, and
 * the public verify page): a small server-rendered shell (title, language, theme,
 * the page's data as JSON) and one bundled script that draws the page. The boot
 * JSON is in a `type="application/json"` script, which the page's CSP
 * (script-src 'self') allows because it is never executed.
 */
export type LotteryBoot =
  | {
      page: 'play';
      vendor: string;
      token: string | null;
      view: LotteryView;
      game: string | null;
      prizeMode: string | null;
      backUrl: string | null;
    }
  | { page: 'verify'; drawId: string | null; backUrl: string | null }
  | { page: 'error'; code: string; backUrl: string | null };

export type LotteryTheme = 'light' | 'dark';

/**
 * Stricter than the site's page policy: nothing inline may run or style, nothing
 * leaves the site, only the platform's own pages may frame it.
 */
export const LOTTERY_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The game server's pages are not part of the platform's API: kept out of its OpenAPI document. */
const HIDDEN = { schema: { hide: true } as FastifySchema };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON safe inside a script element: no `</script>`, no `<!--`, no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface LotteryPageInput {
  lang: LotteryLanguage;
  title: string;
  theme: LotteryTheme;
  assets: Pick<LotteryAssets, 'script' | 'style'>;
  boot: LotteryBoot;
}

export function renderLotteryPage({ lang, title, theme, assets, boot }: LotteryPageInput): string {
  const strings = CLIENT_MESSAGES[lang];
  const visible =
    boot.page === 'error' ? (strings[`error.${boot.code}` as ClientMessageKey] ?? strings['error.BAD_REQUEST']) : strings['page.loading'];
  return `<!doctype html>
<html lang="${lang === 'BN' ? 'bn' : 'en'}" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark light">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${assets.style}">
<script type="module" src="${assets.script}"></script>
</head>
<body>
<script type="application/json" id="lotto-boot">${scriptJson({ ...boot, lang, strings })}</script>
<main id="lotto-app" class="lotto-app" aria-live="polite"><p class="lotto-status">${escapeHtml(visible)}</p></main>
<noscript><p class="lotto-status">${escapeHtml(strings['page.noscript'])}</p></noscript>
</body>
</html>`;
}

/** A path on this site (`/lottery?…`), never another host: the back link must not leave the site. */
export function sitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value.slice(0, 500);
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The launch's theme, else the platform's remembered one (its cookie, same site), else dark like the site. */
export function themeFor(request: FastifyRequest, asked: unknown): LotteryTheme {
  if (asked === 'light' || asked === 'dark') return asked;
  return cookieOf(request, COOKIE_KEYS.theme) === 'light' ? 'light' : 'dark';
}

/** A page path of the contract relative to where this plugin is mounted (`/lotto/play` under `/lotto` → `/play`). */
function routeOf(prefix: string, absolute: string): string {
  return prefix && absolute.startsWith(`${prefix}/`) ? absolute.slice(prefix.length) : absolute;
}

/**
 * The lottery's pages and their assets: LOTTERY_PAGE_PATH (the launch), LOTTERY_VERIFY_PAGE_PATH and
 * `<prefix>/assets/:file`. Register it inside the lottery plugin mounted at LOTTERY_PREFIX.
 */
export const lotteryPages: FastifyPluginAsync = async (app) => {
  const publicPath = `${app.prefix}/assets`;
  let assets: Promise<LotteryAssets> | undefined;
  const getAssets = () => {
    assets ??= buildLotteryAssets(publicPath).catch((error: unknown) => {
      assets = undefined;
      throw error;
    });
    return assets;
  };

  const page = async (reply: FastifyReply, input: Omit<LotteryPageInput, 'assets'>, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', LOTTERY_PAGE_CSP)
      .send(renderLotteryPage({ ...input, assets: await getAssets() }));

  app.get('/assets/:file', HIDDEN, async (request, reply) => {
    const { file } = request.params as { file: string };
    const asset = (await getAssets()).files.get(file);
    if (!asset) return reply.status(404).type('text/plain; charset=utf-8').send('not found');
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', asset.etag).type(asset.type);
    if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
    return reply.send(Buffer.from(asset.body));
  });

  // The launch: `/lotto/play?vendor&token&view&game&lang&backUrl&prizeMode&theme`. The page opens the session itself
  // (POST /lotto/api/session with the token), so a refusal shows in the player's language inside the frame.
  app.get(routeOf(app.prefix, LOTTERY_PAGE_PATH), HIDDEN, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const lang = lotteryLanguage(raw.lang);
    const strings = CLIENT_MESSAGES[lang];
    const theme = themeFor(request, raw.theme);
    const backUrl = sitePath(raw.backUrl);
    const parsed = LotteryLaunchQuerySchema.safeParse(raw);
    if (!parsed.success || !parsed.data.token) {
      return page(reply, { lang, title: strings['page.title'], theme, boot: { page: 'error', code: 'BAD_LAUNCH', backUrl } }, 400);
    }
    const q = parsed.data;
    return page(reply, {
      lang,
      title: strings['page.title'],
      theme,
      boot: {
        page: 'play',
        vendor: q.vendor.toUpperCase(),
        token: q.token ?? null,
        view: q.view,
        game: q.game?.trim() || null,
        prizeMode: q.prizeMode ?? null,
        backUrl,
      },
    });
  });

  // The public verify page: `/lotto/verify?draw=<drawId>&lang&theme&backUrl`; the result is recomputed in the browser.
  app.get(routeOf(app.prefix, LOTTERY_VERIFY_PAGE_PATH), HIDDEN, async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const lang = lotteryLanguage(raw.lang);
    const drawId = typeof raw.draw === 'string' && /^[A-Za-z0-9_:-]{1,80}$/.test(raw.draw) ? raw.draw : null;
    return page(reply, {
      lang,
      title: CLIENT_MESSAGES[lang]['verify.title'],
      theme: themeFor(request, raw.theme),
      boot: { page: 'verify', drawId, backUrl: sitePath(raw.backUrl) },
    });
  });
};
