import type { LanguageCode } from '@playfront/contract/constants';
import { homeBannersQueryOptions } from '../features/lobby/api/get-banners.ts';
import { gamePagesQueryOptions } from '../features/lobby/api/get-game-list.ts';
import { gameMenusQueryOptions } from '../features/lobby/api/get-game-menus.ts';
import { gameVendorQueryOptions } from '../features/lobby/api/get-game-vendor.ts';
import { HOME_GAMES } from '../features/lobby/components/game-section.tsx';
import { imageUrl, rememberImageHost } from '../features/lobby/hooks/use-image-host.ts';
import { systemStatusQueryOptions } from '../features/system/api/get-system-status.ts';
import { startLanguage } from '../lib/i18n.ts';
import { permissionQueryOptions } from '../lib/permission.ts';
import { serverBootBanner } from '../ui/loader/boot-screen.tsx';
import { queryClient } from './query-client.ts';

const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

/**
 * Asks for the first screen's data as the page boots, all at once, instead of each call waiting for the
 * language files, the system status and the render before it. On a phone's network that takes several round
 * trips off the time until the home banner shows. The screens read the same queries from the cache.
 */
export function askFirstScreen() {
  void queryClient.prefetchQuery(systemStatusQueryOptions());
  if (!HOME_PATHS.has(window.location.pathname)) {
    void queryClient.prefetchQuery(permissionQueryOptions());
    return;
  }
  const language = startLanguage();
  // The server drew the first banner into the page already (its boot screen): keep its host, it is loading.
  if (serverBootBanner?.host && serverBootBanner.path) {
    rememberImageHost(serverBootBanner.path, serverBootBanner.host);
    void queryClient.prefetchQuery(permissionQueryOptions());
    void queryClient.prefetchQuery(homeBannersQueryOptions(language));
  } else {
    void preloadFirstBanner(language);
  }
  void queryClient.prefetchQuery(gameMenusQueryOptions(language));
  void queryClient.prefetchQuery(gameVendorQueryOptions(language));
  void queryClient.prefetchInfiniteQuery(gamePagesQueryOptions(language, HOME_GAMES));
}

/** Fetches the first home banner (the largest thing on a phone's first screen) as soon as its URL is known. */
async function preloadFirstBanner(language: LanguageCode) {
  try {
    const [permission, banners] = await Promise.all([
      queryClient.fetchQuery(permissionQueryOptions()),
      queryClient.fetchQuery(homeBannersQueryOptions(language)),
    ]);
    const first = banners.find((b) => b.groupName === 'w_home');
    if (!first) return;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = imageUrl(permission.imageCDNs, first.url).src;
  } catch {
    // The screens ask again and show their own error states.
  }
}
