/**
 * Playing (issue 6): game launch, PVP rooms, live models, betting record.
 * Zod-free so the web's first bundle can import paths and vocabulary
 * (play.ts re-exports this and adds the schemas).
 *
 * The spec gives `/wps/game/launchGame` and `/wps/relay/GLS2_roomList`; the
 * other paths were chosen here beside them. The provider wallet API that game
 * servers call is in provider-wallet.ts.
 */
export const PLAY_PATHS = {
  /** POST (token, no trial) { nodeId | vendor+gameCode, language, device, backUrl, failedHosts } → { url, mode, … }. */
  launchGame: '/wps/game/launchGame',
  /** GET (token, no trial) ?nodeId | vendor&gameCode, language, device, backUrl, failedHosts (comma-separated): the same launch for clients that cannot POST. */
  gameLaunchFB: '/wps/game/gameLaunchFB',
  /** POST (no token) same body: the free demo of a game that offers one (RNG, LIVE, FISH of house-served vendors). */
  launchDemo: '/wps/game/launchDemo',
  /** GET ?vendor: a PVP vendor's rooms with their bet limits. */
  roomList: '/wps/relay/GLS2_roomList',
  /** GET ?vendor&language: live models (hosts of the live tables). */
  modelList: '/wps/game/getModelList',
  /** POST (token, no trial) { modelId, language }: opens the model's table → { chatUrl }. */
  launchChat: '/wps/game/launchChat',
  /** GET (token) ?preset|from&to&gameType&vendor&status&pageNo&pageSize: the member's game rounds (personalHistoryCopy). */
  bettingRecord: '/wps/member/record/betting',
} as const;

/** Where the built-in house game server is mounted on the site; a launch URL is `<launch host><HOUSE_PLAY_PATH>?…`. */
export const HOUSE_PREFIX = '/house';
export const HOUSE_PLAY_PATH = '/house/play';

/** Where the built-in lottery provider is mounted (issue 16); its API and page paths are in lottery.ts. */
export const LOTTERY_PREFIX = '/lotto';

/** real: money moves through the provider wallet API; demo: play money, no token. */
export const LAUNCH_MODES = ['real', 'demo'] as const;
export type LaunchMode = (typeof LAUNCH_MODES)[number];

/** The house games; every lobby tile plays one of them (the one its name and type say, see houseKindFor). */
export const HOUSE_GAME_KINDS = [
  'slot',
  'baccarat',
  'no-commission-baccarat',
  'crash',
  'roulette',
  'american-roulette',
  'fishing',
] as const;
export type HouseGameKind = (typeof HOUSE_GAME_KINDS)[number];

/**
 * Why a launch is in demo mode: the player asked for the free demo, or the
 * game's vendor has no game server connected to this platform (its tile then
 * plays the matching house game for fun, and says so), or the title names a
 * game the house has no engine for (blackjack, sic bo…): never real money on a
 * game that is not the one the tile names (issue 22).
 */
export const DEMO_REASONS = ['FREE_DEMO', 'VENDOR_NOT_CONNECTED', 'NO_OWN_GAME'] as const;
export type DemoReason = (typeof DEMO_REASONS)[number];

export const LAUNCH_DEVICES = ['WEB', 'H5'] as const;
export type LaunchDevice = (typeof LAUNCH_DEVICES)[number];

/** A launch session (and its token) lives this long; wins and rollbacks are still accepted after it. */
export const LAUNCH_SESSION_HOURS = 4;

export const ROUND_STATUSES = ['open', 'settled', 'cancelled'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const BETTING_RECORD_PAGE_SIZE = 20;
export const BETTING_RECORD_PAGE_MAX = 100;

/**
 * The house kind each game plays. A title that names its game plays that game: roulette (American when it says so,
 * else European), no-commission baccarat, and the crash games (Jet, Balloon, Aviator…). Otherwise by type:
 * FISH → the fishing game, RNG → slot, LIVE → baccarat; other vendors: instant → crash, PVP → baccarat, else slot.
 */
export function houseKindFor(gameType: string, vendorGameType: string, nameEn = ''): HouseGameKind {
  const name = nameEn.toLowerCase();
  if (name.includes('roulette')) return name.includes('american') ? 'american-roulette' : 'roulette';
  if (name.includes('baccarat') && /no[ -]commission/.test(name)) return 'no-commission-baccarat';
  if (gameType === 'FISH') return 'fishing';
  if (/\b(crash|jet|balloon|aviator|rocket)\b/.test(name)) return 'crash';
  if (vendorGameType === 'SPB') return 'crash';
  if (gameType === 'LIVE' || gameType === 'PVP' || vendorGameType === 'PVP') return 'baccarat';
  return 'slot';
}

/** Game types the built-in house really plays for money when their vendor is seamless. */
export const HOUSE_SERVED_GAME_TYPES = ['RNG', 'LIVE', 'FISH'] as const;

/** Game kinds no house game stands in for: betting on events, and card or board rooms played against people. */
export const NO_STAND_IN_GAME_TYPES = ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'RUMMY', 'LUDO'] as const;

/**
 * Words of titles that name a game the house has no engine for. A title carrying one of them would otherwise be
 * dealt a slot or baccarat under its own name. Kept in step with the SQL mirror in the server's games repository
 * (a test compares the two over the whole demo catalogue).
 */
export const NO_ENGINE_TITLE_WORDS = [
  'blackjack',
  'sic bo',
  'dragon tiger',
  'teen patti',
  'andar bahar',
  "hold'em",
  'poker',
  'jacks or better',
  'deuces',
  'aces and faces',
  'tens or better',
  'craps',
  'red dog',
  'fan tan',
  'wheel',
  'coin flip',
  'plinko',
  'mines',
  'dice',
  'keno',
  'limbo',
  'hi-lo',
  'tower',
  'goal',
  'call break',
  'jhandi munda',
  'color game',
  'seven up down',
] as const;

const NO_ENGINE_TITLE = new RegExp(`\\b(${NO_ENGINE_TITLE_WORDS.join('|')})\\b`);
const CRASH_TITLE = /\b(crash|jet|balloon|aviator|rocket)\b/;

/**
 * Whether the house game a title gets (houseKindFor) is the game the title names: roulette and no-commission
 * baccarat by name, fishing by type, crash by name, baccarat only for a title that says baccarat, and the slot
 * only for a slot-type title that names no other game.
 */
export function playsOwnGame(gameType: string, vendorGameType: string, nameEn = ''): boolean {
  const kind = houseKindFor(gameType, vendorGameType, nameEn);
  const name = nameEn.toLowerCase();
  switch (kind) {
    case 'roulette':
    case 'american-roulette':
    case 'no-commission-baccarat':
    case 'fishing':
      return true;
    case 'crash':
      return CRASH_TITLE.test(name);
    case 'baccarat':
      return name.includes('baccarat');
    case 'slot':
      return gameType === 'RNG' && !NO_ENGINE_TITLE.test(name);
  }
}

/** How a tile plays here: for real money, only as a house demo for fun, or not at all (its provider is not connected). */
export const TILE_PLAY_STATES = ['play', 'demoOnly', 'notConnected'] as const;
export type TilePlayState = (typeof TILE_PLAY_STATES)[number];

export type TileFacts = {
  gameType: string;
  vendorGameType: string;
  vendorCode: string;
  walletMode: string;
  nameEn: string;
  /** The vendor is played by the built-in lottery provider (seamless lottery vendors). */
  lotteryServed: boolean;
};

export const isHouseServedVendor = (f: Pick<TileFacts, 'walletMode' | 'vendorGameType'>) =>
  f.walletMode === 'seamless' && (HOUSE_SERVED_GAME_TYPES as readonly string[]).includes(f.vendorGameType);

export const hasNoStandIn = (f: Pick<TileFacts, 'gameType' | 'vendorGameType'>) =>
  (NO_STAND_IN_GAME_TYPES as readonly string[]).includes(f.vendorGameType) ||
  (NO_STAND_IN_GAME_TYPES as readonly string[]).includes(f.gameType);

/**
 * notConnected: nothing here plays it (sports, e-sports, cockfight, rummy, ludo without their provider);
 * demoOnly: its vendor is not connected (a house stand-in plays for fun) or it names a game the house has no engine for;
 * play: its own game, for real money (house-served or lottery-served).
 */
export function tilePlayState(f: TileFacts): TilePlayState {
  const house = isHouseServedVendor(f);
  if (f.lotteryServed) return 'play';
  if (!house) return hasNoStandIn(f) ? 'notConnected' : 'demoOnly';
  return playsOwnGame(f.gameType, f.vendorGameType, f.nameEn) ? 'play' : 'demoOnly';
}
