import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { NAMESPACES_AT_BOOT } from './src/i18n/boot-namespaces.ts';

const api = process.env.PLAYFRONT_API ?? 'http://127.0.0.1:3000';

/** The promotions page's screen module, whose stylesheet the server names in /promotions' head. */
const PROMOTIONS_SCREEN = /[\\/]features[\\/]promotions[\\/]promotions-screen\.tsx$/;

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
          return [lang.toUpperCase(), { agentPitch: { kicker, title: pitchTitle, lead: pitchLead }, promotionsPage }];
        }),
      );
      const screen = Object.values(bundle).find((file) => file.type === 'chunk' && PROMOTIONS_SCREEN.test(file.facadeModuleId ?? ''));
      const css = screen?.type === 'chunk' ? [...(screen.viteMetadata?.importedCss ?? [])].map((file) => `/${file}`) : [];
      const source = JSON.stringify({ ...text, stylesheets: { promotions: css } });
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page loads before its first screen, as one file next to the entry instead of a dozen small
            // shared chunks: on a phone's connection each request is a round trip and a place in the browser's queue.
            { name: 'boot', tags: ['$initial'] },
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
