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
 * plays the matching house game for fun, and says so).
 */
export const DEMO_REASONS = ['FREE_DEMO', 'VENDOR_NOT_CONNECTED'] as const;
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
