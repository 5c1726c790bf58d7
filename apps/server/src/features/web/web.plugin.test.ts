import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AGENT_NAV, visibleNav } from '@playfront/contract/agent-nav';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import type { Banner } from '@playfront/contract/games';
import { LOBBY_PATHS } from '@playfront/contract/games-paths';
import type { PromotionCard } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { findBrand, getBrandFlags } from '../brand/brand.repository.ts';
import { catalogueCache } from '../games/catalogue-cache.ts';

/**
 * The built index.html, as Vite writes it (the entry script first, then its stylesheet), with the boot screen the
 * server draws into (home: the first banner of the visitor's language).
 */
const INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-x.js"></script>' +
  '<link rel="stylesheet" href="/assets/x.css"></head><body><div id="root">' +
  '<!--boot-screen--><div class="boot-screen">plain</div><!--/boot-screen--></div></body></html>';

let database: TestDatabase;
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  // The lite app's files (apps/web/public): the service worker and the manifest.
  fs.writeFileSync(path.join(webDist, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Playfront"}');
  t = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function firstHomeBanner(language: 'EN' | 'BN'): Promise<Banner> {
  const res = await t.app.inject({ method: 'GET', url: `${LOBBY_PATHS.banners}?groupName=w_home&language=${language}` });
  const first = (res.json().value as Banner[])[0];
  if (!first) throw new Error('the demo brand has no home banner');
  return first;
}

const bootImage = (html: string) => {
  const img = /<img class="boot-banner" src="([^"]+)" alt="([^"]*)"[^>]*data-boot-host="([^"]+)" data-boot-path="([^"]+)"/.exec(html);
  return img ? { src: img[1], alt: img[2], host: img[3], path: img[4] } : null;
};

describe('the home page boot screen', () => {
  it('shows the first home banner in the language of Accept-Language, on one of the brand’s image hosts', async () => {
    const banner = await firstHomeBanner('EN');
    const permission = (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value as { imageCDNs: string[] };
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-GB,en;q=0.9,bn;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const img = bootImage(res.body);
    expect(img).not.toBeNull();
    expect(img?.path).toBe(banner.url);
    expect(img?.alt).toBe(banner.title);
    expect(permission.imageCDNs).toContain(img?.host);
    expect(img?.src).toBe(`${img?.host}${banner.url}`);
    // The plain boot screen is replaced, the rest of the page is untouched.
    expect(res.body).not.toContain('plain');
    expect(res.body).toContain('<link rel="stylesheet" href="/assets/x.css">');
  });

  it('follows the language the visitor chose (the pf_lang cookie) over Accept-Language, and BN by default', async () => {
    const bn = await firstHomeBanner('BN');
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-language': 'en-US', cookie: `other=1; ${COOKIE_KEYS.language}=BN` },
    });
    expect(bootImage(chosen.body)?.path).toBe(bn.url);
    const unknown = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'fr-FR' } });
    expect(bootImage(unknown.body)?.path).toBe(bn.url);
    expect(bn.url).not.toBe((await firstHomeBanner('EN')).url);
  });

  it('sends every page already in the visitor’s language and chosen theme', async () => {
    const light = await t.app.inject({
      method: 'GET',
      url: '/rng',
      headers: { 'accept-language': 'en-US', cookie: `${COOKIE_KEYS.theme}=light` },
    });
    expect(light.body).toContain('<html lang="en" data-theme="light">');
    const byDefault = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${COOKIE_KEYS.theme}=<script>` } });
    expect(byDefault.body).toContain('<html lang="bn" data-theme="dark">');
  });

  it('draws the same banner under the login and registration popups (/login, /register show the home lobby)', async () => {
    const banner = await firstHomeBanner('EN');
    for (const url of ['/login', '/register?affiliateCode=PFAGENT01']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(bootImage(res.body)?.path).toBe(banner.url);
    }
  });

  it('leaves other pages with the plain boot screen', async () => {
    for (const url of ['/rng', '/member?page=depositv2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div class="boot-screen">plain</div>');
      expect(bootImage(res.body)).toBeNull();
    }
  });

  it('draws /agent with the agent pitch in the visit’s language, from the texts the web build wrote (boot-text.json)', async () => {
    const pitch = (title: string) => ({ agentPitch: { kicker: 'Agent programme', title, lead: 'Invite <players> & earn' } });
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify({ EN: pitch('Build your team'), BN: pitch('নিজের দল গড়ুন') }));
    const withText = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
    try {
      const en = await withText.app.inject({ method: 'GET', url: '/agent', headers: { 'accept-language': 'en' } });
      expect(en.statusCode).toBe(200);
      expect(en.body).toContain('<main class="agent-landing" data-boot-page="agent"><div class="agent-pitch">');
      expect(en.body).toContain('<h1>Build your team</h1>');
      expect(en.body).toContain('<p class="agent-pitch-lead">Invite &lt;players&gt; &amp; earn</p>');
      expect(en.body).not.toContain('<div class="boot-screen">plain</div>');
      const bn = await withText.app.inject({ method: 'GET', url: '/Agent/', headers: { cookie: `${COOKIE_KEYS.language}=BN` } });
      expect(bn.body).toContain('<h1>নিজের দল গড়ুন</h1>');
      // The agent centre and every other page keep the plain one.
      for (const url of ['/agentHome', '/agents', '/promotions']) {
        expect((await withText.app.inject({ method: 'GET', url })).body).toContain('<div class="boot-screen">plain</div>');
      }
    } finally {
      await withText.app.close();
      fs.rmSync(path.join(webDist, 'boot-text.json'));
    }
    // A build without the texts: /agent keeps the plain boot screen.
    expect((await t.app.inject({ method: 'GET', url: '/agent' })).body).toContain('<div class="boot-screen">plain</div>');
  });

  it("names the visit's start-up catalogue in the head of every page the app draws, not home's, whose banner the server draws", async () => {
    const assets = path.join(webDist, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    fs.writeFileSync(path.join(assets, 'i18n-en-x.js'), '/* x */');
    fs.writeFileSync(path.join(assets, 'i18n-bn-x.js'), '/* x */');
    const catalogueFiles = { EN: '/assets/i18n-en-x.js', BN: '/assets/i18n-bn-x.js' };
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify({ catalogueFiles }));
    const withFiles = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
    try {
      const head = async (url: string, headers: Record<string, string>) => {
        const body = (await withFiles.app.inject({ method: 'GET', url, headers })).body;
        return body.slice(0, body.indexOf('</head>'));
      };
      const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`;
      for (const url of ['/live', '/member?page=messageV2', '/promotions', '/agentHome']) {
        const en = await head(url, { 'accept-language': 'en' });
        expect(en.split(preload('i18n-en-x.js')), url).toHaveLength(2);
        expect(en, url).not.toContain('i18n-bn-x.js');
        expect(await head(url, { cookie: `${COOKIE_KEYS.language}=BN` }), url).toContain(preload('i18n-bn-x.js'));
      }
      for (const url of ['/', '/login', '/register']) expect(await head(url, { 'accept-language': 'en' }), url).not.toContain('i18n-');
    } finally {
      await withFiles.app.close();
      fs.rmSync(path.join(webDist, 'boot-text.json'));
      for (const file of ['i18n-en-x.js', 'i18n-bn-x.js']) fs.rmSync(path.join(assets, file), { force: true });
    }
  });

  it('draws /help’s heading, lead and search box in the visit’s language, with its page chunk’s files in the head', async () => {
    const help = (title: string) => ({
      helpPage: { title, lead: 'Answers about <deposits>', search: 'Search', placeholder: 'e.g. "withdrawal"' },
    });
    const helpFiles = { css: ['/assets/support.css'], js: ['/assets/help.js', '/assets/page-states.js'] };
    const assets = path.join(webDist, 'assets');
    fs.mkdirSync(assets, { recursive: true });
    const write = (files: string[]) => {
      for (const file of files) fs.writeFileSync(path.join(assets, file), '/* x */');
    };
    write(['support.css', 'help.js']);
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify({ EN: help('Help centre'), BN: help('সহায়তা কেন্দ্র'), helpFiles }));
    try {
      // A file missing: the plain boot screen, not a page that would look otherwise than the app's.
      const without = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
      expect((await without.app.inject({ method: 'GET', url: '/help' })).body).toContain('<div class="boot-screen">plain</div>');
      await without.app.close();
      write(['page-states.js']);
      const withText = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
      try {
        const en = await withText.app.inject({ method: 'GET', url: '/help', headers: { 'accept-language': 'en' } });
        expect(en.body).not.toContain('<div class="boot-screen">plain</div>');
        expect(en.body).toContain(
          '<main class="page help-centre" lang="en" data-boot-page="help"><header class="wl-page-head"><h1 class="wl-page-title">Help centre</h1><p class="wl-lead">Answers about &lt;deposits&gt;</p></header>',
        );
        expect(en.body).toContain('placeholder="e.g. &quot;withdrawal&quot;"');
        const head = en.body.slice(0, en.body.indexOf('</head>'));
        expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/support.css">');
        for (const js of ['help.js', 'page-states.js'])
          expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${js}">`);
        // No inline script on a guest page.
        expect(en.headers['content-security-policy']).not.toContain('sha256');
        const bn = await withText.app.inject({ method: 'GET', url: '/Help/', headers: { cookie: `${COOKIE_KEYS.language}=BN` } });
        expect(bn.body).toContain('lang="bn" data-boot-page="help"><header class="wl-page-head"><h1 class="wl-page-title">সহায়তা কেন্দ্র</h1>');
      } finally {
        await withText.app.close();
      }
    } finally {
      fs.rmSync(path.join(webDist, 'boot-text.json'));
      for (const file of ['support.css', 'help.js', 'page-states.js']) fs.rmSync(path.join(assets, file), { force: true });
    }
  });

  it('skips a banner into a game of a vendor the brand switched off, as the carousel does (decision 061)', async () => {
    const brand = await findBrand(database.db);
    if (!brand) throw new Error('no default brand');
    const game = await database.db
      .selectFrom('game')
      .select('node_id')
      .where('vendor_code', '=', 'PG')
      .where('active', '=', true)
      .orderBy('node_id')
      .executeTakeFirstOrThrow();
    const banner = await database.db
      .insertInto('banner')
      .values({
        brand_id: brand.id,
        group_name: 'w_home',
        image_url: { EN: '/banners/pg-first.png', BN: '/banners/pg-first.png' },
        linkage_type: 'GAME',
        link_target: game.node_id,
        title: { EN: 'PG first', BN: 'PG first' },
        sort: -100,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const homeImage = async () => {
      // Past the 30-second reuse of the looked-up first banner.
      t.clock.advance(31_000);
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en' } });
      return bootImage(res.body)?.path;
    };
    try {
      expect(await homeImage()).toBe('/banners/pg-first.png');
      await database.db.insertInto('brand_vendor').values({ brand_id: brand.id, vendor_code: 'PG', enabled: false }).execute();
      // What a console switch does on this instance (brandChanged): the switched-off vendors are read again.
      catalogueCache(t.app).offVendors.clear();
      const shown = await homeImage();
      expect(shown).not.toBe('/banners/pg-first.png');
      expect(shown).toBe((await firstHomeBanner('EN')).url);
    } finally {
      await database.db.deleteFrom('brand_vendor').where('brand_id', '=', brand.id).execute();
      await database.db.deleteFrom('banner').where('id', '=', banner.id).execute();
      catalogueCache(t.app).offVendors.clear();
    }
  });

  it('escapes what the operator typed', async () => {
    const { boot } = await import('./boot-screen.ts').then((m) => ({
      boot: m.homeBootScreen({ host: 'https://img.example', path: '/a.svg?x="1"&y=<2>', title: '"><script>alert(1)</script>' }),
    }));
    expect(boot).not.toContain('<script>');
    expect(boot).toContain('alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(boot).toContain('src="https://img.example/a.svg?x=&quot;1&quot;&amp;y=&lt;2&gt;"');
  });
});

describe('the promotions page boot screen (decision 068)', () => {
  const words = (title: string, all: string) => ({
    title,
    lead: 'Bonuses <and> more',
    categories: { label: 'Categories', all, WELCOME: 'Welcome', RELOAD: 'Reload', CASHBACK: 'Cashback', VIP: 'VIP', EVENT: 'Events' },
    states: {
      comingSoon: 'Soon',
      join: 'Open',
      joined: 'Joined',
      process: 'Wagering',
      claim: 'Claim',
      claimed: 'Claimed',
      applying: 'Review',
      issued: 'Issued',
      rejected: 'Rejected',
      close: 'Closed',
    },
    details: 'Details',
  });
  const STYLESHEET = '/assets/promotions-screen-abc.css';
  const writeStylesheet = () => {
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDist, STYLESHEET), '.promo-card{display:grid}');
  };
  const bootText = {
    EN: { promotionsPage: words('Promotions', 'All') },
    BN: { promotionsPage: words('প্রোমোশন', 'সব') },
    stylesheets: { promotions: [STYLESHEET] },
  };
  const list = async (language: 'EN' | 'BN') =>
    (await t.app.inject({ method: 'GET', url: PROMOTION_PATHS.list, headers: { language } })).json().value.list as PromotionCard[];
  const cards = (html: string) =>
    [
      ...html.matchAll(
        /<article class="promo-card" data-state="([^"]+)">.*?<img src="([^"]+)" alt="" loading="(\w+)" fetchpriority="(\w+)".*?<button type="button" class="promo-open">([^<]*)<\/button>/g,
      ),
    ].map((m) => ({ state: m[1], src: m[2], loading: m[3], priority: m[4], title: m[5] }));
  const chips = (html: string) =>
    [
      ...html.matchAll(
        /<button type="button" class="promos-tab" aria-pressed="(true|false)">([^<]*)<span class="promos-tab-count">(\d+)<\/span>/g,
      ),
    ].map((m) => ({ pressed: m[1] === 'true', label: m[2], count: Number(m[3]) }));

  it('draws the title, the category chips with their counts and every card a guest sees, in the visit’s language', async () => {
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify(bootText));
    writeStylesheet();
    const withText = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
    try {
      const en = await list('EN');
      expect(en.length).toBeGreaterThan(2);
      const res = await withText.app.inject({ method: 'GET', url: '/promotions', headers: { 'accept-language': 'en-GB' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<main class="page promos" data-boot-page="promotions">');
      expect(res.body).toContain('<h1 class="promos-title">Promotions</h1><p class="promos-lead">Bonuses &lt;and&gt; more</p>');
      expect(res.body).not.toContain('<div class="boot-screen">plain</div>');
      // The screen's own stylesheet is in the head, after the site's, so the drawn cards look as the page's will.
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head.indexOf(`<link rel="stylesheet" crossorigin href="${STYLESHEET}">`)).toBeGreaterThan(head.indexOf('/assets/x.css'));
      // Every card, in the list's order, with the guest's state; the first two banners load at once.
      const drawn = cards(res.body);
      expect(drawn.map((c) => c.title)).toEqual(en.map((p) => p.title));
      expect(drawn.map((c) => c.src)).toEqual(en.map((p) => p.bannerUrl));
      expect(drawn.map((c) => c.state)).toEqual(en.map((p) => p.state));
      expect(drawn.map((c) => c.priority)).toEqual(en.map((_, i) => (i < 2 ? 'high' : 'auto')));
      expect(drawn.map((c) => c.loading)).toEqual(en.map((_, i) => (i < 2 ? 'eager' : 'lazy')));
      // No test ids: a journey waits for the app's own cards.
      expect(res.body).not.toContain('data-testid');
      // All, then each category present, with its count.
      const present = [...new Set(en.map((p) => p.category))];
      expect(chips(res.body)).toEqual([
        { pressed: true, label: 'All', count: en.length },
        ...['WELCOME', 'RELOAD', 'CASHBACK', 'VIP', 'EVENT']
          .filter((c) => present.includes(c as PromotionCard['category']))
          .map((c) => ({ pressed: false, label: words('', '').categories[c as 'VIP'], count: en.filter((p) => p.category === c).length })),
      ]);

      // The chosen language (pf_lang) and the category in the address.
      const bn = await list('BN');
      const category = en[en.length - 1]?.category ?? 'WELCOME';
      const inBengali = await withText.app.inject({
        method: 'GET',
        url: `/promotions?category=${category}`,
        headers: { 'accept-language': 'en', cookie: `${COOKIE_KEYS.language}=BN` },
      });
      expect(inBengali.body).toContain('<h1 class="promos-title">প্রোমোশন</h1>');
      expect(cards(inBengali.body).map((c) => c.title)).toEqual(bn.filter((p) => p.category === category).map((p) => p.title));
      expect(
        chips(inBengali.body)
          .filter((c) => c.pressed)
          .map((c) => c.label),
      ).toEqual([words('', '').categories[category]]);
      expect(bn.map((p) => p.title)).not.toEqual(en.map((p) => p.title));
    } finally {
      await withText.app.close();
      fs.rmSync(path.join(webDist, 'boot-text.json'));
    }
  });

  it('keeps the plain boot screen without the screen’s stylesheet, and for a category with nothing in it', async () => {
    // Named by an older build, or named and missing from the folder: nothing to style the cards with.
    for (const stylesheets of [{}, { promotions: ['/assets/promotions-screen-gone.css'] }]) {
      fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify({ ...bootText, stylesheets }));
      const noSheet = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
      try {
        expect((await noSheet.app.inject({ method: 'GET', url: '/promotions' })).body).toContain('<div class="boot-screen">plain</div>');
      } finally {
        await noSheet.app.close();
      }
    }
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify(bootText));
    writeStylesheet();
    const withText = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
    try {
      const categories = new Set((await list('EN')).map((p) => p.category));
      const empty = ['WELCOME', 'RELOAD', 'CASHBACK', 'VIP', 'EVENT'].find((c) => !categories.has(c as PromotionCard['category']));
      if (empty) {
        const res = await withText.app.inject({ method: 'GET', url: `/promotions?category=${empty}` });
        expect(res.body).toContain('<div class="boot-screen">plain</div>');
        expect(res.body).not.toContain(STYLESHEET);
      }
      // An unknown category is the whole list, as the page reads it.
      const unknown = await withText.app.inject({ method: 'GET', url: '/promotions?category=NOPE' });
      expect(chips(unknown.body)[0]?.pressed).toBe(true);
    } finally {
      await withText.app.close();
      fs.rmSync(path.join(webDist, 'boot-text.json'));
    }
  });

  it('escapes what the operator typed', async () => {
    const { promotionsBootScreen } = await import('./boot-screen.ts');
    const card = {
      code: 'x',
      category: 'EVENT',
      title: '<script>alert(1)</script>',
      summary: 'a & b',
      bannerUrl: '/b.svg?x="1"',
      startsAt: new Date().toISOString(),
      endsAt: null,
      state: 'join',
    } as unknown as PromotionCard;
    const html = promotionsBootScreen(words('T', 'All'), [card], null) ?? '';
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('src="/b.svg?x=&quot;1&quot;"');
    expect(html).toContain('<p class="promo-summary">a &amp; b</p>');
  });
});

describe('the member pages’ boot screen (decision 070)', () => {
  const words = (title: string, vipLead: string) => ({
    title,
    menu: 'Member centre menu',
    pages: { transferFund: 'Transfer', depositv2: 'Deposit', vip: 'VIP', personalHistoryCopy: 'Bets' },
    heads: {
      transferFund: { title: 'Wallet and transfer', lead: 'Some providers play from their own wallets' },
      depositv2: { title: 'Deposit', lead: 'Choose <a> method & an amount' },
      vip: { title: 'VIP level', lead: vipLead },
      personalHistoryCopy: null,
    },
  });
  const member = {
    pages: ['transferFund', 'depositv2', 'vip', 'personalHistoryCopy'],
    defaultPage: 'transferFund',
    aliases: { deposit: 'depositv2' },
    noLeadWith: { depositv2: 'order' },
    leadWhen: { transferFund: 'transferWallets' },
    centre: { css: ['/assets/mc.css'], js: ['/assets/mc.js', '/assets/shared.js'] },
    pageFiles: {
      transferFund: { css: ['/assets/parts.css'], js: ['/assets/transfer.js', '/assets/shared.js'] },
      depositv2: { css: ['/assets/parts.css', '/assets/deposit.css'], js: ['/assets/deposit.js'] },
      vip: { css: [], js: ['/assets/vip.js'] },
      personalHistoryCopy: { css: [], js: ['/assets/bets.js'] },
    },
    accountGameFiles: { css: [], js: ['/assets/account.js'] },
    pointMallFiles: { css: ['/assets/points.css'], js: ['/assets/mall.js', '/assets/shared.js'] },
    lottery: {
      files: { css: ['/assets/play.css'], js: ['/assets/lottery.js', '/assets/shared.js'] },
      icons: { back: 'M15 5l-7 7', reload: 'M20 11a8', external: 'M14 4h6', expand: 'M4 9V4h5' },
    },
    agentCentre: {
      icons: { globe: 'M3 12h18', logout: 'M10 4H6' },
      files: { css: ['/assets/agent.css'], js: ['/assets/agent.js', '/assets/agent-frame.js'] },
    },
    sessionFiles: { css: [], js: ['/assets/load-member.js', '/assets/shared.js'] },
  };
  const files = [
    'mc.css',
    'mc.js',
    'shared.js',
    'parts.css',
    'transfer.js',
    'deposit.css',
    'deposit.js',
    'vip.js',
    'bets.js',
    'account.js',
    'points.css',
    'mall.js',
    'play.css',
    'lottery.js',
    'agent.css',
    'agent.js',
    'agent-frame.js',
    'load-member.js',
  ];
  const template = (html: string) => /<template id="boot-member"[^>]*>(.*?)<\/template><script>(.*?)<\/script>/.exec(html);
  /** A page drawn for a session: its inline script allowed by its hash, its chunks' stylesheets linked and scripts preloaded once each. */
  async function expectSessionFiles(
    res: { body: string; headers: Record<string, unknown> },
    script: string | undefined,
    css: string[],
    js: string[],
  ) {
    const hash = (await import('node:crypto'))
      .createHash('sha256')
      .update(script ?? '')
      .digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    for (const file of css) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/${file}">`);
    for (const file of js) expect(head.split(`<link rel="modulepreload" crossorigin href="/assets/${file}">`)).toHaveLength(2);
  }

  async function withMemberText<T>(run: (app: TestApp['app']) => Promise<T>, { missing }: { missing?: string } = {}) {
    fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
    for (const file of files) if (file !== missing) fs.writeFileSync(path.join(webDist, 'assets', file), '/* x */');
    const lists = (favourites: string) => ({ '/favorite': favourites, '/recent': 'Recently <played>' });
    const mall = (title: string, rules: string) => ({
      title,
      lead: 'Points never <expire>',
      icon: 'M12 3l2.8 5.7z',
      balance: 'Your points',
      convert: 'Convert',
      howToEarn: 'How to earn',
      tabsLabel: 'Mall sections',
      tabs: { rewards: 'Rewards', history: 'History', details: 'Details', rules },
    });
    const lotteryPage = (title: string) => ({
      title,
      meta: ' · Prize mode: <Lottery>',
      loading: `Starting ${title}…`,
      back: 'Back to the lobby',
      reload: 'Restart the game',
      newWindow: 'Open in a new window',
      fullscreen: 'Full screen',
    });
    const agentHome = (overview: string) => ({
      nav: 'Agent centre pages',
      timezone: 'Time zone',
      hello: 'Hello, {{name}}',
      signOut: 'Log out',
      pages: Object.fromEntries(AGENT_NAV.map((e) => [e.key, e.key === 'overview' ? overview : `${e.key} <page>`])),
    });
    const text = {
      EN: {
        memberCentre: words('Member centre', 'Your level'),
        accountGames: lists('My favourites'),
        pointMall: mall('Points mall', 'Rules'),
        agentHome: agentHome('Team overview'),
        lotteryPage: lotteryPage('Lottery'),
      },
      BN: {
        memberCentre: words('সদস্য কেন্দ্র', 'আপনার স্তর'),
        accountGames: lists('প্রিয় গেম'),
        pointMall: mall('পয়েন্ট মল', 'নিয়ম'),
        agentHome: agentHome('দলের সারসংক্ষেপ'),
        lotteryPage: lotteryPage('লটারি'),
      },
      member,
    };
    fs.writeFileSync(path.join(webDist, 'boot-text.json'), JSON.stringify(text));
    const app = await makeApp(database, { ARGON2_PROFILE: 'test', WEB_DIST: webDist }, makeClock(new Date()));
    try {
      return await run(app.app);
    } finally {
      await app.app.close();
      fs.rmSync(path.join(webDist, 'boot-text.json'));
      for (const file of files) fs.rmSync(path.join(webDist, 'assets', file), { force: true });
    }
  }

  it('draws the member centre’s frame and the page’s heading and lead, shown by an inline script only with a session', async () => {
    await withMemberText(async (app) => {
      const res = await app.inject({ method: 'GET', url: '/member?page=depositv2', headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      // The plain boot screen stays first: a guest (no token in the tab) keeps it and goes on to the login popup.
      expect(res.body).toContain('<div class="boot-screen">plain</div><template id="boot-member">');
      const [, frame, script] = template(res.body) ?? [];
      expect(frame).toContain('<main class="page member-centre" data-boot-page="member"><h1 class="visually-hidden">Member centre</h1>');
      expect(frame).toContain('<a href="/member?page=depositv2" class="mc-link" aria-current="page"><span>Deposit</span></a>');
      expect(frame).toContain('<a href="/member?page=transferFund" class="mc-link"><span>Transfer</span></a>');
      expect(frame).toContain(
        '<h2 class="wl-page-title">Deposit</h2><p class="wl-lead">Choose &lt;a&gt; method &amp; an amount</p></header></section></div></main>',
      );
      expect(script).toContain('sessionStorage.getItem("token")');
      // The script is allowed by its hash, and only this page's policy allows it.
      const hash = (await import('node:crypto'))
        .createHash('sha256')
        .update(script ?? '')
        .digest('base64');
      expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
      expect(res.headers['content-security-policy']).not.toContain("unsafe-inline' ; script");
      // The chunks' stylesheets linked and their scripts preloaded in the head, each once.
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      for (const css of ['mc.css', 'parts.css', 'deposit.css'])
        expect(head).toContain(`<link rel="stylesheet" crossorigin href="/assets/${css}">`);
      // With the chunks the entry fetches for a session before member info is asked.
      for (const js of ['mc.js', 'shared.js', 'deposit.js', 'load-member.js'])
        expect(head.split(`<link rel="modulepreload" crossorigin href="/assets/${js}">`)).toHaveLength(2);
      expect(head).not.toContain('vip.js');
      const other = await app.inject({ method: 'GET', url: '/rng' });
      expect(other.headers['content-security-policy']).not.toContain('sha256');
    });
  });

  it('names every stylesheet before the entry script, in their own order, so the first paint is not asked after the entry', async () => {
    await withMemberText(async (app) => {
      for (const url of ['/', '/member?page=depositv2']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
        const head = res.body.slice(0, res.body.indexOf('</head>'));
        const sheets = [...head.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => [m.index, m[1]] as const);
        const entry = head.indexOf('<script type="module"');
        expect(entry, url).toBeGreaterThan(0);
        expect(sheets.length, url).toBeGreaterThan(0);
        for (const [at, href] of sheets) expect(at, `${url} ${href}`).toBeLessThan(entry);
        expect(head.split('<script type="module"'), url).toHaveLength(2);
      }
      const member = await app.inject({ method: 'GET', url: '/member?page=depositv2', headers: { 'accept-language': 'en' } });
      const order = [...member.body.matchAll(/<link rel="stylesheet"[^>]*href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
      expect(order).toEqual(['x.css', 'mc.css', 'parts.css', 'deposit.css']);
    });
  });

  it("names the first call of a page drawn from its data, in the page's language, for the script to ask at once with member info", async () => {
    await withMemberText(async (app) => {
      const open = (url: string, language: string) => app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
      const bets = await open('/member?page=personalHistoryCopy', 'bn');
      expect(bets.body).toContain(
        '<template id="boot-member" data-early="/wps/member/record/betting?preset=last7&amp;pageNo=1&amp;pageSize=20&amp;language=BN">',
      );
      const en = await open('/member?page=personalHistoryCopy', 'en');
      expect(en.body).toContain('<html lang="en"');
      expect(en.body).toContain('language=EN">');
      // The script asks it with the app's headers and leaves the answer for the app; its hash still allows it.
      const [, , script] = template(en.body) ?? [];
      expect(script).toContain('getAttribute("data-early")');
      expect(script).toContain('"authorization":k');
      // With member info, which every page of a tab with a session waits for before its first render.
      expect(script).toContain('["/wps/member/info"].concat(e?[e]:[])');
      expect(script).toContain('window.__pfEarly=');
      // It shows the frame, and parses as a script (a browser would skip a broken one, and with it the member's frame).
      expect(script).toContain('t.replaceWith(t.content)');
      expect(() => new Function(script ?? '')).not.toThrow();
      await expectSessionFiles(en, script, [], ['bets.js']);
      // A page whose largest paint is not its data asks nothing early.
      expect((await open('/member?page=depositv2', 'en')).body).toContain('<template id="boot-member">');
    });
  });

  it('reads the page as the app does: the old ?tab= names, an unknown page, an order being followed, a page without a heading', async () => {
    await withMemberText(async (app) => {
      const get = async (url: string, headers: Record<string, string> = { 'accept-language': 'en' }) =>
        template((await app.inject({ method: 'GET', url, headers })).body)?.[1] ?? '';
      expect(await get('/member?tab=deposit')).toContain('aria-current="page"><span>Deposit</span>');
      expect(await get('/member?page=nothing')).toContain('<h2 class="wl-page-title">Wallet and transfer</h2>');
      expect(await get('/Member/')).toContain('aria-current="page"><span>Transfer</span>');
      expect(await get('/member?page=depositv2&order=D1')).toContain('<h2 class="wl-page-title">Deposit</h2></header>');
      expect(await get('/member?page=personalHistoryCopy')).toContain('<div class="mc-content"></div>');
      expect(await get('/member?page=vip', { cookie: `${COOKIE_KEYS.language}=BN` })).toContain('<p class="wl-lead">আপনার স্তর</p>');
    });
  });

  it('draws the transfer page’s lead only on a brand with transfer-mode wallets, as the page does (GET merchant wallet)', async () => {
    const modes = await database.db.selectFrom('game_vendor').select(['code', 'wallet_mode', 'active']).execute();
    const transferLead = async () => {
      const merchant = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.merchantWallet });
      const page = await withMemberText(
        async (app) => template((await app.inject({ method: 'GET', url: '/member?page=transferFund' })).body)?.[1] ?? '',
      );
      return {
        isSingle: merchant.json().value.isSingle as boolean,
        lead: page.includes('<p class="wl-lead">Some providers play from their own wallets</p>'),
      };
    };
    try {
      await database.db.updateTable('game_vendor').set({ wallet_mode: 'seamless' }).execute();
      expect(await transferLead()).toEqual({ isSingle: true, lead: false });
      const [one] = modes;
      await database.db
        .updateTable('game_vendor')
        .set({ wallet_mode: 'transfer', active: true })
        .where('code', '=', one?.code ?? '')
        .execute();
      expect(await transferLead()).toEqual({ isSingle: false, lead: true });
    } finally {
      for (const m of modes)
        await database.db
          .updateTable('game_vendor')
          .set({ wallet_mode: m.wallet_mode, active: m.active })
          .where('code', '=', m.code)
          .execute();
    }
  });

  it('keeps the plain boot screen alone when a chunk’s file is missing, and on other pages', async () => {
    await withMemberText(
      async (app) => {
        const res = await app.inject({ method: 'GET', url: '/member?page=vip' });
        expect(res.body).toContain('<div class="boot-screen">plain</div><!--/boot-screen-->');
        expect(template(res.body)).toBeNull();
        expect(res.headers['content-security-policy']).not.toContain('sha256');
      },
      { missing: 'shared.js' },
    );
    await withMemberText(async (app) => {
      for (const url of ['/favorites', '/members', '/member/x'])
        expect(template((await app.inject({ method: 'GET', url })).body)).toBeNull();
    });
  });
  it('draws the heading of the member’s own game lists (/favorite, /recent) the same way, for a tab with a session', async () => {
    await withMemberText(async (app) => {
      const favourites = await app.inject({ method: 'GET', url: '/favorite', headers: { cookie: `${COOKIE_KEYS.language}=BN` } });
      const [, frame, script] = template(favourites.body) ?? [];
      expect(frame).toContain(
        '<main class="page lobby account-game" data-boot-page="account"><h1 class="lobby-title">প্রিয় গেম</h1></main>',
      );
      const hash = (await import('node:crypto'))
        .createHash('sha256')
        .update(script ?? '')
        .digest('base64');
      expect(favourites.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
      for (const js of ['account.js', 'load-member.js'])
        expect(favourites.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${js}">`);
      const recent = await app.inject({ method: 'GET', url: '/Recent/', headers: { 'accept-language': 'en' } });
      expect(template(recent.body)?.[1]).toContain('<h1 class="lobby-title">Recently &lt;played&gt;</h1>');
    });
  });

  it('draws the points mall’s hero, tabs and section heading for a tab with a session, with its files in the head', async () => {
    await withMemberText(async (app) => {
      const res = await app.inject({ method: 'GET', url: '/pointMall', headers: { 'accept-language': 'en' } });
      expect(res.body).toContain('<div class="boot-screen">plain</div><template id="boot-member">');
      const [, frame, script] = template(res.body) ?? [];
      expect(frame).toContain('<main class="page pm-page" data-boot-page="pointMall">');
      expect(frame).toContain('<path d="M12 3l2.8 5.7z"></path></svg>Points mall</h1><p class="pm-lead">Points never &lt;expire&gt;</p>');
      // The points box as the page draws it before the member's balance: a dash, the convert button off.
      expect(frame).toContain('<p class="pm-balance-value">—</p>');
      expect(frame).toContain('<button type="button" class="btn btn-primary btn-sm" disabled>Convert</button>');
      expect(frame).toContain('<a href="/pointMall" class="pm-tab" aria-current="page">Rewards</a>');
      expect(frame).toContain('<h2 class="pm-section-title">Rewards</h2>');
      await expectSessionFiles(res, script, ['points.css'], ['mall.js', 'shared.js', 'load-member.js']);
      // `?tab=` as the page reads it; an unknown one is the catalogue; the address in any case, in the visit's language.
      const rules = await app.inject({ method: 'GET', url: '/pointmall?tab=rules', headers: { cookie: `${COOKIE_KEYS.language}=BN` } });
      expect(template(rules.body)?.[1]).toContain('<a href="/pointMall?tab=rules" class="pm-tab" aria-current="page">নিয়ম</a>');
      expect(template(rules.body)?.[1]).toContain('পয়েন্ট মল</h1>');
      const unknown = await app.inject({ method: 'GET', url: '/pointMall?tab=%3Cx%3E' });
      expect(template(unknown.body)?.[1]).toContain('<h2 class="pm-section-title">Rewards</h2>');
    });
    await withMemberText(async (app) => expect(template((await app.inject({ method: 'GET', url: '/pointMall' })).body)).toBeNull(), {
      missing: 'mall.js',
    });
  });

  it('draws the lottery’s game bar, its prize-mode line holding its place and the starting state, for a tab with a session', async () => {
    await withMemberText(async (app) => {
      const res = await app.inject({ method: 'GET', url: '/lottery', headers: { 'accept-language': 'en' } });
      expect(res.body).toContain('<div class="boot-screen">plain</div><template id="boot-member">');
      const [, frame, script] = template(res.body) ?? [];
      expect(frame).toContain('<main class="game-page" aria-busy="true" data-boot-page="lottery"><div class="game-bar">');
      expect(frame).toContain('<span class="game-back-text">Back to the lobby</span></a><h1 class="game-title">Lottery</h1>');
      // The controls are off until the game has started, as the page has them.
      expect(frame?.match(/<button type="button" class="icon-button"[^>]* disabled>/g)).toHaveLength(3);
      expect(frame).toContain('<p class="game-meta">Lottery<span class="game-meta-pending"> · Prize mode: &lt;Lottery&gt;</span></p>');
      expect(frame).toContain('<span>Starting Lottery…</span>');
      await expectSessionFiles(res, script, ['play.css'], ['lottery.js', 'shared.js', 'load-member.js']);
      const bn = await app.inject({ method: 'GET', url: '/Lottery/?vassalage=ELOTT', headers: { cookie: `${COOKIE_KEYS.language}=BN` } });
      expect(template(bn.body)?.[1]).toContain('<h1 class="game-title">লটারি</h1>');
      // The other lottery screens (their own titles and frames) keep the plain boot screen.
      for (const url of ['/vnLottery', '/seaLottery', '/lottert'])
        expect(template((await app.inject({ method: 'GET', url })).body)).toBeNull();
    });
    await withMemberText(async (app) => expect(template((await app.inject({ method: 'GET', url: '/lottery' })).body)).toBeNull(), {
      missing: 'lottery.js',
    });
  });

  it('draws the agent centre (bar, the nav the brand’s features allow, the page’s title) for an agent’s tab only', async () => {
    const agentTemplate = (html: string) => /<template id="boot-agent">(.*?)<\/template><script>(.*?)<\/script>/.exec(html);
    const brand = await database.db.selectFrom('brand').select('id').executeTakeFirstOrThrow();
    const { flags, features } = await getBrandFlags(database.db, brand.id);
    await withMemberText(async (app) => {
      const res = await app.inject({ method: 'GET', url: '/agentHome', headers: { 'accept-language': 'en' } });
      expect(res.body).toContain('<div class="boot-screen">plain</div><template id="boot-agent">');
      const [, frame, script] = agentTemplate(res.body) ?? [];
      expect(frame).toContain('<div class="agent-home" data-boot-page="agentHome"><div class="agent-topbar">');
      expect(frame).toContain('<main class="agent-page"><h1>Team overview</h1></main>');
      expect(frame).toContain('<a href="/agentHome?page=agentTeamOverview" class="agent-nav-link" aria-current="page">Team overview</a>');
      // The nav as the app draws it with the brand's features: a contract page only with its flag on.
      const links = [...(frame ?? '').matchAll(/agentHome\?page=(\w+)/g)].map(([, page]) => page);
      expect(links).toEqual(visibleNav({ ...features, ...flags }).map((e) => e.page));
      // The time zone, the clock and the greeting are the tab's own: left to the script, with the greeting's words.
      expect(frame).toContain('<span class="agent-nickname" data-boot-fill="hello" data-text="Hello, {{name}}"></span>');
      expect(script).toContain('s.getItem("isAgent")!=="true"');
      // It shows the frame it fills, and parses as a script.
      expect(script).toContain('t.replaceWith(t.content)');
      expect(() => new Function(script ?? '')).not.toThrow();
      await expectSessionFiles(res, script, ['agent.css'], ['agent.js', 'agent-frame.js', 'load-member.js']);
      // `?page=` in any case; a member-centre page keeps its title for the outline only; an unknown one is the overview.
      const deposit = await app.inject({
        method: 'GET',
        url: '/agenthome?page=DEPOSITV2',
        headers: { cookie: `${COOKIE_KEYS.language}=BN` },
      });
      expect(agentTemplate(deposit.body)?.[1]).toContain('<h1 class="visually-hidden">deposit &lt;page&gt;</h1>');
      const unknown = await app.inject({
        method: 'GET',
        url: '/agentHome?page=nothing',
        headers: { cookie: `${COOKIE_KEYS.language}=BN` },
      });
      expect(agentTemplate(unknown.body)?.[1]).toContain('<h1>দলের সারসংক্ষেপ</h1>');
      // /agent keeps its own (the pitch) and a member page its own.
      expect(agentTemplate((await app.inject({ method: 'GET', url: '/agent' })).body)).toBeNull();
    });
    await withMemberText(async (app) => expect(agentTemplate((await app.inject({ method: 'GET', url: '/agentHome' })).body)).toBeNull(), {
      missing: 'agent-frame.js',
    });
  });
});

describe('the lite app files (issue 15)', () => {
  it('serves the service worker under the page policy, so it may fetch the site, and always revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js?v=index-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    // A worker runs under its own script's policy: the API answers' `default-src 'none'` would forbid every fetch.
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("default-src 'none'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the web app manifest as a manifest, and keeps the API policy on everything else that is not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.json()).toEqual({ name: 'Playfront' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
