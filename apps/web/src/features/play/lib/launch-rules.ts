import { PRIZE_MODES } from '@playfront/contract/constants';

/**
 * Spec section 4, "Launching a game", as pure functions: who may launch, and
 * where a click leads. The hook (use-launch-game.ts) only carries out the
 * answer, so every rule here is unit-tested without a browser.
 */

/** What was clicked: a game tile, a vendor card, a menu's fixed game, a banner. */
export type LaunchTarget = {
  /** Vendor code. */
  vassalage: string;
  gameType: string;
  displayName: string;
  /** One game of the catalogue; absent for a vendor card (its lobby or its game list). */
  nodeId?: string | null;
  gameCode?: string | null;
  /** False for a vendor's lobby entry (a sportsbook, a lottery hall). */
  isGame?: boolean;
  /** The vendor shows its games in a popup list instead of starting one (a fixed menu launch leaves it out). */
  isVendorType?: boolean;
  /** A game tile's vendor name (the popup list is titled by it). */
  vendorName?: string;
  /** The player asked for the game's free demo (play money; open to guests where the game offers one). */
  demo?: boolean;
};

export type LaunchViewer = { loggedIn: boolean; isTrial: boolean };

export type LaunchAction =
  /** A guest: the login popup. */
  | { kind: 'login' }
  /** A trial account (type 4): the info dialog asking for a real account. */
  | { kind: 'needRealAccount' }
  /** A page of the site: a lottery screen, the slot list of a vendor, or the seamless game page. */
  | { kind: 'route'; to: string }
  /** A vendor-type vendor: the popup game list of that vendor. */
  | { kind: 'vendorGames'; vassalage: string; gameType: string; displayName: string };

/** Lottery screens by vendor (the spec spells the paths in camel case; the router matches them ignoring case). */
export const LOTTERY_VENDOR_ROUTES: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

const LOTTERY_TYPES = ['LOTT', 'ELOTT'];

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

/** The popup's title names the vendor: a vendor card's own name, a game tile's vendor name. */
const vendorLabel = (target: LaunchTarget) => target.vendorName ?? target.displayName;

/** A concrete game rather than a vendor entry. */
const isOneGame = (target: LaunchTarget) => Boolean(target.nodeId) && target.isGame !== false;

/** The seamless game page for one game or for a vendor's own lobby; `demo=1` plays the game's free demo. */
export function seamlessPath(target: LaunchTarget): string {
  return withQuery('/seamless', {
    vassalage: target.vassalage,
    nodeId: target.nodeId,
    gameCode: target.gameCode,
    demo: target.demo ? '1' : null,
  });
}

/**
 * Spec section 4: login, then routing by vendor. The order of the checks is the
 * spec's. The free demo of one game (asked for with its own button) needs no
 * account: it plays with play money, so it goes before the login check.
 */
export function decideLaunch(target: LaunchTarget, viewer: LaunchViewer): LaunchAction {
  if (target.demo && isOneGame(target)) return { kind: 'route', to: seamlessPath(target) };
  if (!viewer.loggedIn) return { kind: 'login' };
  if (viewer.isTrial) return { kind: 'needRealAccount' };
  const vendor = target.vassalage.toUpperCase();
  const lottery = LOTTERY_VENDOR_ROUTES[vendor] ?? (LOTTERY_TYPES.includes(target.gameType) ? '/lottery' : undefined);
  if (lottery)
    return { kind: 'route', to: withQuery(lottery, { gameCode: target.gameCode, vassalage: lottery === '/lottery' ? vendor : null }) };
  // A vendor-type vendor's tile or card opens its popup game list (its rooms first, for PVP): the player picks there.
  if (target.isVendorType)
    return { kind: 'vendorGames', vassalage: target.vassalage, gameType: target.gameType, displayName: vendorLabel(target) };
  if (target.gameType === 'RNG' && !isOneGame(target)) return { kind: 'route', to: withQuery('/rng', { vassalage: target.vassalage }) };
  return { kind: 'route', to: seamlessPath(target) };
}

/**
 * The game the seamless page launches, read back from its address; null when the
 * address names none or is malformed. A banner may name only the game (nodeId).
 */
export function readSeamlessTarget(
  search: URLSearchParams,
): { vassalage: string | null; nodeId: string | null; gameCode: string | null; demo: boolean } | null {
  const vassalage = search.get('vassalage')?.trim() || null;
  const nodeId = search.get('nodeId')?.trim() || null;
  const gameCode = search.get('gameCode')?.trim() || null;
  if (vassalage && !/^[A-Za-z0-9_-]{1,32}$/.test(vassalage)) return null;
  if (nodeId && !/^\d{1,18}$/.test(nodeId)) return null;
  if (gameCode && gameCode.length > 64) return null;
  if (!vassalage && !nodeId) return null;
  // A demo is of one game: a vendor's lobby has none.
  const demo = search.get('demo') === '1' && Boolean(nodeId || (vassalage && gameCode));
  return { vassalage, nodeId, gameCode, demo };
}

// ---- lottery ---------------------------------------------------------------------

export type PrizeMode = (typeof PRIZE_MODES)[keyof typeof PRIZE_MODES];

/** The vendor data the prize-mode rule reads: vendor lanes with their cards (gameVendor). */
export type VendorData = readonly { gameCategory: string; cards: readonly { vassalage: string }[] }[];

/** Spec section 4: ELOTT when the vendor data has an ELOTT entry for TCG_LOTTO_VN or LOTT, otherwise LOTT. */
export function lotteryPrizeMode(vendors: VendorData): PrizeMode {
  const elott = vendors.find((lane) => lane.gameCategory === 'ELOTT');
  const found = elott?.cards.some((c) => c.vassalage === 'TCG_LOTTO_VN' || c.vassalage === 'LOTT');
  return found ? PRIZE_MODES.ModeElott : PRIZE_MODES.ModeLott;
}

/**
 * A lottery screen's prize mode: SEA on the Southeast Asia screen (known before any data), otherwise the vendor
 * data's (section 4); `null` while the vendor data has not answered (a failed call is read as no data: LOTT).
 */
export function screenPrizeMode(screen: LotteryScreen['screen'], vendors: VendorData | undefined): PrizeMode | null {
  if (screen === 'sea') return PRIZE_MODES.ModeSea;
  return vendors ? lotteryPrizeMode(vendors) : null;
}

export type LotteryScreen = { vendor: string; screen: 'vn' | 'sea' | 'lottery' };

/** Which lottery a lottery route shows: /vnLottery TCG_LOTTO_VN, /seaLottery TCG_SEA, /lottery the vendor asked for (LOTT by default). */
export function lotteryScreen(pathname: string, search: URLSearchParams): LotteryScreen {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/vnlottery') return { vendor: 'TCG_LOTTO_VN', screen: 'vn' };
  if (path === '/sealottery') return { vendor: 'TCG_SEA', screen: 'sea' };
  const asked = search.get('vassalage')?.toUpperCase();
  return { vendor: asked === 'ELOTT' ? 'ELOTT' : 'LOTT', screen: 'lottery' };
}

export type LotteryLaunchParams = {
  lottoArea: 'VN';
  launchMode: 'LOTT';
  lottoPrizeMode: PrizeMode;
  lottoGameCode?: string;
  lottoView: 'betting' | 'lobby';
  device: 'WEB';
  backUrl: string;
  language: string;
};

/**
 * The lottery lobby launch of spec section 7: area VN, launch mode LOTT, the
 * prize mode, the game (a game code opens its betting view, none the lobby),
 * the device, where "back" leads and the language. The SEA screen plays in the
 * SEA prize mode (brand constant ModeSea).
 */
export function lotteryLaunchParams(input: {
  screen: LotteryScreen['screen'];
  vendors: VendorData;
  gameCode: string | null;
  language: string;
  /** /lottert, the spec's lottery game page: always the betting view. */
  gamePage?: boolean;
}): LotteryLaunchParams {
  const prizeMode = screenPrizeMode(input.screen, input.vendors) ?? PRIZE_MODES.ModeLott;
  return {
    lottoArea: 'VN',
    launchMode: 'LOTT',
    lottoPrizeMode: prizeMode,
    ...(input.gameCode ? { lottoGameCode: input.gameCode } : {}),
    lottoView: input.gameCode || input.gamePage ? 'betting' : 'lobby',
    device: 'WEB',
    // A path on this site: the launch call refuses any other address (no open redirect through a game's back button).
    backUrl: '/',
    language: input.language,
  };
}

// ---- new window ------------------------------------------------------------------

/**
 * Opens the game in a new window; a blocked popup comes back as false, so the
 * page can show the catalogue's "popup blocked" message instead of nothing.
 */
export function openGameWindow(url: string, open: (url: string, target: string) => Window | null = (u, t) => window.open(u, t)): boolean {
  const opened = open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // A cross-origin window may refuse the write; it has no access to us anyway once navigated.
  }
  return true;
}
