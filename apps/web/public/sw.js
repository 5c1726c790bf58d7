/* Playfront lite app: the service worker (issue 15, "App download").
 *
 * What it keeps: the offline notice and the icons (the shell), and the hashed build files under /assets/, which
 * never change (their name is their content). What it never keeps: any API answer. Only GETs of the shell list,
 * /assets/ and page visits are answered here; everything else (every /wps/, /lgw/, /provider/, /ops/, /ws, /house/,
 * /lotto/, /console/ call, images, POSTs) is not touched, so the browser goes to the network as if there were no
 * worker: a balance is never served from a cache, stale or otherwise.
 *
 * Page visits go to the network first (the server draws each page fresh: language, theme, the first banner) and
 * only when the network is gone is the offline notice shown instead.
 *
 * Versions: main.tsx registers `/sw.js?v=<entry file name>`; a new build has a new entry name, so the browser
 * installs the new worker on the first load of the new build, which takes over at once (that page already came
 * from the network, so it is the new build) and drops the old version's shell.
 */
const VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
const SHELL_CACHE = `pf-shell-${VERSION}`;
const ASSET_CACHE = 'pf-assets';
/** Hashed files kept at most; the oldest go first (a build ships ~100). */
const ASSET_LIMIT = 300;
const OFFLINE_URL = '/offline.html';
const SHELL = [
  OFFLINE_URL,
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];
/** Paths that belong to servers, never to the shell: not even a page visit to them is answered here. */
const NETWORK_ONLY = [
  '/wps/',
  '/lgw/',
  '/provider/',
  '/ops/',
  '/ws',
  '/house/',
  '/lotto/',
  '/launch/',
  '/console',
  '/cdn/',
  '/docs',
  '/health',
];

const isNetworkOnly = (path) => NETWORK_ONLY.some((prefix) => path.startsWith(prefix));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })));
      // The first screen's own build files (named in the page), so the next visit starts from the cache.
      try {
        const page = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
        const html = await page.text();
        const entry = [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) || [])];
        const assets = await caches.open(ASSET_CACHE);
        await assets.addAll(entry);
      } catch {
        // Only a head start: the files are cached as they are fetched anyway.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('pf-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)));
      // No navigation preload: with it on, the browser sends every page visit in scope twice when the worker leaves
      // it to the network (a game frame's /house/play or /lotto/play), and a launch token is good for one opening.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isNetworkOnly(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(pageVisit(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(hashedAsset(request));
  } else if (SHELL.includes(url.pathname)) {
    event.respondWith(shellFile(request, url.pathname));
  }
  // Anything else: not answered here, straight to the network.
});

async function pageVisit(event) {
  try {
    return await fetch(event.request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    return offline || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

async function hashedAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    void trimAssets(cache);
  }
  return response;
}

/** Shell files: the network when it answers (a new icon or manifest shows at once), else the kept copy. */
async function shellFile(request, path) {
  try {
    const response = await fetch(request);
    // Only the active version keeps shell files: an older worker still answering the page while a new one takes over
    // would otherwise re-create the shell cache the new one's activation has just dropped.
    if (response.ok && self.registration.active?.scriptURL === self.location.href) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(path, response.clone());
    }
    return response;
  } catch {
    const hit = await caches.match(path, { cacheName: SHELL_CACHE });
    if (hit) return hit;
    throw new Error('offline');
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT))) await cache.delete(key);
}
