import { createHash } from 'node:crypto';
import { SUPPORTED_LANGUAGES } from '@playfront/contract/constants';
import { cdnUrl } from '@playfront/contract/games-paths';
import { HEADERS } from '@playfront/contract/headers';
import { acceptedLanguages, detectLanguage } from '@playfront/contract/language';
import type { PromotionCard } from '@playfront/contract/promotions';
import { type ActivityState, PROMOTION_CATEGORIES, type PromotionCategory } from '@playfront/contract/promotions-paths';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../http/escape-html.ts';

/**
 * The boot screens the server draws into index.html: the header bar with the brand mark and the largest thing of
 * the page's first screen in the places the app will draw them. Home (and /login, /register under their popup):
 * the first home banner. /agent: the pitch (kicker, title, lead) in the visit's language. /promotions: the category
 * chips and a guest's cards, with the screen's stylesheet. A phone paints it as soon as the HTML and the stylesheet
 * arrive, and the banner loads beside the app's scripts instead of after them. The app then replaces it with the same
 * picture at the same place, on the same URL.
 * The mark is the one in apps/web/src/ui/logo.tsx and apps/web/index.html: change them together.
 */

export type BootBanner = { host: string | undefined; path: string; title: string };

const BOOT_START = '<!--boot-screen-->';
const BOOT_END = '<!--/boot-screen-->';

const LOGO_MARK =
  '<svg class="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<defs><linearGradient id="logo-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd978"/><stop offset="1" stop-color="#d4902a"/></linearGradient></defs>' +
  '<circle cx="16" cy="16" r="15" fill="url(#logo-gold)"/>' +
  '<circle cx="16" cy="16" r="11" fill="none" stroke="#1a1200" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="3 3"/>' +
  '<path d="M12 9.5h5.5a4.5 4.5 0 0 1 0 9H14.5V23H12z M14.5 12v4h3a2 2 0 0 0 0-4z" fill="#1a1200" fill-rule="evenodd"/></svg>';

/** The site's frame (header, the side menu's place) around a page's first screen. */
function bootSite(main: string): string {
  return [
    '<div class="site boot-site" aria-busy="true">',
    `<header class="site-header"><div class="header-inner"><span class="logo">${LOGO_MARK}</span></div></header>`,
    `<div class="site-body"><div class="side-menu boot-side" aria-hidden="true"></div><div class="site-main">${main}</div></div></div>`,
  ].join('');
}

/** The boot screen with the header and the first banner; `data-boot-*` tell the app which host it was given. */
export function homeBootScreen(banner: BootBanner): string {
  const src = escapeHtml(banner.host ? cdnUrl(banner.host, banner.path) : banner.path);
  const data = banner.host ? ` data-boot-host="${escapeHtml(banner.host)}" data-boot-path="${escapeHtml(banner.path)}"` : '';
  return bootSite(
    '<main class="page lobby">' +
      `<div class="banner-frame"><img class="boot-banner" src="${src}" alt="${escapeHtml(banner.title)}" width="1200" height="360" fetchpriority="high"${data}></div>` +
      '<span class="spinner boot-spinner" aria-hidden="true"></span></main>',
  );
}

/** The agent programme's pitch, in one language (the web's catalogue, written by its build into boot-text.json). */
export type BootPitch = { kicker: string; title: string; lead: string };

/**
 * /agent's boot screen: the pitch as the page draws it (apps/web/src/features/agent/agent-landing.tsx, its styles in
 * the first stylesheet), so its title, the largest text on a phone's first screen, is painted before any script.
 * `data-boot-page` makes the app's first render wait for the page's chunk (main.tsx), so nothing else comes between.
 */
export function agentBootScreen(pitch: BootPitch): string {
  return agentFrame(
    '<main class="agent-landing" data-boot-page="agent"><div class="agent-pitch">' +
      `<p class="agent-kicker">${escapeHtml(pitch.kicker)}</p><h1>${escapeHtml(pitch.title)}</h1>` +
      `<p class="agent-pitch-lead">${escapeHtml(pitch.lead)}</p></div></main>`,
  );
}

/** The agent frame (apps/web/src/features/layout/components/agent-frame.tsx) around a page: its own bar, no side menu. */
function agentFrame(content: string): string {
  return (
    `<div class="agent-frame" aria-busy="true"><header class="agent-bar"><span class="logo">${LOGO_MARK}</span></header>` +
    `<div class="agent-content">${content}</div></div>`
  );
}

/** /promotions' words in one language (the web's `promotions` catalogue, written by its build into boot-text.json). */
export type BootPromotionsText = {
  title: string;
  lead: string;
  categories: Record<'label' | 'all' | PromotionCategory, string>;
  states: Record<ActivityState, string>;
  details: string;
};

/**
 * /promotions' boot screen: the page as apps/web/src/features/promotions/promotions-screen.tsx draws it for a guest
 * (title, the category chips with their counts, every card), styled by the screen chunk's own stylesheet, which the
 * server links in the head. On a phone the first card's banner is the page's largest paint: here it loads with the
 * HTML instead of after the main bundle, the screen's chunk and the list. What depends on the visitor is left to the
 * app: a member's own states (a guest's are drawn) and the period, whose dates are in the visitor's time zone (its
 * line keeps its height). No test ids, so a journey waits for the app's cards. `data-boot-page`: see agentBootScreen.
 * Undefined when there is nothing to draw (no promotions, or none in the chosen category): the plain boot screen.
 */
export function promotionsBootScreen(
  text: BootPromotionsText,
  list: readonly PromotionCard[],
  category: PromotionCategory | null,
): string | undefined {
  const shown = category ? list.filter((p) => p.category === category) : list;
  if (shown.length === 0) return undefined;
  const chip = (label: string, count: number, pressed: boolean) =>
    `<button type="button" class="promos-tab" aria-pressed="${pressed}">${escapeHtml(label)}<span class="promos-tab-count">${count}</span></button>`;
  const present = PROMOTION_CATEGORIES.filter((c) => list.some((p) => p.category === c));
  const chips =
    `<div class="promos-tabs" role="group" aria-label="${escapeHtml(text.categories.label)}">${chip(text.categories.all, list.length, category === null)}` +
    present.map((c) => chip(text.categories[c], list.filter((p) => p.category === c).length, category === c)).join('') +
    '</div>';
  const card = (p: PromotionCard, index: number) => {
    const first = index < 2;
    return [
      `<li><article class="promo-card" data-state="${escapeHtml(p.state)}"><div class="promo-banner">`,
      `<img src="${escapeHtml(p.bannerUrl)}" alt="" loading="${first ? 'eager' : 'lazy'}" fetchpriority="${first ? 'high' : 'auto'}" decoding="async" width="800" height="300">`,
      `</div><div class="promo-card-body"><div class="promo-tags"><span class="promo-category">${escapeHtml(text.categories[p.category])}</span>`,
      `<span class="promo-state" data-state="${escapeHtml(p.state)}">${escapeHtml(text.states[p.state])}</span></div>`,
      `<h2 class="promo-card-title"><button type="button" class="promo-open">${escapeHtml(p.title)}</button></h2>`,
      `<p class="promo-summary">${escapeHtml(p.summary)}</p><p class="promo-period"><time>&nbsp;</time></p>`,
      `<span class="promo-more" aria-hidden="true">${escapeHtml(text.details)} ›</span></div></article></li>`,
    ].join('');
  };
  return bootSite(
    '<main class="page promos" data-boot-page="promotions">' +
      `<header class="promos-head"><h1 class="promos-title">${escapeHtml(text.title)}</h1><p class="promos-lead">${escapeHtml(text.lead)}</p></header>` +
      chips +
      `<ul class="promos-grid" aria-label="${escapeHtml(category ? text.categories[category] : text.categories.all)}">${shown.map(card).join('')}</ul>` +
      '</main>',
  );
}

/** /help's words in one language (the web's `support` catalogue, written by its build into boot-text.json). */
export type BootHelpText = { title: string; lead: string; search: string; placeholder: string };

/**
 * /help's boot screen: the site's frame, the help centre's heading and lead (its largest text on a phone) and its
 * search box, as apps/web/src/features/support/components/help-centre-page.tsx draws them above the articles, styled
 * by the page chunk's own stylesheets, which the server links in the head. `data-boot-page`: see agentBootScreen.
 */
export function helpBootScreen(text: BootHelpText, lang: string): string {
  return bootSite(
    `<main class="page help-centre" lang="${escapeHtml(lang)}" data-boot-page="help">` +
      `<header class="wl-page-head"><h1 class="wl-page-title">${escapeHtml(text.title)}</h1><p class="wl-lead">${escapeHtml(text.lead)}</p></header>` +
      `<search class="help-search"><label for="boot-help-search" class="support-label">${escapeHtml(text.search)}</label>` +
      `<div class="help-search-row"><input id="boot-help-search" class="support-input" type="search" placeholder="${escapeHtml(text.placeholder)}"></div>` +
      '<p class="support-hint"></p></search></main>',
  );
}

/** The member centre's words in one language (the web's catalogues, written by its build into boot-text.json). */
export type BootMemberText = {
  title: string;
  menu: string;
  /** Each page's menu entry. */
  pages: Record<string, string>;
  /** Each page's heading and lead as it draws them before its data (apps/web member-page-heads.ts); null: none. */
  heads: Record<string, { title: string; lead?: string } | null>;
};

/**
 * Swaps the member centre's frame in for the plain boot screen when the tab keeps a session (the token lives in the
 * tab's session storage, which the server never sees), and brings the menu's current entry into view on a phone's
 * scrolling row, as the app does, at the next frame (the page's first layout then, not in the middle of parsing). A guest keeps the plain boot screen and ends on home with the login popup, without
 * a member frame in between. Inline, so it runs as the page is parsed; allowed by its hash (MEMBER_BOOT_SCRIPT_HASH).
 *
 * Then it asks the calls the app would ask first, with the headers the app's client sends, and leaves their answers
 * on `window.__pfEarly`, where the app's own first call of each address takes its answer (apps/web
 * lib/early-answer.ts) instead of asking once its scripts have loaded and run: member info, which the app waits for
 * before its first render, and, for a page whose largest paint is its data, that page's first call (`data-early`,
 * contract early-calls.ts). The language header is the page's own (`<html lang>`, withVisitorPreferences). An early
 * call gives up after 30 s, as the app's own would; the app then asks again.
 */
const MEMBER_BOOT_SCRIPT =
  '(function(){try{var t=document.getElementById("boot-member"),k=sessionStorage.getItem("token");if(!t||!k)return;' +
  'var e=t.getAttribute("data-early"),p=document.querySelector("#root>.boot-screen");t.replaceWith(t.content);if(p)p.remove();' +
  'requestAnimationFrame(function(){var n=document.querySelector("#root .mc-menu"),c=n&&n.querySelector("[aria-current]");' +
  'if(c&&n.scrollWidth>n.clientWidth)n.scrollLeft=c.getBoundingClientRect().left-n.getBoundingClientRect().left+n.scrollLeft-(n.clientWidth-c.offsetWidth)/2});' +
  `var h={"${HEADERS.device}":"WEB","${HEADERS.language}":document.documentElement.lang.toUpperCase(),"${HEADERS.authorization}":k},` +
  `m=sessionStorage.getItem("merchantCode");if(m)h["${HEADERS.merchant}"]=m;` +
  `window.__pfEarly=["${SESSION_PATHS.memberInfo}"].concat(e?[e]:[]).map(function(u){` +
  'var w=AbortSignal.timeout&&AbortSignal.timeout(3e4);' +
  'return{url:u,headers:h,at:Date.now(),response:fetch(u,{headers:h,signal:w}).catch(function(){return null})}});' +
  '}catch(e){}})()';

/** The CSP source that allows MEMBER_BOOT_SCRIPT and nothing else inline. */
export const MEMBER_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(MEMBER_BOOT_SCRIPT).digest('base64')}'`;

/**
 * A member-centre page's boot screen (/member?page=…): the site's frame, the member centre's hidden title, its menu
 * with the page's entry current, and the page's heading and lead (the largest text of a phone's first screen), as
 * apps/web/src/app/member-centre/member-centre-screen.tsx and the page draw them before any member data. Kept in a
 * template that MEMBER_BOOT_SCRIPT shows only to a tab with a session; placed after the plain boot screen.
 * `data-boot-page`: see agentBootScreen. `pages`: the menu's entries (the brand's switched-off pages left out).
 */
export function memberBootScreen(
  text: BootMemberText,
  pages: readonly string[],
  page: string,
  withLead: boolean,
  earlyCall?: string,
): string {
  const entry = (p: string) =>
    `<li><a href="/member?page=${escapeHtml(p)}" class="mc-link"${p === page ? ' aria-current="page"' : ''}><span>${escapeHtml(text.pages[p] ?? p)}</span></a></li>`;
  const head = text.heads[page];
  const lead = head?.lead && withLead ? `<p class="wl-lead">${escapeHtml(head.lead)}</p>` : '';
  const body = head
    ? `<section class="wl-page"><header class="wl-page-head"><h2 class="wl-page-title">${escapeHtml(head.title)}</h2>${lead}</header></section>`
    : '';
  const frame = bootSite(
    '<main class="page member-centre" data-boot-page="member">' +
      `<h1 class="visually-hidden">${escapeHtml(text.title)}</h1>` +
      `<nav class="mc-menu" aria-label="${escapeHtml(text.menu)}"><ul>${pages.map(entry).join('')}</ul></nav>` +
      `<div class="mc-content">${body}</div></main>`,
  );
  return forMembersOnly(frame, earlyCall);
}

/**
 * A boot screen kept for a tab with a session: a template that MEMBER_BOOT_SCRIPT swaps in for the plain one, naming
 * the page's first call the script asks early, if any.
 */
const forMembersOnly = (frame: string, earlyCall?: string) => {
  const asks = earlyCall ? ` data-early="${escapeHtml(earlyCall)}"` : '';
  return `<template id="boot-member"${asks}>${frame}</template><script>${MEMBER_BOOT_SCRIPT}</script>`;
};

/**
 * /favorite's and /recent's boot screen: the site's frame and the list's heading, as
 * apps/web/src/features/lobby/screens/account-game.tsx draws it before the member's list; for a tab with a session
 * only, as memberBootScreen.
 */
export function accountGameBootScreen(title: string): string {
  return forMembersOnly(
    bootSite(`<main class="page lobby account-game" data-boot-page="account"><h1 class="lobby-title">${escapeHtml(title)}</h1></main>`),
  );
}

/** One of the web's line icons (apps/web/src/ui/icons/icon.tsx), decorative. */
const lineIcon = (d: string, size: number, stroke = '1.8') =>
  `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="${stroke}" ` +
  `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${escapeHtml(d)}"></path></svg>`;

/** The points mall's words in one language (the web's `points` catalogue, written by its build into boot-text.json). */
export type BootPointMallText = {
  title: string;
  lead: string;
  /** The title's icon: its path in the web's icon set (icon-paths.ts). */
  icon: string;
  balance: string;
  convert: string;
  howToEarn: string;
  tabsLabel: string;
  /** Each section's name, in the tab row's order. */
  tabs: Record<string, string>;
};

/**
 * /pointMall's boot screen: the site's frame, the hero (title, lead, the points box before the member's balance is
 * in), the section tabs with `?tab=`'s current and the section's heading, as
 * apps/web/src/features/points/components/point-mall-screen.tsx draws them before its data; for a tab with a session
 * only, as memberBootScreen. `tab`: a section of `text.tabs`, else the first.
 */
export function pointMallBootScreen(text: BootPointMallText, tab: string | null): string {
  const tabs = Object.keys(text.tabs);
  const current = tab && tabs.includes(tab) ? tab : (tabs[0] ?? '');
  const link = (name: string, index: number) =>
    `<li><a href="${index === 0 ? '/pointMall' : `/pointMall?tab=${escapeHtml(name)}`}" class="pm-tab"${name === current ? ' aria-current="page"' : ''}>${escapeHtml(text.tabs[name] ?? name)}</a></li>`;
  const icon = lineIcon(text.icon, 28);
  return forMembersOnly(
    bootSite(
      '<main class="page pm-page" data-boot-page="pointMall"><header class="pm-hero">' +
        `<div class="pm-hero-text"><h1 class="pm-title">${icon}${escapeHtml(text.title)}</h1><p class="pm-lead">${escapeHtml(text.lead)}</p></div>` +
        `<section class="pm-balance"><h2 class="pm-balance-label">${escapeHtml(text.balance)}</h2><p class="pm-balance-value">—</p>` +
        '<p class="pm-balance-worth">&nbsp;</p><div class="pm-balance-actions">' +
        `<button type="button" class="btn btn-primary btn-sm" disabled>${escapeHtml(text.convert)}</button>` +
        `<a class="btn btn-ghost btn-sm" href="/pointMall?tab=rules">${escapeHtml(text.howToEarn)}</a></div></section></header>` +
        `<nav class="pm-tabs" aria-label="${escapeHtml(text.tabsLabel)}"><ul>${tabs.map(link).join('')}</ul></nav>` +
        `<section class="pm-section"><h2 class="pm-section-title">${escapeHtml(text.tabs[current] ?? '')}</h2></section></main>`,
    ),
  );
}

/** The lottery lobby's words in one language (the web's `play` catalogue, through boot-text.json). */
export type BootLotteryText = {
  title: string;
  /** ` · Prize mode: …` with LOTT's mode, kept invisible until the app knows the mode. */
  meta: string;
  loading: string;
  back: string;
  reload: string;
  newWindow: string;
  fullscreen: string;
};
export type BootLotteryIcons = { back: string; reload: string; external: string; expand: string };

/**
 * /lottery's boot screen: the site's frame and the game page as apps/web/src/features/play/screens/lottery-screen.tsx
 * and components/game-player.tsx draw it while the lottery starts (the bar with the way back, the title and the
 * game controls off; the prize-mode line holding its place; the starting state), so the bar and the line are painted
 * before any script; for a tab with a session only, as memberBootScreen.
 */
export function lotteryBootScreen(text: BootLotteryText, icons: BootLotteryIcons): string {
  const control = (label: string, icon: string, pressed = '') =>
    `<button type="button" class="icon-button" aria-label="${escapeHtml(label)}" title="${escapeHtml(label)}"${pressed} disabled>${lineIcon(icon, 20, '2')}</button>`;
  return forMembersOnly(
    bootSite(
      '<main class="game-page" aria-busy="true" data-boot-page="lottery"><div class="game-bar">' +
        `<a class="btn btn-sm game-back" aria-label="${escapeHtml(text.back)}" href="/">${lineIcon(icons.back, 18, '2')}<span class="game-back-text">${escapeHtml(text.back)}</span></a>` +
        `<h1 class="game-title">${escapeHtml(text.title)}</h1><div class="game-actions">` +
        control(text.reload, icons.reload) +
        control(text.newWindow, icons.external) +
        control(text.fullscreen, icons.expand, ' aria-pressed="false"') +
        `</div></div><p class="game-meta">${escapeHtml(text.title)}<span class="game-meta-pending">${escapeHtml(text.meta)}</span></p>` +
        '<div class="game-stage"><div class="game-loading" role="status"><span class="play-spinner" aria-hidden="true"></span>' +
        `<span>${escapeHtml(text.loading)}</span></div></div></main>`,
    ),
  );
}

/** The agent centre's words in one language (the web's `agent` and `auth` catalogues, through boot-text.json). */
export type BootAgentHomeText = {
  nav: string;
  timezone: string;
  /** `Hello, {{name}}`: the script fills the name from the tab's session. */
  hello: string;
  signOut: string;
  /** Each nav entry's name, by key. */
  pages: Record<string, string>;
};
export type BootAgentNavEntry = { key: string; page: string };

/**
 * Swaps the agent centre in for the plain boot screen when the tab keeps an agent's session, and fills what only the
 * tab knows as apps/web/src/features/agent/agent-home.tsx shows it (timezoneLabel, the clock's text, the nickname),
 * so the app's first render moves nothing; then, at the next frame, brings the nav's current entry into view on a
 * phone's scrolling row. Allowed by its hash on /agentHome only (AGENT_BOOT_SCRIPT_HASH).
 */
const AGENT_BOOT_SCRIPT =
  '(function(){try{var t=document.getElementById("boot-agent"),s=sessionStorage;' +
  'if(!t||!s.getItem("token")||s.getItem("isAgent")!=="true")return;' +
  'var p=document.querySelector("#root>.boot-screen");t.replaceWith(t.content);if(p)p.remove();' +
  'var d=new Date(),o=-d.getTimezoneOffset(),a=Math.abs(o),z=Intl.DateTimeFormat().resolvedOptions().timeZone,' +
  'f=function(n){return String(n).padStart(2,"0")},q=function(k){return document.querySelector("#root [data-boot-fill=\\""+k+"\\"]")},' +
  'w=function(k,v){var e=q(k);if(e)e.textContent=v};' +
  'w("tz","GMT"+(o<0?"-":"+")+f(Math.floor(a/60))+":"+f(a%60)+(z?" \\u00b7 "+z:""));' +
  'w("clock",d.getFullYear()+"-"+f(d.getMonth()+1)+"-"+f(d.getDate())+" "+f(d.getHours())+":"+f(d.getMinutes())+":"+f(d.getSeconds()));' +
  'var h=q("hello");if(h)h.textContent=h.getAttribute("data-text").replace("{{name}}",s.getItem("nickname")||"");' +
  'requestAnimationFrame(function(){var n=document.querySelector("#root .agent-nav"),c=n&&n.querySelector("[aria-current]");' +
  'if(c&&n.scrollWidth>n.clientWidth)n.scrollLeft=c.offsetLeft-(n.clientWidth-c.offsetWidth)/2})' +
  '}catch(e){}})()';

/** The CSP source that allows AGENT_BOOT_SCRIPT and nothing else inline. */
export const AGENT_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(AGENT_BOOT_SCRIPT).digest('base64')}'`;

/**
 * /agentHome's boot screen: the agent frame (as agentBootScreen), the agent centre's bar (time zone, clock and
 * greeting filled by AGENT_BOOT_SCRIPT, the log-out button), its nav with the page's entry current and the page's
 * title, the largest text of a phone's first screen, as agent-home.tsx draws them; in a template shown to an agent's
 * tab only. `icons`: the globe's and the log-out's paths. `titleHidden`: a member-centre page, which brings its own
 * visible heading.
 */
export function agentHomeBootScreen(
  text: BootAgentHomeText,
  icons: { globe: string; logout: string },
  entries: readonly BootAgentNavEntry[],
  current: string,
  titleHidden: boolean,
): string {
  const link = (e: BootAgentNavEntry) =>
    `<li><a href="/agentHome?page=${escapeHtml(e.page)}" class="agent-nav-link"${e.key === current ? ' aria-current="page"' : ''}>${escapeHtml(text.pages[e.key] ?? e.key)}</a></li>`;
  const home = [
    '<div class="agent-home" data-boot-page="agentHome"><div class="agent-topbar">',
    `<span class="agent-tz">${lineIcon(icons.globe, 18)}<span class="visually-hidden">${escapeHtml(text.timezone)}</span><span data-boot-fill="tz"></span></span>`,
    '<time class="agent-clock" data-boot-fill="clock"></time>',
    `<span class="agent-nickname" data-boot-fill="hello" data-text="${escapeHtml(text.hello)}"></span>`,
    `<button type="button" class="btn btn-ghost btn-sm">${lineIcon(icons.logout, 18)}${escapeHtml(text.signOut)}</button></div>`,
    `<div class="agent-body"><nav class="agent-nav" aria-label="${escapeHtml(text.nav)}"><ul>${entries.map(link).join('')}</ul></nav>`,
    `<main class="agent-page"><h1${titleHidden ? ' class="visually-hidden"' : ''}>${escapeHtml(text.pages[current] ?? '')}</h1></main></div></div>`,
  ].join('');
  return `<template id="boot-agent">${agentFrame(home)}</template><script>${AGENT_BOOT_SCRIPT}</script>`;
}

/** index.html with markup added after its boot screen (before the end marker); unchanged without the markers. */
export function afterBootScreen(indexHtml: string, markup: string): string {
  const end = indexHtml.indexOf(BOOT_END);
  if (end < 0 || indexHtml.indexOf(BOOT_START) < 0) return indexHtml;
  return indexHtml.slice(0, end) + markup + indexHtml.slice(end);
}

/** index.html with scripts a page will import named as `modulepreload` at the end of its head. */
export function withModulePreloads(indexHtml: string, hrefs: readonly string[]): string {
  const links = hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('');
  return links ? indexHtml.replace('</head>', () => `${links}</head>`) : indexHtml;
}

/** Where the built index.html's entry script starts (Vite writes it in the head). */
const ENTRY_SCRIPT = '<script type="module"';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/g;

/**
 * index.html with a screen's stylesheets after the site's own and before the entry script (the app's chunk loader
 * finds them there and links nothing again): the first paint waits for every stylesheet and never for the entry (a
 * module, run once the page is parsed), so on HTTP/1.1's six connections per host they are asked before it, not
 * queued behind its 120 kB and the preloaded chunks. At the end of the head when there is no entry script.
 */
export function withStylesheets(indexHtml: string, hrefs: readonly string[]): string {
  const links = hrefs.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
  if (!links) return indexHtml;
  const headEnd = indexHtml.indexOf('</head>');
  const entry = indexHtml.indexOf(ENTRY_SCRIPT);
  const at = entry >= 0 && entry < headEnd ? entry : headEnd;
  return indexHtml.slice(0, at) + links + indexHtml.slice(at);
}

/**
 * The built index.html with its own stylesheets moved before its entry script, in their order (Vite writes the
 * script first); done once, when the server starts. Screens' stylesheets then follow them (withStylesheets).
 */
export function stylesheetsBeforeEntry(html: string): string {
  const headEnd = html.indexOf('</head>');
  const entry = html.indexOf(ENTRY_SCRIPT);
  if (entry < 0 || entry > headEnd) return html;
  const after = html.slice(entry, headEnd);
  const moved = after.match(STYLESHEET_LINK);
  if (!moved) return html;
  return html.slice(0, entry) + moved.join('') + after.replace(STYLESHEET_LINK, '') + html.slice(headEnd);
}

/** index.html with its boot screen (between the boot-screen markers) replaced; unchanged without the markers. */
export function withBootScreen(indexHtml: string, bootScreen: string): string {
  const start = indexHtml.indexOf(BOOT_START);
  const end = indexHtml.indexOf(BOOT_END);
  if (start < 0 || end < start) return indexHtml;
  return indexHtml.slice(0, start + BOOT_START.length) + bootScreen + indexHtml.slice(end);
}

const cookieOf = (request: FastifyRequest, name: string) =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The visit's language as the web will pick it: its `pf_lang` cookie, else Accept-Language, else BN. */
export function visitLanguage(request: FastifyRequest) {
  const cookie = cookieOf(request, COOKIE_KEYS.language);
  const stored = cookie && (SUPPORTED_LANGUAGES as readonly string[]).includes(cookie) ? cookie : undefined;
  return detectLanguage(stored, acceptedLanguages(request.headers['accept-language']));
}

/**
 * index.html's `<html lang data-theme>` set to the visit's language and chosen theme (`pf_theme` cookie; dark
 * by default), so the first paint, before any script, is already in them.
 */
export function withVisitorPreferences(indexHtml: string, request: FastifyRequest): string {
  const theme = cookieOf(request, COOKIE_KEYS.theme) === 'light' ? 'light' : 'dark';
  const lang = visitLanguage(request).toLowerCase();
  return indexHtml.replace(/<html\b[^>]*>/, `<html lang="${lang}" data-theme="${theme}">`);
}
