/**
 * Route rules of spec section 2, as data so they can be tested without a browser.
 */

/** Routes that need a stored session token; without one they redirect to /login. */
export const LOGIN_REQUIRED = [
  '/member',
  '/favorite',
  '/recent',
  '/lottery',
  '/sealottery',
  '/vnlottery',
  '/pointmall',
  '/seamless',
  '/lottert',
];

/** Routes shown without the side menu (the spec lists them lower-case; matching ignores case). */
export const NO_SIDE_MENU = ['/seamless', '/lottert', '/vnlottery', '/sealottery'];

/** Routes that use the agent layout instead of the normal header. */
export const AGENT_ROUTES = ['/agent', '/agenthome'];

/** The game list centres (screens/game-list-center.tsx): a category's games, filtered and paged. */
export const LIST_CENTRES = ['live', 'fish', 'rng', 'pvp'];
/** The game centres (screens/game-center.tsx): a category's vendors as cards. */
export const VENDOR_CENTRES = ['sports', 'esports', 'lott', 'elott'];

const normalise = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

/** The free demo of a game (`/seamless?…&demo=1`, play money) is open to guests; the rest of the list needs a session. */
const isFreeDemo = (path: string, search: string) => path === '/seamless' && new URLSearchParams(search).get('demo') === '1';

export const needsLogin = (pathname: string, search = '') =>
  LOGIN_REQUIRED.includes(normalise(pathname)) && !isFreeDemo(normalise(pathname), search);
export const showsSideMenu = (pathname: string) => !NO_SIDE_MENU.includes(normalise(pathname));
export const isAgentRoute = (pathname: string) => AGENT_ROUTES.includes(normalise(pathname));

export const HOME_PATHS = ['/', '/index', '/index.html', '/home'];
/** Pages that show the home lobby under a popup (special-routes.tsx). */
const HOME_WITH_POPUP = ['/login', '/register'];

/**
 * Whether a visit lands on the home lobby: home itself, /login and /register, and a member-only page opened without a
 * session (RootLayout sends it to /login, home with the login popup). first-screen.ts asks home's data at boot for it.
 */
export const landsOnHome = (pathname: string, search: string, hasToken: boolean) =>
  HOME_PATHS.includes(pathname) || HOME_WITH_POPUP.includes(normalise(pathname)) || (!hasToken && needsLogin(pathname, search));
