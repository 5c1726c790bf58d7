import type { LanguageCode } from '@playfront/contract/constants';
import { authSettingsQueryOptions } from '../features/auth/api/get-auth-settings.ts';
import { balanceQueryOptions } from '../features/auth/api/get-balance.ts';
import { socialProvidersQueryOptions } from '../features/auth/api/get-social-providers.ts';
import { homeBannersQueryOptions } from '../features/lobby/api/get-banners.ts';
import {
  centreListFilter,
  FIRST_ROW_TILES,
  type GameListFilter,
  gameListQueryOptions,
  gamePagesQueryOptions,
} from '../features/lobby/api/get-game-list.ts';
import { gameMatchesQueryOptions } from '../features/lobby/api/get-game-matches.ts';
import { gameMenusQueryOptions } from '../features/lobby/api/get-game-menus.ts';
import { gameVendorQueryOptions } from '../features/lobby/api/get-game-vendor.ts';
import { jackpotQueryOptions } from '../features/lobby/api/get-jackpot.ts';
import { noticeQueryOptions } from '../features/lobby/api/get-notice.ts';
import { HOME_GAMES } from '../features/lobby/components/game-section.tsx';
import { imageUrl, rememberImageHost } from '../features/lobby/hooks/use-image-host.ts';
import { popupExecution } from '../features/lobby/lib/popup-execution.ts';
import { promotionsQueryOptions } from '../features/promotions/api/get-promotions.ts';
import { helpCenterQueryOptions } from '../features/system/api/get-help-center.ts';
import { systemStatusQueryOptions } from '../features/system/api/get-system-status.ts';
import { startLanguage } from '../lib/i18n.ts';
import { permissionQueryOptions } from '../lib/permission.ts';
import { useSession } from '../lib/session-store.ts';
import { serverBootBanner } from '../ui/loader/boot-screen.tsx';
import { queryClient } from './query-client.ts';
import { HOME_PATHS, LIST_CENTRES, landsOnHome, VENDOR_CENTRES } from './route-table.ts';

const asPaths = (routes: readonly string[]) => new Set(routes.map((route) => `/${route}`));
const CENTRE_PATHS = asPaths(LIST_CENTRES);
const VENDOR_CENTRE_PATHS = asPaths(VENDOR_CENTRES);
const HOME_ONLY = new Set(HOME_PATHS);

/** How long the first render waits for the first screen's data at most: a slow call must not hold the page. */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * Asks for the first screen's data as the page boots, all at once, instead of each call waiting for the
 * language files, the system status and the render before it. On a phone's network that takes several round
 * trips off the time until the home banner shows. The screens read the same queries from the cache.
 *
 * Resolves when every answer is in (or after FIRST_SCREEN_WAIT_MS): main.tsx renders then, while the boot screen
 * shows. Answers arriving in the middle of React's sliced first render would make it start over as one long
 * blocking render, and every section would draw its skeleton first and then its content.
 */
export function askFirstScreen(): Promise<void> {
  const answers: Promise<unknown>[] = [];
  const asks: (() => unknown)[] = [() => queryClient.prefetchQuery(systemStatusQueryOptions())];
  const { pathname, search } = window.location;
  // A session kept in this tab: member info comes with the first data, so the first render knows the member and the
  // member's own calls (badges, balance, the page's data) go out with it, instead of one more render and round trip
  // later. A `?token=` sign-in link replaces the session instead (use-session-bootstrap.ts opens it).
  const { token } = useSession.getState();
  if (token && !new URLSearchParams(search).has('token')) {
    // Then the member's badges (member-first-screen.ts, fetched beside member info, not in front of it).
    asks.push(() =>
      Promise.all([import('../features/auth/session/load-member.ts').then((m) => m.loadMember()), import('./member-first-screen.ts')]).then(
        ([, badges]) => badges.askMemberBadges(),
      ),
    );
    // The header's balance too: drawn as a dash first, its amount widened the account area when it came (a layout
    // shift on every member page).
    asks.push(() => queryClient.prefetchQuery(balanceQueryOptions(token)));
  }
  if (CENTRE_PATHS.has(pathname.toLowerCase())) {
    const language = startLanguage();
    asks.push(
      () => queryClient.prefetchQuery(permissionQueryOptions()),
      // The screen's own chunk, and its list's first page.
      () => import('../features/lobby/screens/game-list-center.tsx'),
      () => queryClient.prefetchQuery(gameVendorQueryOptions(language)),
      () => preloadFirstTiles(language, centreListFilter(pathname, new URLSearchParams(search))),
    );
  } else if (!landsOnHome(pathname, search, Boolean(useSession.getState().token))) {
    const language = startLanguage();
    asks.push(
      () => queryClient.prefetchQuery(permissionQueryOptions()),
      // The frame's own data (app/use-chrome-data.ts: the side menu's categories, the footer's help list): in the first
      // render, not one more render of the whole frame each when they answer after it.
      () => queryClient.prefetchQuery(gameMenusQueryOptions(language)),
      () => queryClient.prefetchQuery(helpCenterQueryOptions(language)),
    );
    // A game centre's vendor cards: drawn in the first render with the heading, not after it over a skeleton.
    if (VENDOR_CENTRE_PATHS.has(pathname.toLowerCase())) asks.push(() => queryClient.prefetchQuery(gameVendorQueryOptions(language)));
    // The promotions page: its list, and the first card's banner (its largest paint on a phone) as soon as it is known.
    if (pathname.toLowerCase() === '/promotions') asks.push(() => preloadFirstPromotion(language, new URLSearchParams(search)));
  } else {
    const language = startLanguage();
    // Home under the login or registration popup: the popup's settings and sign-in providers are asked now (not
    // awaited), so the popup opens whole instead of growing as they answer (a layout shift).
    if (!HOME_ONLY.has(pathname)) {
      void queryClient.prefetchQuery(authSettingsQueryOptions());
      void queryClient.prefetchQuery(socialProvidersQueryOptions());
    }
    // The server drew the first banner into the page already (its boot screen): keep its host, it is loading.
    if (serverBootBanner?.host && serverBootBanner.path) {
      rememberImageHost(serverBootBanner.path, serverBootBanner.host);
      asks.push(() => queryClient.prefetchQuery(permissionQueryOptions()));
      asks.push(() => queryClient.prefetchQuery(homeBannersQueryOptions(language)));
    } else {
      asks.push(() => preloadFirstBanner(language));
    }
    asks.push(
      () => queryClient.prefetchQuery(gameMenusQueryOptions(language)),
      () => queryClient.prefetchQuery(gameVendorQueryOptions(language)),
      () => queryClient.prefetchInfiniteQuery(gamePagesQueryOptions(language, HOME_GAMES)),
      () => queryClient.prefetchQuery(jackpotQueryOptions()),
      () => queryClient.prefetchQuery(gameMatchesQueryOptions(language)),
      () => {
        const { loggedIn, firstLogin } = useSession.getState();
        return queryClient.prefetchQuery(noticeQueryOptions(language, popupExecution(loggedIn, firstLogin)));
      },
    );
  }
  // One request per task: starting a fetch costs a phone's main thread several milliseconds, and six at once
  // would be one long task while the boot screen is showing.
  const asked = new Promise<void>((resolve) => {
    const next = () => {
      const ask = asks.shift();
      if (ask) answers.push(Promise.resolve(ask()));
      if (asks.length > 0) setTimeout(next, 0);
      else void Promise.allSettled(answers).then(() => resolve());
    };
    next();
  });
  return Promise.race([asked, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
}

/** The promotions list, and the banner of the first card the page will show (`?category=` filters it there too). */
async function preloadFirstPromotion(language: LanguageCode, params: URLSearchParams) {
  try {
    const answer = await queryClient.fetchQuery(promotionsQueryOptions(language, useSession.getState().token));
    const category = params.get('category');
    const first = answer.list.find((p) => !category || p.category === category) ?? answer.list[0];
    if (first) highPriorityImage(first.bannerUrl);
  } catch {
    // The page asks again and shows its own error state.
  }
}

/**
 * A list page's first page of games, and the pictures of its first row as soon as their paths are known: fetched
 * while the page's script and first render run, instead of after the render has placed the tiles. `imageUrl` keeps
 * the host it picks, so the tiles ask the same URL and find it loaded.
 */
async function preloadFirstTiles(language: LanguageCode, filter: GameListFilter) {
  try {
    const [permission, list] = await Promise.all([
      queryClient.fetchQuery(permissionQueryOptions()),
      queryClient.fetchQuery(gameListQueryOptions(language, filter, 1)),
    ]);
    for (const game of list.games.slice(0, FIRST_ROW_TILES)) highPriorityImage(imageUrl(permission.imageCDNs, game.iconUrl).src);
  } catch {
    // The page asks again and shows its own error state.
  }
}

function highPriorityImage(src: string) {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = src;
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
    highPriorityImage(imageUrl(permission.imageCDNs, first.url).src);
  } catch {
    // The screens ask again and show their own error states.
  }
}
