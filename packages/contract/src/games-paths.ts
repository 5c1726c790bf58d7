/**
 * Game catalogue and lobby calls (spec section 7, "Games" and "Home and common"),
 * zod-free so the web's first bundle can import paths, vocabulary and the small
 * pure helpers without pulling in the schemas (games.ts re-exports all of this).
 *
 * Paths the spec gives are kept as given (`/lgw/games/game_menus`); the others
 * were chosen here: public catalogue reads under `/lgw/games/`, calls that need
 * a logged-in member under `/wps/game/` (beside the spec's `/wps/game/launchGame`),
 * lobby content under `/wps/`.
 */
import { GAME_CATEGORIES, type GameCategory, LIMITS } from './constants.ts';

export const GAMES_PATHS = {
  /** GET: the lobby's game menu carousel (HOME, FAV, RNG, LIVE, …), only categories that have a vendor. */
  gameMenus: '/lgw/games/game_menus',
  /** GET: one page of games (clientType, platform, merchant, gameType, pageNo, vassalage, pageSize, gameClassify, language, minBet, lines, sort). */
  gameList: '/lgw/games/gameList',
  /** GET: games whose EN or BN name contains `keyword` (case-insensitive), paged like the game list. */
  gameSearch: '/lgw/games/searchGames',
  /** GET ?platform=html5-desktop: vendor categories → `value.data.lanes`. */
  gameVendor: '/lgw/games/gameVendor',
  /** GET ?vassalage=: the game types and slot sub-categories each vendor has. */
  vassGameType: '/lgw/games/vassGameType',
  /** GET ?merchantCode&isPlatform=2&vassalage&platform&language → `value.list`. */
  hotGames: '/lgw/games/hotGames',
  /** GET ?gameCategory=ALL&language&limitNum≤100 → `value.list`, biggest win first, names masked. */
  winnerBoard: '/lgw/games/winnerBoard',
  /** GET: hot-match carousel (getGameMatches). */
  gameMatches: '/lgw/games/getGameMatches',
  /** GET: bounds and pace of the lobby's jackpot counter. */
  jackpot: '/lgw/games/jackpot',
  /** GET (token, no trial): the member's favourite node ids, as strings. */
  favGames: '/wps/game/favGames',
  /** GET (token, no trial) ?clientType&platform=flash&language&pageNo=1&pageSize=999&gameType=RNG → content/pageNum/totalPages. */
  favGameList: '/wps/game/favGameList',
  /** POST (token, no trial) { nodeId, vendor, gameType }: a no-op when already a favourite. */
  addFavGame: '/wps/game/addFavGame',
  /** DELETE (token, no trial) { nodeId, vendor, gameType }. */
  removeFavGame: '/wps/game/removeFavGame',
  /** GET (token, no trial): games the member launched, most recent first. */
  recentGameList: '/wps/game/recentGameList',
} as const;

export const LOBBY_PATHS = {
  /** GET ?types=B,PL,PU,PR[,H]&platform=W&execution=B → { banners, player, popup, promotion }. */
  notice: '/wps/notice',
  /** GET ?pageNo&pageSize(9)&language: announcements, newest first. */
  announcements: '/wps/announcement',
  /** GET ?groupName=w_home[,w_login…]&language: banners of the given groups. */
  banners: '/wps/banner',
} as const;

/** Operator API for the catalogue (`x-operator-key`), used by `npm run catalogue:import`. */
export const CATALOGUE_OPS_PATHS = {
  /** POST { format, content, dryRun, skipInvalid }: validate every row, then upsert by vendor + gameCode. */
  import: '/ops/catalogue/import',
} as const;

// ---- vocabulary --------------------------------------------------------------

/**
 * Every game type a vendor or game can have: the nine navigation categories,
 * then SPB (a vendor category whose games are RNG), RUMMY, LUDO and MINI.
 */
export const GAME_TYPES = [...GAME_CATEGORIES, 'SPB', 'RUMMY', 'LUDO', 'MINI'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** The lobby's game menu carousel, in the spec's order: HOME, FAV, RNG, LIVE, SPORTS, PVP, ESPORTS, FISH, ELOTT, COCKFIGHT, then the rest. */
export const MENU_CODES = [
  'HOME',
  'FAV',
  'RNG',
  'LIVE',
  'SPORTS',
  'PVP',
  'ESPORTS',
  'FISH',
  'ELOTT',
  'COCKFIGHT',
  'LOTT',
  'SPB',
  'RUMMY',
  'LUDO',
  'MINI',
] as const satisfies readonly (GameType | 'HOME' | 'FAV')[];
export type MenuCode = (typeof MENU_CODES)[number];

/** Menu entries that launch one fixed game instead of changing the current game type (spec section 4). */
export const DIRECT_LAUNCH_MENUS = ['RUMMY', 'LUDO'] as const satisfies readonly MenuCode[];

/**
 * Slot sub-categories: scratch, video poker, jackpot, table games, arcade.
 * Bingo (BG) exists in the vocabulary but is offered only when language TY is
 * supported, which it is not for any brand today.
 */
export const GAME_CLASSIFIES = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;
export type GameClassify = (typeof GAME_CLASSIFIES)[number];
export const BINGO_LANGUAGE = 'TY' as const;

/** The sub-categories a brand offers: BG only when it supports language TY. */
export function offeredClassifies(languages: readonly string[]): GameClassify[] {
  const bingo = languages.some((l) => l.toUpperCase() === BINGO_LANGUAGE);
  return GAME_CLASSIFIES.filter((c) => c !== 'BG' || bingo);
}

/** seamless: the vendor debits our wallet per bet; transfer: money moves into the vendor's wallet on launch. */
export const WALLET_MODES = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];

/** Game list orders. `default` is the operator's sort, then name. */
export const GAME_SORTS = ['default', 'hot', 'new', 'name', 'minBet', 'lines'] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/** The vendor centre lists every category except these (spec section 2). */
export const VENDOR_CENTRE_EXCLUDED = ['SPORTS', 'LOTT', 'ELOTT', 'ESPORTS', 'COCKFIGHT', 'SPB'] as const satisfies readonly GameType[];

/** The SPB section asks for RNG games of these vendors. */
export const SPB_VASSALAGE = 'SPB,SS' as const;

/** Vendor list platform (spec section 7). */
export const VENDOR_PLATFORM = 'html5-desktop' as const;
/** Hot games ask with isPlatform 2. */
export const HOT_GAMES_IS_PLATFORM = 2 as const;

/**
 * Slot filters of spec section 9, in the request's units: `minBet` is in minor
 * units (100 = 1 taka/yuan), `lines` a count. Both mean "this much or more".
 */
export const SLOT_FILTERS = { minBetMinor: 100, lines: 25 } as const;

export const GAME_PAGE_SIZES = {
  home: LIMITS.homePageSize,
  section: LIMITS.sectionPageSize,
  /** The most one page may hold: the favourite and popular lists ask for 999. */
  max: LIMITS.popularPageSize,
  recentMax: 100,
  announcements: LIMITS.announcementsPerPage,
  announcementsMax: 50,
} as const;

/** A member keeps at most this many favourites, so the whole list fits the spec's one page of 999. */
export const FAVOURITES_MAX = LIMITS.popularPageSize;

/** Winner board rows served at most (spec section 9). */
export const WINNER_BOARD_MAX = LIMITS.winnerBoardLimit;

/** Query value of `gameCategory` that means every category. */
export const WINNER_CATEGORY_ALL = 'ALL' as const;

// ---- helpers shared by web and server ------------------------------------------

/**
 * One image or launch host from the brand's list (permission call: imageCDNs,
 * launchGameCDNs), at random among those that have not failed yet. Undefined
 * when every host failed: the caller shows its fallback.
 */
export function pickHost(list: readonly string[], failed: Iterable<string> = [], random: () => number = Math.random): string | undefined {
  const bad = new Set(failed);
  const usable = list.filter((h) => !bad.has(h));
  if (usable.length === 0) return undefined;
  return usable[Math.min(usable.length - 1, Math.floor(random() * usable.length))];
}

/** Joins a host from the CDN list and a relative image path (`/game-art/…`) without doubling or dropping the slash. */
export function cdnUrl(host: string, relativePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(relativePath) || relativePath.startsWith('//')) return relativePath;
  return `${host.replace(/\/+$/, '')}/${relativePath.replace(/^\/+/, '')}`;
}

/** Splits a `vassalage` query value (`SPB,SS`) into vendor codes, upper-cased, without blanks or repeats. */
export function splitVassalage(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((v) => v.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** The structural shape the lane helpers need (the full schema is `VendorLaneSchema` in games.ts). */
export type LaneLike<C extends { vassalage: string }> = { gameCategory: string; title: string; cards: C[] };

/**
 * Spec section 4, vendor regrouping: within SPORTS, cards whose vendor is in the
 * brand's esport list become an ESPORTS lane and those in the cockfight list a
 * COCKFIGHT lane, each inserted after SPORTS. A lane left empty is dropped.
 * `titles` names the new lanes (the web passes its translated labels).
 */
export function regroupSportsLanes<C extends { vassalage: string }, L extends LaneLike<C>>(
  lanes: readonly L[],
  esportCodes: readonly string[],
  cockfightCodes: readonly string[],
  titles: { ESPORTS?: string; COCKFIGHT?: string } = {},
): L[] {
  const out: L[] = [];
  for (const lane of lanes) {
    if (lane.gameCategory !== 'SPORTS') {
      out.push(lane);
      continue;
    }
    const esports = lane.cards.filter((c) => esportCodes.includes(c.vassalage));
    const cockfight = lane.cards.filter((c) => !esportCodes.includes(c.vassalage) && cockfightCodes.includes(c.vassalage));
    const sports = lane.cards.filter((c) => !esports.includes(c) && !cockfight.includes(c));
    if (sports.length > 0) out.push({ ...lane, cards: sports });
    if (esports.length > 0) out.push({ ...lane, gameCategory: 'ESPORTS', title: titles.ESPORTS ?? 'ESPORTS', cards: esports });
    if (cockfight.length > 0) out.push({ ...lane, gameCategory: 'COCKFIGHT', title: titles.COCKFIGHT ?? 'COCKFIGHT', cards: cockfight });
  }
  return out;
}

/** Spec section 2: the vendor centre lists every lane except SPORTS, LOTT, ELOTT, ESPORTS, COCKFIGHT and SPB. */
export function vendorCentreLanes<L extends { gameCategory: string }>(lanes: readonly L[]): L[] {
  return lanes.filter((l) => !(VENDOR_CENTRE_EXCLUDED as readonly string[]).includes(l.gameCategory));
}

/** Spec section 2: path prefix of each navigable menu. */
export const MENU_ROUTES: Partial<Record<MenuCode, string>> = {
  HOME: '/',
  FAV: '/favorite',
  RNG: '/rng',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  FISH: '/fish',
  PVP: '/pvp',
  LOTT: '/lott',
  ELOTT: '/elott',
};

export type { GameCategory };
