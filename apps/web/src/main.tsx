import './ui/styles/global.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { askFirstScreen } from './app/first-screen.ts';
import { loadFooter } from './app/layouts/main-layout.tsx';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { preloadScreen } from './app/router.tsx';
import { connectTabs } from './app/tab-sync-bridge.ts';
import { i18nReady } from './lib/i18n.ts';
import { session } from './lib/storage.ts';

// The lite app (issue 15): the service worker (public/sw.js) registers after load, in production builds only, off
// the first screen's path; `v` is this build's entry file name, so a new build installs a new worker. The browser's
// install offer is kept for the app download page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const version = new URL(import.meta.url).pathname.split('/').pop() ?? '';
  const register = () =>
    setTimeout(() => navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`).catch(() => undefined), 2000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
window.addEventListener('beforeinstallprompt', (event) => {
  (window as Window & { __pfInstallPrompt?: Event }).__pfInstallPrompt = event;
  window.dispatchEvent(new Event('pf-installable'));
});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

const firstScreenAsked = askFirstScreen();
// The page's own screen chunk (or the login popup's) loads alongside, not after the first render asks for it.
const screenAsked = preloadScreen(window.location.pathname, session.get('token') !== null, window.location.search);
// A new tab of a site already open logged in takes that tab's session (issue 22); waits at most 150 ms.
const tabsAsked = connectTabs(queryClient);
// A page whose first screen the server drew (/agent, /promotions, a member page: apps/server/src/features/web/
// boot-screen.ts) waits for its own chunk too, so React's first screen replaces the server's with the page itself,
// never with a spinner between.
// A page drawn inside the site's frame (/promotions, a member page) waits for the footer's chunk as well: the page and
// the footer render in one Suspense boundary (main-layout.tsx), whose spinner would otherwise come between.
const drawn = document.querySelector<HTMLElement>('[data-boot-page]');
const footerAsked = drawn?.closest('.boot-site') ? loadFooter().catch(() => undefined) : undefined;
Promise.allSettled([i18nReady, firstScreenAsked, tabsAsked, drawn ? screenAsked : undefined, footerAsked]).finally(() => {
  // A transition lets React render the first screen in slices, so a phone's main thread is never blocked for long.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <Suspense fallback={null}>
          <AppProviders />
        </Suspense>
      </StrictMode>,
    );
  });
});
