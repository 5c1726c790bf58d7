import { WALLET_PATHS } from '@playfront/contract/wallet';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from '../support/browser.ts';
import { closeNoticesWhenShown } from '../support/pages/account.ts';
import { logInAsDemoMember } from '../support/pages/lobby-page.ts';

/**
 * The origin's Cache Storage cache names. Only listed, never opened: `caches.open` creates a cache it does not find,
 * so a poll that opened a name listed just before a new worker's activation dropped it would make that cache again.
 */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The paths that must never be answered from a cache (money and other server answers). */
const SERVER_PREFIXES = ['/wps/', '/lgw/', '/provider/', '/ops/', '/ws', '/house/', '/lotto/', '/console'];

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Every URL held in any Cache Storage cache of the page's origin, by cache name. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

/** The width and height a PNG declares in its IHDR chunk. */
const pngSize = (bytes: number[]) => {
  const b = Buffer.from(bytes);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;
};

describe('the site installs as a lite app (issue 15) and never keeps money answers', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page } = await newVisitor(browser, { locale: 'en-US', viewport: { width: 390, height: 844 } }));
    await closeNoticesWhenShown(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves a valid web app manifest with its icons from the page', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await page.evaluate(async (url) => (await fetch(url)).json(), href as string)) as Manifest;
    expect(manifest).toMatchObject({ name: 'Playfront', short_name: 'Playfront', display: 'standalone', scope: '/' });
    expect(manifest.start_url.startsWith('/')).toBe(true);
    // The dark default theme's colours: the splash screen and title bar match the site.
    expect(manifest.background_color).toBe('#0b1120');
    expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));

    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    const wanted = ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'];
    expect(pngs.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(wanted.sort());
    for (const icon of pngs) {
      const fetched = await page.evaluate(async (src) => {
        const res = await fetch(src);
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          bytes: [...new Uint8Array(await res.arrayBuffer())].slice(0, 24),
        };
      }, icon.src);
      expect(fetched.status, icon.src).toBe(200);
      expect(fetched.type, icon.src).toContain('image/png');
      expect(pngSize(fetched.bytes), icon.src).toBe(icon.sizes);
    }
  });

  it('registers the service worker after load, and it controls the page', async () => {
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
    expect(new URL(scriptUrl).searchParams.get('v')).toMatch(/\.js$/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    // The shell is kept: the offline notice and the first screen's build files.
    const cached = Object.values(await cachedUrls(page)).flat();
    expect(cached).toContain('/offline.html');
    expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);
  });

  it('keeps no balance or other server answer in any cache; the balance always comes from the network', async () => {
    const [answer] = await Promise.all([
      // Longer than the login's own waits, so a login that fails says what the member was shown.
      page.waitForResponse((r) => new URL(r.url()).pathname === WALLET_PATHS.balance && r.status() === 200, { timeout: 45_000 }),
      logInAsDemoMember(page, 'demo1234'),
    ]);
    expect(answer.fromServiceWorker()).toBe(false);
    await expect.poll(() => page.locator('.balance-amount').first().innerText()).toMatch(/\d/);

    // Again on a page the worker controls from its first request: the answer still comes from the network.
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const [again] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === WALLET_PATHS.balance && r.status() === 200),
      page.reload(),
    ]);
    expect(again.fromServiceWorker()).toBe(false);

    const all = await cachedUrls(page);
    const names = Object.keys(all);
    expect(names.length).toBeGreaterThan(0);
    for (const [name, paths] of Object.entries(all)) {
      for (const p of paths)
        expect(
          SERVER_PREFIXES.some((prefix) => p.startsWith(prefix)),
          `${name} holds ${p}`,
        ).toBe(false);
    }
  });

  it('shows the offline notice when the network is gone, never a stale balance, and the live site when it is back', async () => {
    await context.setOffline(true);
    await page.reload();
    const notice = page.locator('#offline-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('You are offline');
    expect(await notice.innerText()).toContain('আপনি অফলাইনে আছেন');
    expect(await page.locator('.balance-amount').count()).toBe(0);
    expect(await page.content()).not.toMatch(/৳\s?\d/);

    await context.setOffline(false);
    await page.getByRole('link', { name: /Try again/ }).click();
    await page.locator('.balance-amount').first().waitFor();
    expect(await page.locator('#offline-notice').count()).toBe(0);
  });

  it('a new version takes over on its first load and drops the old shell', async () => {
    // The page registers its own build's worker 2 s after load (main.tsx); let that happen first, as a page of the
    // old build would have done before the new build came out. Waited for, not timed: on a busy machine the timer can
    // fire after a fixed wait, and its registration would then take the worker back from the new build.
    await page.addInitScript(() => {
      const sw = navigator.serviceWorker;
      const register = sw.register.bind(sw);
      sw.register = (...args: Parameters<typeof register>) => {
        (window as Window & { __pfWorkerRegistered?: boolean }).__pfWorkerRegistered = true;
        return register(...args);
      };
    });
    await page.reload();
    await page.waitForFunction(() => (window as Window & { __pfWorkerRegistered?: boolean }).__pfWorkerRegistered === true, null, {
      timeout: 30_000,
    });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const before = (await cacheNames(page)).filter((n) => n.startsWith('pf-shell-'));
    expect(before).toHaveLength(1);
    // A new build registers a new worker URL (main.tsx: `?v=<entry file>`); it installs and takes over at once.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js?v=next-build.js');
    });
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? ''), {
        timeout: 30_000,
      })
      .toContain('v=next-build.js');
    // The old shell goes in the new worker's activation.
    await expect
      .poll(async () => (await cacheNames(page)).filter((n) => n.startsWith('pf-shell-')), { timeout: 10_000 })
      .toEqual(['pf-shell-next-build.js']);
  });
});
