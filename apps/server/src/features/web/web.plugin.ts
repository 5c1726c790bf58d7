import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AGENT_MEMBER_PAGE_KEYS, agentPageOf, visibleNav } from '@playfront/contract/agent-nav';
import type { LanguageCode } from '@playfront/contract/constants';
import { memberPageEarlyCall } from '@playfront/contract/early-calls';
import { pickHost } from '@playfront/contract/games-paths';
import type { PromotionCard } from '@playfront/contract/promotions';
import { PROMOTION_CATEGORIES, type PromotionCategory } from '@playfront/contract/promotions-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAGE_CSP, pageCspAllowing } from '../../http/security-headers.ts';
import { TtlCache } from '../../infra/ttl-cache.ts';
import { findBrand, getBrandFlags } from '../brand/brand.repository.ts';
import { transferWalletVendors } from '../funds/merchant-wallet.ts';
import { lobbyHiding } from '../games/games.service.ts';
import { bannerList } from '../lobby/lobby.service.ts';
import { listPromotions } from '../promotions/promotions.service.ts';
import { brandLanguage } from '../system/system.service.ts';
import {
  AGENT_BOOT_SCRIPT_HASH,
  accountGameBootScreen,
  afterBootScreen,
  agentBootScreen,
  agentHomeBootScreen,
  type BootAgentHomeText,
  type BootBanner,
  type BootHelpText,
  type BootLotteryIcons,
  type BootLotteryText,
  type BootMemberText,
  type BootPitch,
  type BootPointMallText,
  type BootPromotionsText,
  helpBootScreen,
  homeBootScreen,
  lotteryBootScreen,
  MEMBER_BOOT_SCRIPT_HASH,
  memberBootScreen,
  pointMallBootScreen,
  promotionsBootScreen,
  stylesheetsBeforeEntry,
  visitLanguage,
  withBootScreen,
  withModulePreloads,
  withStylesheets,
  withVisitorPreferences,
} from './boot-screen.ts';

/** Paths that show the home lobby first (/login and /register: under their popup): their boot screen carries the first banner. */
const HOME_PATHS = new Set(['/', '/index', '/home', '/login', '/register']);
/** How long a looked-up first banner or promotions list is reused: an operator's change shows within this. */
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
  // Its own stylesheets before its entry script, once (each screen's are then placed there too).
  const indexHtml = stylesheetsBeforeEntry(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  const firstBanner = firstBannerLookup(app);
  const promotions = promotionsLookup(app);
  const bootText = readBootText(webDist);
  const promotionsStyles = existingFiles(webDist, bootText?.stylesheets?.promotions);
  const helpFiles =
    bootText?.helpFiles && existingFiles(webDist, [...bootText.helpFiles.css, ...bootText.helpFiles.js]) && bootText.helpFiles;
  // Each language's start-up catalogue file, when the build named it and it is there.
  const catalogueFiles = new Map(
    Object.entries(bootText?.catalogueFiles ?? {}).filter(([, file]) => file && existingFiles(webDist, [file])),
  );
  // The chunks a session's boot asks before member info, preloaded with every page drawn for a session.
  const sessionJs = existingFiles(webDist, bootText?.member?.sessionFiles?.js) ?? [];
  const brandFlags = brandFlagsLookup(app);
  const memberPage = memberPageLookup(app, webDist, bootText, sessionJs, brandFlags);
  const agentHome = agentHomeLookup(webDist, bootText, sessionJs, brandFlags);
  const sessionScreens = sessionScreenTable(webDist, bootText, sessionJs);

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
    // The route as the app matches it (no trailing slash, any case).
    const route = url.replace(/\/+$/, '').toLowerCase();
    if (HOME_PATHS.has(url)) {
      const banner = await firstBanner(visitLanguage(request)).catch((err: unknown) => {
        request.log.warn({ err }, 'home boot screen without its banner');
        return undefined;
      });
      if (banner) page = withBootScreen(page, homeBootScreen(banner));
    } else if (route === '/agent') {
      const pitch = bootText?.[visitLanguage(request)]?.agentPitch;
      if (pitch) page = withBootScreen(page, agentBootScreen(pitch));
    } else if (helpFiles && route === '/help') {
      const language = visitLanguage(request);
      const text = bootText?.[language]?.helpPage;
      // Drawn only with the page chunk's styles at hand, so it looks as the page will.
      if (text)
        page = withModulePreloads(
          withStylesheets(withBootScreen(page, helpBootScreen(text, language.toLowerCase())), helpFiles.css),
          helpFiles.js,
        );
    } else if (route === '/promotions') {
      const language = visitLanguage(request);
      const text = bootText?.[language]?.promotionsPage;
      // Drawn only with the screen's own styles at hand: without them the cards would not look as the page's will.
      const list = text && promotionsStyles ? await promotions(language).catch((err: unknown) => logged(request, err)) : undefined;
      const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('category');
      const category = (PROMOTION_CATEGORIES as readonly string[]).includes(asked ?? '') ? (asked as PromotionCategory) : null;
      const screen = text && list ? promotionsBootScreen(text, list, category) : undefined;
      if (screen && promotionsStyles) page = withStylesheets(withBootScreen(page, screen), promotionsStyles);
    } else if (sessionScreens.has(route)) {
      const screen = sessionScreens.get(route);
      const drawn = screen?.draw(bootText?.[visitLanguage(request)], new URLSearchParams(request.url.split('?')[1] ?? ''));
      if (screen && drawn) {
        page = withModulePreloads(withStylesheets(afterBootScreen(page, drawn), screen.files.css), screen.files.js);
        reply.header('content-security-policy', MEMBER_PAGE_CSP);
      }
    } else if (agentHome && route === '/agenthome') {
      const drawn = await agentHome(request).catch((err: unknown) => {
        request.log.warn({ err }, 'agent centre boot screen not drawn');
        return undefined;
      });
      if (drawn) {
        page = withModulePreloads(withStylesheets(afterBootScreen(page, drawn), agentHome.files.css), agentHome.files.js);
        reply.header('content-security-policy', AGENT_PAGE_CSP);
      }
    } else if (route === '/member' && memberPage) {
      const drawn = await memberPage(request).catch((err: unknown) => {
        request.log.warn({ err }, 'member boot screen not drawn');
        return undefined;
      });
      if (drawn) {
        page = withModulePreloads(withStylesheets(afterBootScreen(page, drawn.screen), drawn.css), drawn.js);
        reply.header('content-security-policy', MEMBER_PAGE_CSP);
      }
    }
    // Every first render waits for the start-up catalogue, which the entry asks only once it has run: named here, it
    // loads beside the entry. Not on home, whose largest paint, the first banner, is drawn above by the server.
    const catalogue = HOME_PATHS.has(url) ? undefined : catalogueFiles.get(visitLanguage(request));
    if (catalogue) page = withModulePreloads(page, [catalogue]);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').send(page);
  });
}

/** The page policy with the member boot screen's one inline script allowed by its hash. */
const MEMBER_PAGE_CSP = pageCspAllowing([MEMBER_BOOT_SCRIPT_HASH]);
/** The page policy with the agent centre's boot script allowed by its hash. */
const AGENT_PAGE_CSP = pageCspAllowing([AGENT_BOOT_SCRIPT_HASH]);

/** What the web build wrote about the member centre (vite.config.ts): its pages, and the files each page's chunk brings. */
type BootMember = {
  pages: string[];
  defaultPage: string;
  aliases: Record<string, string>;
  noLeadWith: Record<string, string>;
  /** Pages whose lead is drawn only on a brand with transfer-mode wallets (member-page-heads.ts leadWhen). */
  leadWhen?: Record<string, 'transferWallets'>;
  centre: ChunkFiles;
  pageFiles: Record<string, ChunkFiles>;
  /** /favorite's and /recent's screen. */
  accountGameFiles?: ChunkFiles;
  /** /pointMall's screen. */
  pointMallFiles?: ChunkFiles;
  /** /lottery's screen, and the icons of its game bar (their paths in the web's icon set). */
  lottery?: { files: ChunkFiles; icons: BootLotteryIcons };
  /** What the entry fetches at boot for a tab with a session before member info is asked (preloaded with the page). */
  sessionFiles?: ChunkFiles;
  /** /agentHome: the icons of its bar (their paths in the web's icon sets), and the files of its chunks. */
  agentCentre?: { icons: { globe: string; logout: string }; files: ChunkFiles };
};
type ChunkFiles = { css: string[]; js: string[] };

/** A screen the server draws for a tab with a session (shown by the member boot script): its markup in a language. */
type SessionScreen = { files: ChunkFiles; draw: (text: BootText[LanguageCode], search: URLSearchParams) => string | undefined };

/**
 * The screens drawn for a tab with a session besides the member centre, by route (as the app matches it: lower case,
 * no trailing slash): /favorite and /recent (their heading), /pointMall, /lottery. Each only with its chunk's files at
 * hand; `files` adds the chunks a session's boot asks before member info.
 */
function sessionScreenTable(webDist: string, bootText: BootText | undefined, sessionJs: readonly string[]) {
  const member = bootText?.member;
  const withFiles = (files: ChunkFiles | undefined) =>
    files && existingFiles(webDist, [...files.css, ...files.js]) ? { ...files, js: [...new Set([...files.js, ...sessionJs])] } : undefined;
  const screens = new Map<string, SessionScreen>();
  const add = (routes: string[], files: ChunkFiles | undefined, draw: SessionScreen['draw']) => {
    const found = withFiles(files);
    if (found) for (const route of routes) screens.set(route, { files: found, draw });
  };
  for (const route of ['/favorite', '/recent'])
    add([route], member?.accountGameFiles, (text) => {
      const title = text?.accountGames?.[route];
      return title ? accountGameBootScreen(title) : undefined;
    });
  add(['/pointmall'], member?.pointMallFiles, (text, search) => text?.pointMall && pointMallBootScreen(text.pointMall, search.get('tab')));
  const lotteryIcons = member?.lottery?.icons;
  add(
    ['/lottery'],
    member?.lottery?.files,
    (text) => text?.lotteryPage && lotteryIcons && lotteryBootScreen(text.lotteryPage, lotteryIcons),
  );
  return screens;
}

/** Member pages a brand shows only with one of its switches on (member-centre-screen.tsx). */
const PAGE_FLAGS: Record<string, string> = { vip: 'VIP', referral: 'REFERRAL' };

/**
 * /member's boot screen for a request: the member centre's frame in the visit's language with the asked page (as
 * memberPageOf reads `?page=`, the old `?tab=`, and a switched-off page falls back to the default), and the files
 * its chunks bring (stylesheets linked, scripts preloaded). Undefined without the build's texts or files.
 */
function memberPageLookup(
  app: FastifyInstance,
  webDist: string,
  bootText: BootText | undefined,
  sessionJs: readonly string[],
  brandFlags: BrandFlags,
) {
  const member = bootText?.member;
  // Drawn only with every chunk's files at hand: without its styles the frame would not look as the app's will.
  const all = member && [member.centre, ...Object.values(member.pageFiles)].flatMap((f) => [...f.css, ...f.js]);
  if (!member || !all || !existingFiles(webDist, all)) return undefined;
  const walletCache = new TtlCache<boolean>(BANNER_CACHE_MS, 1, () => app.deps.now().getTime());
  const hasTransferWallets = () => walletCache.get('default', async () => (await transferWalletVendors(app.deps.db)).length > 0);
  return async (request: FastifyRequest) => {
    const language = visitLanguage(request);
    const text = bootText?.[language]?.memberCentre;
    if (!text) return undefined;
    const params = new URLSearchParams(request.url.split('?')[1] ?? '');
    const flags = await brandFlags();
    const shown = (p: string) => !PAGE_FLAGS[p] || flags[PAGE_FLAGS[p] as string] === true;
    const askedPage = params.get('page') ?? '';
    const named = member.pages.includes(askedPage) ? askedPage : member.aliases[params.get('tab') ?? ''];
    const asked = named ?? member.defaultPage;
    const page = shown(asked) ? asked : member.defaultPage;
    const css = [...member.centre.css, ...(member.pageFiles[page]?.css ?? [])];
    const js = [...member.centre.js, ...(member.pageFiles[page]?.js ?? []), ...sessionJs];
    const noLead = member.noLeadWith[page];
    const leadShown = !(noLead && params.has(noLead)) && (member.leadWhen?.[page] !== 'transferWallets' || (await hasTransferWallets()));
    const screen = memberBootScreen(text, member.pages.filter(shown), page, leadShown, memberPageEarlyCall(page, language));
    return { screen, css: [...new Set(css)], js: [...new Set(js)] };
  };
}

/** The default brand's switches and features, as the site's permission call gives them (cached a while). */
function brandFlagsLookup(app: FastifyInstance) {
  const cache = new TtlCache<Record<string, boolean>>(BANNER_CACHE_MS, 1, () => app.deps.now().getTime());
  return () =>
    cache.get('default', async () => {
      const brand = await findBrand(app.deps.db);
      if (!brand) return {};
      const { flags, features } = await getBrandFlags(app.deps.db, brand.id);
      return { ...features, ...flags };
    });
}
type BrandFlags = ReturnType<typeof brandFlagsLookup>;

/**
 * /agentHome's boot screen for a request: the agent centre in the visit's language with the nav the brand's features
 * allow and the page `?page=` names, as the app reads them (contract agent-nav.ts; a contract page the brand does not
 * offer keeps its title, and the app says it is not offered). Undefined without the build's texts or files; `files`:
 * its chunks' files with the session's.
 */
function agentHomeLookup(webDist: string, bootText: BootText | undefined, sessionJs: readonly string[], brandFlags: BrandFlags) {
  const centre = bootText?.member?.agentCentre;
  if (!centre || !existingFiles(webDist, [...centre.files.css, ...centre.files.js])) return undefined;
  const draw = async (request: FastifyRequest) => {
    const text = bootText?.[visitLanguage(request)]?.agentHome;
    if (!text) return undefined;
    const features = await brandFlags();
    const { entry } = agentPageOf(new URLSearchParams(request.url.split('?')[1] ?? '').get('page'), features);
    return agentHomeBootScreen(text, centre.icons, visibleNav(features), entry.key, AGENT_MEMBER_PAGE_KEYS.includes(entry.key));
  };
  return Object.assign(draw, { files: { css: centre.files.css, js: [...new Set([...centre.files.js, ...sessionJs])] } });
}

const logged = (request: FastifyRequest, err: unknown) => {
  request.log.warn({ err }, 'promotions boot screen without its list');
  return undefined;
};

/** What the web's build wrote for the boot screens (vite.config.ts): texts per language, the screens' stylesheets. */
type BootText = Partial<
  Record<
    LanguageCode,
    {
      agentPitch?: BootPitch;
      promotionsPage?: BootPromotionsText;
      memberCentre?: BootMemberText;
      /** The heading of /favorite and /recent, by path. */
      accountGames?: Record<string, string>;
      pointMall?: BootPointMallText;
      agentHome?: BootAgentHomeText;
      helpPage?: BootHelpText;
      lotteryPage?: BootLotteryText;
    }
  >
> & {
  stylesheets?: { promotions?: string[] };
  member?: BootMember;
  /** /help's page chunk. */
  helpFiles?: ChunkFiles;
  /** The start-up catalogue file of each language, which the app's first render waits for. */
  catalogueFiles?: Partial<Record<LanguageCode, string>>;
};

/** Paths under webDist (as boot-text.json names them) when every one of them is there; none otherwise. */
function existingFiles(webDist: string, hrefs: readonly string[] | undefined): string[] | undefined {
  if (!hrefs?.length) return undefined;
  const there = hrefs.every((href) => {
    const file = path.join(webDist, path.normalize(href));
    return file.startsWith(webDist) && fs.existsSync(file);
  });
  return there ? [...hrefs] : undefined;
}

/** The texts the web's build wrote for the boot screens (vite.config.ts); none from a build without them. */
function readBootText(webDist: string): BootText | undefined {
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

/** The default brand's promotions as a guest sees them, in a language (the list /promotions asks for). */
function promotionsLookup(app: FastifyInstance) {
  const cache = new TtlCache<PromotionCard[]>(BANNER_CACHE_MS, 2, () => app.deps.now().getTime());
  return (language: LanguageCode): Promise<PromotionCard[]> =>
    cache.get(language, async () => {
      const brand = await findBrand(app.deps.db);
      return brand ? listPromotions(app.deps.db, brand.id, undefined, language === 'EN' ? 'en' : 'bn', app.deps.now()) : [];
    });
}
