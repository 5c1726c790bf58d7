import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { DEFAULT_MEMBER_PAGE, MEMBER_PAGES, TAB_ALIASES } from './src/app/member-centre/member-centre-pages.ts';
import { MEMBER_PAGE_HEADS } from './src/app/member-centre/member-page-heads.ts';
import { AUTH_ICON_PATHS } from './src/features/auth/components/auth-icon-paths.ts';
import { PLAY_ICON_PATHS } from './src/features/play/components/play-icon-paths.ts';
import { MALL_TABS } from './src/features/points/lib/mall-tabs.ts';
import { NAMESPACES_AT_BOOT } from './src/i18n/boot-namespaces.ts';
import { ICON_PATHS } from './src/ui/icons/icon-paths.ts';

const api = process.env.PLAYFRONT_API ?? 'http://127.0.0.1:3000';

/** The promotions page's screen module, whose stylesheet the server names in /promotions' head. */
const PROMOTIONS_SCREEN = /[\\/]features[\\/]promotions[\\/]promotions-screen\.tsx$/;
/** The help centre's page (/help): its heading and search box are drawn by the server, with its chunk's files. */
const HELP_PAGE = fileURLToPath(new URL('./src/features/support/components/help-centre-page.tsx', import.meta.url));
/** The member centre's screen module and the table of its pages' chunks (member-page-chunks.ts). */
const MEMBER_CENTRE = fileURLToPath(new URL('./src/app/member-centre/member-centre-screen.tsx', import.meta.url));
const MEMBER_PAGE_CHUNKS = new URL('./src/app/member-centre/member-page-chunks.ts', import.meta.url);
/** The member's own game lists (/favorite, /recent): one screen, a static heading per path (lobby catalogue keys). */
const ACCOUNT_GAME = fileURLToPath(new URL('./src/features/lobby/screens/account-game.tsx', import.meta.url));
const ACCOUNT_GAME_TITLES = { '/favorite': 'lobby:account.favourites', '/recent': 'lobby:account.recent' };
/** The points mall (/pointMall): its hero, tab row and section heading are drawn for a tab with a session. */
const POINT_MALL = fileURLToPath(new URL('./src/features/points/components/point-mall-screen.tsx', import.meta.url));
/** The lottery lobby (/lottery): its game bar, prize-mode line and starting state are drawn for a tab with a session. */
const LOTTERY = fileURLToPath(new URL('./src/features/play/screens/lottery-screen.tsx', import.meta.url));
/** The agent centre (/agentHome): its screen group's chunk and the agent frame's, drawn for an agent's tab. */
const AGENT_CENTRE = fileURLToPath(new URL('./src/app/agent-centre/agent-centre-screen.tsx', import.meta.url));
const AGENT_LAYOUT = fileURLToPath(new URL('./src/app/layouts/agent-layout.tsx', import.meta.url));
/** What a tab with a session fetches at boot before member info is asked (app/first-screen.ts): preloaded with the page. */
const SESSION_BOOT = ['./src/features/auth/session/load-member.ts', './src/app/member-first-screen.ts'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

/** A pattern for module ids ending in any of `paths` (written with `/`, regular expressions; either separator). */
const anyPath = (paths: string[]) => new RegExp(paths.map((p) => `[\\\\/]${p.replaceAll('/', '[\\\\/]')}`).join('|'));

/**
 * What every page of a tab with a session loads before its own screen, and a guest's pages never load: the member's
 * boot calls and their query keys, the logged-in header with its live events, the reality check. One file for a member
 * instead of twenty-odd small chunks (each a request in a phone's queue before the page's data can be asked). A guest's
 * chunk that imported any of these would load the whole file: src/chunk-groups.test.ts checks the guest screens.
 */
export const MEMBER_BOOT_MODULES = anyPath([
  'contract/src/(avatar|protection|security|missions)-paths',
  'features/auth/(api/get-member-info|session/load-member)',
  'features/auth/header/',
  'features/messages/(api/(get-messages|messages-keys|get-unread-count)|components/message-text|live/)',
  'features/rewards/api/(rewards-keys|get-promotion-summary)',
  'features/missions/api/(missions-keys|get-mission-summary)',
  'features/protection/(api/(get-protection|protection-keys|get-play-session)|lib/limit-amount|components/reality-check)',
  'features/support/(api/(support-keys|support-live)|chat/api/(chat-keys|chat-calls|get-chat-current))',
  'features/wallet/api/(get-consolidated|get-merchant-wallet|get-withdraw-info|wallet-keys)',
  'contract/src/live',
  'app/(live-bridge|events-count|logged-in-header|member-first-screen|member-centre/member-centre-pages)',
]);

/**
 * What every page loads after its first screen, guest or member: the footer, the side menu's contents, the lobby's
 * menu sections and vendor cards, the popups' host with its focus trap, the launch rules, the envelope rain, the
 * paginator and React Query's mutations. One file instead of a dozen, each a request in a phone's queue.
 */
export const SITE_LATER_MODULES = anyPath([
  'ui/paginator/',
  'ui/modals/(modal-types|modal-frame|modal-host)',
  'app/(modal-bodies|modals)\\.tsx?$',
  'features/lobby/components/(banner-rotation|banner-rotator|menu-sections|vendor-cards)',
  'features/layout/components/(licence-badges|vendor-badge|footer|app-download|side-menu-contents)',
  'features/play/lib/launch-rules',
  'features/envelopes/',
  'contract/src/envelopes-paths',
  'node_modules/(tabbable|focus-trap)/',
  'node_modules/@tanstack/(query-core/build/modern/mutationObserver|react-query/build/modern/useMutation)',
]);

/** Each member page's module, read from member-page-chunks.ts (`page: screenChunk(() => import('…'))`). */
function memberPageModules(): Record<string, string> {
  const source = fs.readFileSync(MEMBER_PAGE_CHUNKS, 'utf8');
  const found = Object.fromEntries(
    [...source.matchAll(/^\s*(\w+): screenChunk\(\(\) => import\('([^']+)'\)/gm)].map(([, page, file]) => [
      page,
      fileURLToPath(new URL(file as string, MEMBER_PAGE_CHUNKS)),
    ]),
  );
  const missing = MEMBER_PAGES.filter((page) => !found[page]);
  if (missing.length) throw new Error(`member-page-chunks.ts: no chunk found for ${missing.join(', ')}`);
  return found;
}

/**
 * The files a chunk brings when the app loads it (its own and its static imports', as Vite's preload does): the
 * stylesheets, and the scripts (the chunk first).
 */
function chunkFiles(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk) {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.has(`/${chunk.fileName}`) || chunk.isEntry) return;
    js.add(`/${chunk.fileName}`);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return { css: [...css], js: [...js] };
}

/** Several chunks' files as one list each, without repeats. */
function mergedFiles(files: { css: string[]; js: string[] }[]) {
  return { css: [...new Set(files.flatMap((f) => f.css))], js: [...new Set(files.flatMap((f) => f.js))] };
}

/** A `namespace:key` of the catalogue, in one language. */
function catalogueText(read: (ns: string) => Record<string, unknown>, key: string): string {
  const [ns, path] = key.split(':') as [string, string];
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], read(ns));
  if (typeof value !== 'string') throw new Error(`boot-text: no text at ${key}`);
  return value;
}

/**
 * `boot-text.json` beside index.html: the catalogue texts the server draws into a page's boot screen, per language
 * (apps/server/src/features/web/boot-screen.ts), so the first paint of /agent carries the pitch the page will show and
 * /promotions its title, category chips and cards; and the stylesheet of /promotions' screen chunk, which the server
 * links in that page's head so its drawn cards look as the page's will (decision 068).
 * The catalogues stay the one source of the words.
 */
function bootText(): Plugin {
  const locales = new URL('./src/i18n/locales/', import.meta.url);
  const catalogue = (lang: string, ns: string) => JSON.parse(fs.readFileSync(new URL(`${lang}/${ns}.json`, locales), 'utf8'));
  return {
    name: 'playfront-boot-text',
    apply: 'build',
    // After Vite's own CSS step, which drops the chunks that only held a stylesheet (their CSS goes to the importers).
    enforce: 'post',
    generateBundle(_options, bundle) {
      const text = Object.fromEntries(
        // One entry per catalogue folder (bn, en), keyed as the server names languages (BN, EN).
        fs.readdirSync(locales).map((lang) => {
          const { kicker, pitchTitle, pitchLead } = catalogue(lang, 'auth').agent;
          const promotions = catalogue(lang, 'promotions');
          const promotionsPage = {
            title: promotions.title,
            lead: promotions.lead,
            categories: promotions.categories,
            states: promotions.states,
            details: promotions.card.details,
          };
          const { centre } = catalogue(lang, 'wallet');
          const read = (ns: string) => catalogue(lang, ns);
          const memberCentre = {
            title: centre.title,
            menu: centre.menu,
            pages: Object.fromEntries(MEMBER_PAGES.map((page) => [page, centre.pages[page]])),
            heads: Object.fromEntries(
              MEMBER_PAGES.map((page) => {
                const head = MEMBER_PAGE_HEADS[page];
                return [page, head && { title: catalogueText(read, head.title), lead: head.lead && catalogueText(read, head.lead) }];
              }),
            ),
          };
          const accountGames = Object.fromEntries(
            Object.entries(ACCOUNT_GAME_TITLES).map(([path, key]) => [path, catalogueText(read, key)]),
          );
          const points = catalogue(lang, 'points');
          const pointMall = {
            title: points.title,
            lead: points.lead,
            icon: ICON_PATHS.star,
            balance: points.balance.label,
            convert: points.balance.convert,
            howToEarn: points.balance.howToEarn,
            tabsLabel: points.tabs.label,
            // In the tab row's order (mall-tabs.ts).
            tabs: Object.fromEntries(MALL_TABS.map((tab) => [tab, points.tabs[tab]])),
          };
          const agent = catalogue(lang, 'agent');
          const agentHome = {
            nav: agent.home.nav,
            timezone: agent.home.timezone,
            hello: agent.home.hello,
            signOut: catalogue(lang, 'auth').account.signOut,
            // Each nav entry's name (the nav itself: the contract's agent-nav.ts).
            pages: agent.pages,
          };
          const play = catalogue(lang, 'play');
          const lotteryTitle = play.lottery.title.lottery;
          // The first render's texts (lottery-screen.tsx, game-player.tsx): the prize mode is LOTT's until the vendors answer.
          const lotteryPage = {
            title: lotteryTitle,
            meta: ` · ${play.lottery.prizeMode.replace('{{mode}}', play.lottery.modes.LOTT)}`,
            loading: play.player.loading.replace('{{game}}', lotteryTitle),
            back: play.player.back,
            reload: play.player.reload,
            newWindow: play.player.newWindow,
            fullscreen: play.player.fullscreen,
          };
          const { help } = catalogue(lang, 'support');
          const helpPage = { title: help.title, lead: help.lead, search: help.search, placeholder: help.searchPlaceholder };
          return [
            lang.toUpperCase(),
            {
              agentPitch: { kicker, title: pitchTitle, lead: pitchLead },
              promotionsPage,
              memberCentre,
              accountGames,
              pointMall,
              agentHome,
              helpPage,
              lotteryPage,
            },
          ];
        }),
      );
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const screen = chunks.find((file) => PROMOTIONS_SCREEN.test(file.facadeModuleId ?? ''));
      const css = screen ? [...(screen.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`) : [];
      // The member centre's chunk and each page's, with what they import: the server links them in a member page's
      // head (stylesheets, so its drawn frame looks as the app's will; scripts as modulepreload, so the chain entry →
      // member centre → page is fetched at once, not one after another).
      // (A build of another root with this config, bench/bare-page, has no member centre: nothing to write.)
      const centre = chunks.find((file) => file.facadeModuleId === MEMBER_CENTRE);
      const modules = centre ? memberPageModules() : {};
      const accountGame = chunks.find((file) => file.facadeModuleId === ACCOUNT_GAME);
      const pointMall = chunks.find((file) => file.facadeModuleId === POINT_MALL);
      const lottery = chunks.find((file) => file.facadeModuleId === LOTTERY);
      const agentCentre = chunks.find((file) => file.facadeModuleId === AGENT_CENTRE);
      const agentLayout = chunks.find((file) => file.facadeModuleId === AGENT_LAYOUT);
      const memberPages = Object.fromEntries(
        (centre ? MEMBER_PAGES : []).map((page) => {
          const chunk = chunks.find((file) => file.facadeModuleId === modules[page]);
          if (!chunk) throw new Error(`boot-text: no chunk for the member page ${page}`);
          return [page, chunkFiles(bundle, chunk)];
        }),
      );
      const member = centre && {
        pages: MEMBER_PAGES,
        defaultPage: DEFAULT_MEMBER_PAGE,
        // `?tab=deposit` and the other old names (member-centre-pages.ts memberPageOf).
        aliases: TAB_ALIASES,
        noLeadWith: Object.fromEntries(
          MEMBER_PAGES.flatMap((page) => (MEMBER_PAGE_HEADS[page]?.noLeadWith ? [[page, MEMBER_PAGE_HEADS[page]?.noLeadWith]] : [])),
        ),
        leadWhen: Object.fromEntries(
          MEMBER_PAGES.flatMap((page) => (MEMBER_PAGE_HEADS[page]?.leadWhen ? [[page, MEMBER_PAGE_HEADS[page]?.leadWhen]] : [])),
        ),
        centre: chunkFiles(bundle, centre),
        pageFiles: memberPages,
        accountGameFiles: accountGame && chunkFiles(bundle, accountGame),
        pointMallFiles: pointMall && chunkFiles(bundle, pointMall),
        lottery: lottery && {
          files: chunkFiles(bundle, lottery),
          icons: {
            back: PLAY_ICON_PATHS.back,
            reload: PLAY_ICON_PATHS.reload,
            external: PLAY_ICON_PATHS.external,
            expand: PLAY_ICON_PATHS.expand,
          },
        },
        // /agentHome: the icons of its bar, and the files of the screen group and of the agent frame.
        agentCentre: agentCentre &&
          agentLayout && {
            icons: { globe: ICON_PATHS.globe, logout: AUTH_ICON_PATHS.logout },
            files: mergedFiles([chunkFiles(bundle, agentCentre), chunkFiles(bundle, agentLayout)]),
          },
        // Asked by the entry at boot, before member info: their chunks preloaded with the page, not after the entry ran.
        sessionFiles: {
          css: [],
          js: [
            ...new Set(
              SESSION_BOOT.flatMap((id) => {
                // A module imported dynamically may share its chunk with others (no facade): the chunk that holds it.
                const chunk = chunks.find((file) => file.moduleIds.includes(id));
                if (!chunk) throw new Error(`boot-text: no chunk for ${id}`);
                return chunkFiles(bundle, chunk).js;
              }),
            ),
          ],
        },
      };
      const helpChunk = chunks.find((file) => file.facadeModuleId === HELP_PAGE);
      const helpFiles = helpChunk && chunkFiles(bundle, helpChunk);
      // The start-up catalogue file of each language (the `i18n-at-boot` group below), which every first render waits
      // for: the server names the visit's one in the head of the pages the app draws (decision 077 addendum).
      const catalogueFiles = Object.fromEntries(
        chunks.flatMap((file) => {
          const m = /^i18n-([\w-]+)$/.exec(file.name);
          return m ? [[(m[1] as string).toUpperCase(), `/${file.fileName}`]] : [];
        }),
      );
      const source = JSON.stringify({ ...text, stylesheets: { promotions: css }, member, helpFiles, catalogueFiles });
      this.emitFile({ type: 'asset', fileName: 'boot-text.json', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), bootText()],
  resolve: {
    alias: [
      // Zod without its `new Function` compiler, for the site's content security policy (src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // The part of i18next and react-i18next the site uses, ~15 kB gzip less in the first bundle (decision 068).
      { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-runtime/i18next.ts', import.meta.url)) },
      { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-runtime/react-i18next.tsx', import.meta.url)) },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The entry holds what every page needs before its first screen (about 120 kB gzip, bench/web-size.ts);
    // later screens and their libraries are lazy chunks.
    chunkSizeWarningLimit: 500,
    // Fonts stay files, however small: a page that never draws their characters never loads them, where a data URL
    // would ride in every page's CSS.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page loads before its first screen, as one file next to the entry instead of a dozen small
            // shared chunks: on a phone's connection each request is a round trip and a place in the browser's queue.
            { name: 'boot', tags: ['$initial'] },
            // Only the modules named: their dependencies a guest's pages share (the auth icons, the logout call) stay out.
            { name: 'member-boot', test: MEMBER_BOOT_MODULES, includeDependenciesRecursively: false },
            { name: 'site-later', test: SITE_LATER_MODULES, includeDependenciesRecursively: false },
            // The catalogues the site reads at start, one file per language (the other namespaces stay with the
            // screens that use them).
            {
              debugName: 'i18n-at-boot',
              name: (id) => {
                const m = /[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(id);
                return m && (NAMESPACES_AT_BOOT as readonly string[]).includes(m[2] as string) ? `i18n-${m[1]}` : null;
              },
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/wps': api,
      '/lgw': api,
      '/health': api,
      '/ws': { target: api, ws: true },
    },
  },
});
