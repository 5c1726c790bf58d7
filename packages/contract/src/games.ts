import { z } from 'zod';
import { BANNER_GROUPS, CLIENT_TYPE, NOTICE_TYPES, POPUP_EXECUTIONS } from './constants.ts';
import { envelope } from './envelope.ts';
import {
  GAME_CLASSIFIES,
  GAME_PAGE_SIZES,
  GAME_SORTS,
  GAME_TYPES,
  MENU_CODES,
  splitVassalage,
  WALLET_MODES,
  WINNER_BOARD_MAX,
  WINNER_CATEGORY_ALL,
} from './games-paths.ts';
import { TILE_PLAY_STATES } from './play-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Schemas of the game catalogue and lobby calls (spec sections 3 and 7). Paths
 * and vocabulary live in the zod-free `games-paths.ts`, re-exported here.
 * Import as `@playfront/contract/games` (schemas) or `@playfront/contract/games-paths`.
 *
 * Conventions:
 * - Image fields (`iconUrl`, `url`, `…ImageUrl`) are paths relative to one of
 *   the brand's image CDN hosts (permission call `imageCDNs`); join them with
 *   `cdnUrl(pickHost(imageCDNs, failed), path)`.
 * - Money (minimum bets, wins, jackpot bounds) is in integer minor units, as a
 *   decimal string (see `MinorUnitsSchema`).
 * - Texts come in the requested language (`language` query, else the `Language`
 *   header), falling back to the brand's default (BN).
 * - Favourite and game node ids are strings.
 */
export * from './games-paths.ts';

// ---- query building blocks -----------------------------------------------------

export const GameTypeSchema = z.enum(GAME_TYPES);
export const MenuCodeSchema = z.enum(MENU_CODES);
export const GameClassifySchema = z.enum(GAME_CLASSIFIES);
export const WalletModeSchema = z.enum(WALLET_MODES);
export const GameSortSchema = z.enum(GAME_SORTS);

/** `language` as sent: any code; the server answers in it when the brand supports it, else in the brand default. */
export const LanguageParamSchema = z.string().trim().max(8).optional();

const VENDOR_CODE = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;
export const VendorCodeSchema = z.string().trim().toUpperCase().regex(VENDOR_CODE);

/** One vendor code or several, comma-separated (`SPB,SS`); parsed to a list of upper-case codes. */
export const VassalageParamSchema = z
  .string()
  .max(400)
  .transform((v) => splitVassalage(v))
  .pipe(z.array(z.string().regex(VENDOR_CODE)).max(40));

/** Query booleans arrive as text. */
export const QueryBoolSchema = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const PageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** clientType is always 3 for this web client (spec section 9); anything else is refused. */
export const ClientTypeSchema = z.coerce.number().pipe(z.literal(CLIENT_TYPE)).optional();

// ---- game ----------------------------------------------------------------------

/** A game tile (spec section 3, "Game"). */
export const GameSchema = z.object({
  nodeId: z.string(),
  gameId: z.string(),
  gameCode: z.string(),
  /** Vendor code. */
  vassalage: z.string(),
  vendorName: z.string(),
  /** False for a vendor's lobby entry (a sportsbook, a lottery hall) rather than one game. */
  isGame: z.boolean(),
  gameType: GameTypeSchema,
  /** Slot sub-category (SC, VP, JP, TG, AC), null for a plain slot or a non-slot. */
  gameClassify: GameClassifySchema.nullable(),
  /** The name in the requested language. */
  displayName: z.string(),
  /** The English name, stable across languages (analytics, alt text fallback). */
  gameName: z.string(),
  /** Tile image, relative to an image CDN host. */
  iconUrl: z.string(),
  vendorIconUrl: z.string(),
  /** Spec spelling: the tile uses the large layout. */
  lagerIcon: z.boolean(),
  /** Minimum bet in minor units. */
  minBet: MinorUnitsSchema,
  /** Pay lines (0 where lines mean nothing, e.g. live tables). */
  lines: z.number().int(),
  hot: z.boolean(),
  new: z.boolean(),
  hasDemo: z.boolean(),
  /** How money reaches the vendor (the launch call uses it). */
  walletMode: WalletModeSchema,
  /** The vendor's tile opens a popup game list rather than a game. */
  isVendorType: z.boolean(),
  /**
   * How the tile plays here (issue 22, play-paths tilePlayState): `play` its own game for real money; `demoOnly` a
   * house game for fun (vendor not connected, or a title the house has no engine for), badged so on the tile;
   * `notConnected` nothing here plays it (sportsbooks, e-sports, cockfight, rummy, ludo). A brand may hide the last
   * two (feature flags HIDE_DEMO_ONLY_GAMES, HIDE_UNCONNECTED_GAMES).
   */
  playState: z.enum(TILE_PLAY_STATES),
});
export type Game = z.infer<typeof GameSchema>;

export const GameListQuerySchema = z.object({
  clientType: ClientTypeSchema,
  /** `flash,html5-desktop` on the web; accepted and not used to filter. */
  platform: z.string().max(64).optional(),
  /** Brand code; the Merchant header is used when absent. */
  merchant: z.string().max(32).optional(),
  gameType: GameTypeSchema.optional(),
  vassalage: VassalageParamSchema.optional(),
  gameClassify: GameClassifySchema.optional(),
  language: LanguageParamSchema,
  pageNo: PageNoSchema,
  pageSize: pageSize(GAME_PAGE_SIZES.section, GAME_PAGE_SIZES.max),
  /** Slot filter: minimum bet of at least this many minor units (`SLOT_FILTERS.minBetMinor` = 1 unit). */
  minBet: z.coerce.number().int().min(0).max(1_000_000_000_000).optional(),
  /** Slot filter: at least this many lines (`SLOT_FILTERS.lines` = 25). */
  lines: z.coerce.number().int().min(0).max(1_000_000).optional(),
  hot: QueryBoolSchema.optional(),
  new: QueryBoolSchema.optional(),
  sort: GameSortSchema.default('default'),
});
export type GameListQuery = z.input<typeof GameListQuerySchema>;

/** One page of games. A page past the end is empty, with the real totals. */
export const GameListValueSchema = z.object({
  games: z.array(GameSchema),
  totalPages: z.number().int(),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type GameListValue = z.infer<typeof GameListValueSchema>;
export const GameListResponseSchema = envelope(GameListValueSchema);

export const GameSearchQuerySchema = z.object({
  /** Part of the EN or BN name, any case. */
  keyword: z.string().trim().min(1).max(64),
  gameType: GameTypeSchema.optional(),
  vassalage: VassalageParamSchema.optional(),
  language: LanguageParamSchema,
  pageNo: PageNoSchema,
  pageSize: pageSize(GAME_PAGE_SIZES.section, GAME_PAGE_SIZES.max),
});
export type GameSearchQuery = z.input<typeof GameSearchQuerySchema>;
/** Names that start with the keyword come first, then names with a word starting with it, then the rest. */
export const GameSearchResponseSchema = GameListResponseSchema;

// ---- menus ---------------------------------------------------------------------

export const GameMenuSchema = z.object({
  code: MenuCodeSchema,
  /** The game type a click selects; null for HOME and FAV. */
  gameType: GameTypeSchema.nullable(),
  /** Label in the requested language (the web may prefer its own catalogue label by `code`). */
  name: z.string(),
  /** Route the header menu links to; null when the entry only launches a game. */
  path: z.string().nullable(),
  /** Navigation tracking page key (w_home, w_rng, …). */
  trackingKey: z.string(),
  sort: z.number().int(),
  /** RUMMY and LUDO launch this game directly and leave the current game type alone. */
  launch: z.object({ nodeId: z.string(), gameCode: z.string(), vassalage: z.string(), gameType: GameTypeSchema }).nullable(),
});
export type GameMenu = z.infer<typeof GameMenuSchema>;
export const GameMenusQuerySchema = z.object({ language: LanguageParamSchema, merchant: z.string().max(32).optional() });
/** In carousel order; a category menu appears only when the category has at least one active vendor. */
export const GameMenusResponseSchema = envelope(z.array(GameMenuSchema));

// ---- vendors -------------------------------------------------------------------

/** A vendor card (spec section 3: vassalage, displayName, gameType). */
export const VendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  /** The vendor's own game type: ESPORTS for IMES even though its card sits in the SPORTS lane. */
  gameType: GameTypeSchema,
  iconUrl: z.string(),
  isVendorType: z.boolean(),
  walletMode: WalletModeSchema,
  sort: z.number().int(),
  /** Active games of the vendor. */
  gameCount: z.number().int(),
});
export type VendorCard = z.infer<typeof VendorCardSchema>;

/**
 * A vendor category (spec section 3: gameCategory or title, cards, gameClassify).
 * As upstream, esport and cockfight vendors come inside the SPORTS lane: the web
 * regroups them with `regroupSportsLanes` and the brand's code lists.
 */
export const VendorLaneSchema = z.object({
  gameCategory: GameTypeSchema,
  title: z.string(),
  cards: z.array(VendorCardSchema),
  /** Slot sub-categories the lane's games use (RNG lane only; BG only with language TY). */
  gameClassify: z.array(GameClassifySchema),
});
export type VendorLane = z.infer<typeof VendorLaneSchema>;

export const GameVendorQuerySchema = z.object({
  platform: z.string().max(64).optional(),
  merchant: z.string().max(32).optional(),
  language: LanguageParamSchema,
  /** `centre`: the vendor centre's list, without SPORTS, LOTT, ELOTT, ESPORTS, COCKFIGHT and SPB. */
  view: z.enum(['all', 'centre']).default('all'),
});
export const GameVendorValueSchema = z.object({ data: z.object({ lanes: z.array(VendorLaneSchema) }) });
export type GameVendorValue = z.infer<typeof GameVendorValueSchema>;
export const GameVendorResponseSchema = envelope(GameVendorValueSchema);

export const VassGameTypeQuerySchema = z.object({ vassalage: VassalageParamSchema.optional() });
export const VassGameTypeSchema = z.object({
  vassalage: z.string(),
  /** The vendor's category. */
  category: GameTypeSchema,
  /** Game types its active games have (SPB vendors: RNG). */
  gameTypes: z.array(GameTypeSchema),
  gameClassify: z.array(GameClassifySchema),
  gameCount: z.number().int(),
});
export type VassGameType = z.infer<typeof VassGameTypeSchema>;
export const VassGameTypeResponseSchema = envelope(z.array(VassGameTypeSchema));

// ---- hot games -----------------------------------------------------------------

export const HotGamesQuerySchema = z.object({
  merchantCode: z.string().max(32).optional(),
  /** 2 on the web (spec section 7). */
  isPlatform: z.coerce.number().int().min(0).max(9).optional(),
  vassalage: VassalageParamSchema.optional(),
  gameType: GameTypeSchema.optional(),
  platform: z.string().max(64).optional(),
  language: LanguageParamSchema,
  /** At most this many, in the operator's order. */
  limit: z.coerce.number().int().min(1).max(GAME_PAGE_SIZES.max).default(GAME_PAGE_SIZES.max),
});
export const HotGamesValueSchema = z.object({ list: z.array(GameSchema) });
export const HotGamesResponseSchema = envelope(HotGamesValueSchema);

// ---- favourites and recent games -------------------------------------------------

/** The member's favourite node ids (strings). */
export const FavGamesResponseSchema = envelope(z.array(z.string()));

export const FavGameListQuerySchema = z.object({
  clientType: ClientTypeSchema,
  /** `flash` for favourites (spec section 9). */
  platform: z.string().max(64).optional(),
  language: LanguageParamSchema,
  pageNo: PageNoSchema,
  pageSize: pageSize(GAME_PAGE_SIZES.max, GAME_PAGE_SIZES.max),
  gameType: GameTypeSchema.optional(),
});

/** Paged member lists (favourites, recent games): spec's content, pageNum, totalPages. */
export const MemberGamePageSchema = z.object({
  content: z.array(GameSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type MemberGamePage = z.infer<typeof MemberGamePageSchema>;
export const FavGameListResponseSchema = envelope(MemberGamePageSchema);

/** Node ids are strings; a number is accepted and read as its decimal text. */
export const NodeIdSchema = z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative().transform(String)]);

/** Add or remove a favourite. vendor and gameType, when sent, must be the game's. */
export const FavouritePayloadSchema = z.object({
  nodeId: NodeIdSchema,
  vendor: z.string().trim().max(32).optional(),
  gameType: GameTypeSchema.optional(),
});
export type FavouritePayload = z.input<typeof FavouritePayloadSchema>;
/** The favourite ids after the change (adding a present one, or removing an absent one, changes nothing). */
export const FavouriteChangeResponseSchema = FavGamesResponseSchema;

export const RecentGameListQuerySchema = z.object({
  language: LanguageParamSchema,
  pageNo: PageNoSchema,
  pageSize: pageSize(GAME_PAGE_SIZES.section, GAME_PAGE_SIZES.recentMax),
  gameType: GameTypeSchema.optional(),
});
export const RecentGameSchema = GameSchema.extend({
  lastPlayedAt: z.string(),
  playCount: z.number().int(),
});
export type RecentGame = z.infer<typeof RecentGameSchema>;
export const RecentGamePageSchema = MemberGamePageSchema.extend({ content: z.array(RecentGameSchema) });
export const RecentGameListResponseSchema = envelope(RecentGamePageSchema);

// ---- winner board, hot matches, jackpot ---------------------------------------------

export const WinnerBoardQuerySchema = z.object({
  gameCategory: z.union([z.literal(WINNER_CATEGORY_ALL), GameTypeSchema]).default(WINNER_CATEGORY_ALL),
  language: LanguageParamSchema,
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_MAX).default(WINNER_BOARD_MAX),
});
export const WinnerItemSchema = z.object({
  /** 1 = biggest win; the web gives ranks 1-5 their icons. */
  rank: z.number().int(),
  /** The game's tile, relative to an image CDN host. */
  iconUrl: z.string(),
  /** Masked (`ra****92`): never a whole username. */
  customerName: z.string(),
  winAmount: MinorUnitsSchema,
  gameName: z.string(),
  nodeId: z.string(),
  vassalage: z.string(),
  gameType: GameTypeSchema,
  wonAt: z.string(),
});
export type WinnerItem = z.infer<typeof WinnerItemSchema>;
export const WinnerBoardResponseSchema = envelope(z.object({ list: z.array(WinnerItemSchema), currencySymbol: z.string() }));

export const GameMatchesQuerySchema = z.object({ language: LanguageParamSchema, vassalage: VassalageParamSchema.optional() });
export const MatchSchema = z.object({
  matchId: z.number().int(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamImageUrl: z.string(),
  awayTeamImageUrl: z.string(),
  league: z.string(),
  /** ISO 8601. Matches that started more than 3 hours ago are no longer served. */
  matchTime: z.string(),
});
/** A hot-match advert: the sportsbook it opens and its matches, soonest first. */
export const HotMatchSchema = z.object({
  gameMatchAdsId: z.number().int(),
  vassalage: z.string(),
  /** The sportsbook lobby the join button launches. */
  nodeId: z.string().nullable(),
  /** notConnected: no sportsbook of this vendor plays here yet, the button says so (issue 22); play otherwise. */
  playState: z.enum(['play', 'notConnected']).optional(),
  matchList: z.array(MatchSchema),
});
export type HotMatch = z.infer<typeof HotMatchSchema>;
export const GameMatchesResponseSchema = envelope(z.array(HotMatchSchema));

/** The jackpot counter: start at random between min and max, add incrementMin..incrementMax every intervalMinMs..intervalMaxMs. */
export const JackpotSchema = z.object({
  min: MinorUnitsSchema,
  max: MinorUnitsSchema,
  incrementMin: MinorUnitsSchema,
  incrementMax: MinorUnitsSchema,
  intervalMinMs: z.number().int(),
  intervalMaxMs: z.number().int(),
  currencySymbol: z.string(),
});
export type Jackpot = z.infer<typeof JackpotSchema>;
export const JackpotResponseSchema = envelope(JackpotSchema);

// ---- notice, announcements, banners -------------------------------------------------

const listOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values as [T, ...T[]])).min(1));

export const NoticeQuerySchema = z.object({
  /** Comma-separated notice types (B, PL, PU, PR, H). */
  types: listOf(NOTICE_TYPES).default(['B', 'PL', 'PU', 'PR']),
  /** W for the web. */
  platform: z.literal('W').default('W'),
  /** Which popups: A logged in, B anonymous, F first login; comma-separated. */
  execution: listOf(POPUP_EXECUTIONS).default(['B']),
  language: LanguageParamSchema,
});
export const NoticeItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  title: z.string(),
  /** Plain text. */
  content: z.string(),
});
export type NoticeItem = z.infer<typeof NoticeItemSchema>;
export const PopupItemSchema = z.object({
  /** Unique across popups and popup notices (`P3`, `N7`): the "shown once per session" key. */
  id: z.string(),
  title: z.string(),
  /** Server-authored HTML for popups, plain text for PU notices. */
  content: z.string(),
  contentType: z.enum(['html', 'text']),
  imageUrl: z.string().nullable(),
  /** A, B or F for popups; null for a PU notice (shown to everyone). */
  execution: z.enum(POPUP_EXECUTIONS).nullable(),
});
export type PopupItem = z.infer<typeof PopupItemSchema>;
/**
 * Spec section 3 "Notice response": banners (marquee: B, and H when asked),
 * player (PL), popup (popups of the asked executions, then PU notices), promotion (PR).
 */
export const NoticeValueSchema = z.object({
  banners: z.array(NoticeItemSchema),
  player: z.array(NoticeItemSchema),
  popup: z.array(PopupItemSchema),
  promotion: z.array(NoticeItemSchema),
});
export type NoticeValue = z.infer<typeof NoticeValueSchema>;
export const NoticeResponseSchema = envelope(NoticeValueSchema);

export const AnnouncementQuerySchema = z.object({
  language: LanguageParamSchema,
  pageNo: PageNoSchema,
  pageSize: pageSize(GAME_PAGE_SIZES.announcements, GAME_PAGE_SIZES.announcementsMax),
});
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Server-authored HTML. */
  content: z.string(),
  /** Empty for a plain announcement. */
  promotionType: z.string(),
  publishedAt: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;
export const AnnouncementPageSchema = z.object({
  content: z.array(AnnouncementSchema),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export const AnnouncementResponseSchema = envelope(AnnouncementPageSchema);

export const BannerQuerySchema = z.object({
  /** Comma-separated groups; all groups when absent. */
  groupName: listOf(BANNER_GROUPS).optional(),
  language: LanguageParamSchema,
});
export const BannerSchema = z.object({
  id: z.number().int(),
  /** Image path relative to an image CDN host. */
  url: z.string(),
  /**
   * NONE, URL (linkTarget is a path or URL), GAME (the game's nodeId, or `VENDOR:gameCode`, or a game code that
   * names one game), PROMOTION (a promotion id).
   */
  linkageType: z.enum(['NONE', 'URL', 'GAME', 'PROMOTION']),
  linkTarget: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  sort: z.number().int(),
  /**
   * A GAME banner's game as the catalogue has it (the click launches this, as its tile would); null when no active
   * game answers the target. playState as the tile's: notConnected opens the vendor's "not connected" answer.
   */
  game: z
    .object({
      nodeId: z.string(),
      gameCode: z.string(),
      vassalage: z.string(),
      gameType: GameTypeSchema,
      isGame: z.boolean(),
      playState: z.enum(TILE_PLAY_STATES),
    })
    .nullable()
    .optional(),
});
export type Banner = z.infer<typeof BannerSchema>;
export const BannerResponseSchema = envelope(z.array(BannerSchema));

// ---- operator: catalogue import ---------------------------------------------------------

/** Blank CSV cells mean "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Text or JSON booleans: true/false, 1/0, yes/no (any case); a blank cell is "not given". */
const cellBool = () =>
  z.preprocess((v) => {
    const b = blankToUndefined(v);
    if (typeof b !== 'string') return b;
    const t = b.trim().toLowerCase();
    if (['true', '1', 'yes', 'y'].includes(t)) return true;
    if (['false', '0', 'no', 'n'].includes(t)) return false;
    return b;
  }, z.boolean().optional());
const toInt = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' && /^\s*-?\d+\s*$/.test(b) ? Number(b) : b;
};
const cellInt = (min: number, max: number) => z.preprocess(toInt, z.number().int().min(min).max(max));
const cellIntOptional = (min: number, max: number) => z.preprocess(toInt, z.number().int().min(min).max(max).optional());
const cellText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
/** Names are shown on one line: no line breaks, tabs or other control characters. */
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const NO_CONTROL_MESSAGE = 'no line breaks, tabs or other control characters';

/**
 * One catalogue row, as a CSV line (header names below) or a JSON object.
 * Identity is vendor + gameCode: importing the same row again changes nothing.
 */
export const CatalogueRowSchema = z.object({
  vendor: z.string().trim().toUpperCase().regex(VENDOR_CODE, 'a vendor code (A-Z, 0-9, _ or -)'),
  gameCode: z.string().trim().min(1).max(64),
  /** The vendor's own id; the game code when absent. */
  gameId: cellText(64),
  gameType: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), GameTypeSchema),
  classify: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toUpperCase()) : v),
    GameClassifySchema.optional(),
  ),
  nameEn: z.string().trim().min(1).max(120).regex(NO_CONTROL, NO_CONTROL_MESSAGE),
  /** The English name when absent. */
  nameBn: cellText(120).refine((n) => n === undefined || NO_CONTROL.test(n), NO_CONTROL_MESSAGE),
  /** Minimum bet in minor units. */
  minBet: cellInt(0, 1_000_000_000_000),
  lines: cellIntOptional(0, 1_000_000),
  hot: cellBool(),
  new: cellBool(),
  hasDemo: cellBool(),
  sort: cellIntOptional(-1_000_000, 1_000_000),
  /** Relative image path; empty: the generated tile. */
  imagePath: cellText(300).refine(
    (p) => p === undefined || (p.startsWith('/') && !p.includes('..')),
    'a path starting with / (relative to the image CDN)',
  ),
  largeIcon: cellBool(),
  active: cellBool(),
  isGame: cellBool(),
});
export type CatalogueRow = z.infer<typeof CatalogueRowSchema>;
/** CSV header names, in a sensible column order. */
export const CATALOGUE_COLUMNS = Object.keys(CatalogueRowSchema.shape) as (keyof CatalogueRow)[];

export const CatalogueImportBodySchema = z.object({
  format: z.enum(['json', 'csv']),
  /** The file's text: a JSON array of rows, or CSV with a header line. */
  content: z
    .string()
    .min(1)
    .max(16 * 1024 * 1024),
  /** Validate and count, change nothing. */
  dryRun: z.boolean().default(false),
  /** Apply the valid rows even when some are rejected. */
  skipInvalid: z.boolean().default(false),
});
export type CatalogueImportBody = z.input<typeof CatalogueImportBodySchema>;

export const CatalogueRejectedRowSchema = z.object({
  /** 1-based position among the rows. */
  row: z.number().int(),
  /** 1-based line of the file where the row starts. */
  line: z.number().int(),
  reasons: z.array(z.string()),
});
export type CatalogueRejectedRow = z.infer<typeof CatalogueRejectedRowSchema>;

export const CatalogueImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True when the changes were written (not a dry run, and no rejected rows or skipInvalid). */
  applied: z.boolean(),
  total: z.number().int(),
  valid: z.number().int(),
  /** What the valid rows do (or did, when applied): new games, changed games, identical games. */
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(CatalogueRejectedRowSchema),
});
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>;
/** 200 when applied or dry-run clean; rejected rows without skipInvalid answer CATALOGUE_IMPORT_INVALID with this report as `value`. */
export const CatalogueImportResponseSchema = envelope(CatalogueImportReportSchema);
