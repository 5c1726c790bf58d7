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

const normalise = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

export const needsLogin = (pathname: string) => LOGIN_REQUIRED.includes(normalise(pathname));
export const showsSideMenu = (pathname: string) => !NO_SIDE_MENU.includes(normalise(pathname));
export const isAgentRoute = (pathname: string) => AGENT_ROUTES.includes(normalise(pathname));
