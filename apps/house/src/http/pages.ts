import { type HouseLanguage, MESSAGES, type MessageKey } from '../i18n/messages.ts';
import type { HouseAssets } from './assets.ts';

/**
 * The house's HTML: a small server-rendered shell (title, language, theme hook,
 * the page's data as JSON) and one bundled script that draws the game. The boot
 * JSON is in a `type="application/json"` script, which the site's CSP
 * (script-src 'self') allows because it is never executed.
 */
export type BootData =
  | ({ page: 'play' } & Record<string, unknown>)
  | ({ page: 'verify' } & Record<string, unknown>)
  | { page: 'error'; code: string; backUrl: string | null };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON safe inside a script element: no `</script>`, no `<!--`, no line separators. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface PageInput {
  lang: HouseLanguage;
  title: string;
  theme: 'light' | 'dark' | null;
  assets: HouseAssets;
  boot: BootData;
}

export function renderPage({ lang, title, theme, assets, boot }: PageInput): string {
  const strings = MESSAGES[lang];
  const visible =
    boot.page === 'error' ? (strings[`error.${boot.code}` as MessageKey] ?? strings['error.BAD_REQUEST']) : strings['page.loading'];
  return `<!doctype html>
<html lang="${lang === 'BN' ? 'bn' : 'en'}"${theme ? ` data-theme="${theme}"` : ''}>
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
<script type="application/json" id="house-boot">${scriptJson({ ...boot, lang, strings })}</script>
<main id="house-app" class="house-app" aria-live="polite"><p class="house-status">${escapeHtml(visible)}</p></main>
<noscript><p class="house-status">${escapeHtml(strings['page.noscript'])}</p></noscript>
</body>
</html>`;
}
