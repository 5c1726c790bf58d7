import { z } from 'zod';
import { envelope } from './envelope.ts';
import { RecordWindowQuerySchema } from './funds.ts';
import { GameTypeSchema, LanguageParamSchema, NodeIdSchema, PageNoSchema, VendorCodeSchema, WalletModeSchema } from './games.ts';
import {
  BETTING_RECORD_PAGE_MAX,
  BETTING_RECORD_PAGE_SIZE,
  DEMO_REASONS,
  HOUSE_GAME_KINDS,
  LAUNCH_DEVICES,
  LAUNCH_MODES,
  ROUND_STATUSES,
} from './play-paths.ts';
import { MinorUnitsSchema } from './wallet.ts';

/**
 * Schemas of the playing calls (issue 6): launch, demo launch, PVP rooms, live
 * models, betting record. Paths and vocabulary are in the zod-free
 * `play-paths.ts`, re-exported here. Import as `@playfront/contract/play`.
 *
 * Launch answers a URL on one of the brand's launch hosts (permission call
 * `launchGameCDNs`), picked at random among those the client has not reported
 * as failing (`failedHosts`); the web opens it in the /seamless iframe.
 */
export * from './play-paths.ts';

/**
 * Which game: its `nodeId` (as in every game object), or the vendor and the
 * vendor's game code. `backUrl` is where the game's own "back to lobby" control
 * goes (a path on this site only).
 */
export const LaunchGameRequestSchema = z
  .object({
    nodeId: NodeIdSchema.optional(),
    vendor: VendorCodeSchema.optional(),
    gameCode: z.string().trim().min(1).max(100).optional(),
    language: LanguageParamSchema,
    device: z.enum(LAUNCH_DEVICES).default('WEB'),
    backUrl: z
      .string()
      .max(300)
      .regex(/^\/(?!\/)[^\s\\]*$/, 'a path on this site')
      .optional(),
    /** Launch hosts that failed to load for this client: the next pick avoids them. */
    failedHosts: z.array(z.string().max(300)).max(20).default([]),
    /** Spec section 7's lottery launch (lottery screens): which view the lottery opens in, and its prize mode. */
    lottoView: z.enum(['betting', 'lobby']).optional(),
    lottoPrizeMode: z.enum(['LOTT', 'ZY', 'ELOTT', 'SEA']).optional(),
    lottoGameCode: z.string().trim().max(100).optional(),
  })
  .refine((b) => b.nodeId !== undefined || (b.vendor !== undefined && b.gameCode !== undefined), {
    message: 'nodeId, or vendor and gameCode',
    path: ['nodeId'],
  });
export type LaunchGameRequest = z.input<typeof LaunchGameRequestSchema>;

/**
 * gameLaunchFB (spec section 7: "also gameLaunchFB GET"): the launch body as a query string, for clients that cannot
 * POST. `failedHosts` travels comma-separated; everything else is the launch body's own rule.
 */
const { failedHosts: _failedHosts, ...launchQueryFields } = LaunchGameRequestSchema.shape;
export const GameLaunchFBQuerySchema = z
  .object({
    ...launchQueryFields,
    failedHosts: z
      .string()
      .max(2000)
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(300)).max(20)),
  })
  .refine((b) => b.nodeId !== undefined || (b.vendor !== undefined && b.gameCode !== undefined), {
    message: 'nodeId, or vendor and gameCode',
    path: ['nodeId'],
  });
export type GameLaunchFBQuery = z.input<typeof GameLaunchFBQuerySchema>;

export const LaunchValueSchema = z.object({
  /** Full launch URL: `<host>/house/play?vendor&game&token&lang&mode&gameType&kind&gameName&image&backUrl`. */
  url: z.string(),
  /** The launch host used (one of `launchGameCDNs`); report it in `failedHosts` if the URL does not load. */
  host: z.string(),
  mode: z.enum(LAUNCH_MODES),
  /** Set in demo mode: the free demo, or a vendor with no game server connected (its tile plays a house game for fun). */
  demoReason: z.enum(DEMO_REASONS).nullable(),
  kind: z.enum(HOUSE_GAME_KINDS),
  nodeId: z.string(),
  vendor: z.string(),
  gameCode: z.string(),
  gameType: GameTypeSchema,
  gameName: z.string(),
  /** transfer: the vendor plays from its own wallet (move money with GCS_walletTransfer first). */
  walletMode: WalletModeSchema,
  /** ISO time the launch session ends (real mode); null in demo mode. */
  expiresAt: z.string().nullable(),
  /** Language the game opens in. */
  language: z.string(),
});
export type LaunchValue = z.infer<typeof LaunchValueSchema>;
export const LaunchResponseSchema = envelope(LaunchValueSchema);

// ---- PVP rooms ---------------------------------------------------------------------

export const RoomListQuerySchema = z.object({ vendor: VendorCodeSchema, language: LanguageParamSchema });
export const RoomSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  nodeId: z.string(),
  gameCode: z.string(),
  minBet: MinorUnitsSchema,
  maxBet: MinorUnitsSchema,
  seats: z.number().int(),
});
export type Room = z.infer<typeof RoomSchema>;
export const RoomListResponseSchema = envelope(z.object({ vendor: z.string(), list: z.array(RoomSchema) }));

// ---- live models and chat --------------------------------------------------------------

export const ModelListQuerySchema = z.object({ vendor: VendorCodeSchema.optional(), language: LanguageParamSchema });
export const LiveModelSchema = z.object({
  modelId: z.string(),
  name: z.string(),
  vendor: z.string(),
  /** The live table the model hosts. */
  nodeId: z.string(),
  tableName: z.string(),
  iconUrl: z.string(),
});
export type LiveModel = z.infer<typeof LiveModelSchema>;
export const ModelListResponseSchema = envelope(z.object({ list: z.array(LiveModelSchema) }));
export const LaunchChatRequestSchema = z.object({
  modelId: z.string().trim().min(1).max(64),
  language: LanguageParamSchema,
  failedHosts: z.array(z.string().max(300)).max(20).default([]),
});
/** The chat is the model's live table: `chatUrl` opens it like a launch URL. */
export const LaunchChatResponseSchema = envelope(z.object({ chatUrl: z.string(), host: z.string(), nodeId: z.string() }));

// ---- betting record ----------------------------------------------------------------------

export const BettingRecordQuerySchema = RecordWindowQuerySchema.extend({
  gameType: GameTypeSchema.optional(),
  vendor: VendorCodeSchema.optional(),
  status: z.enum(ROUND_STATUSES).optional(),
  pageNo: PageNoSchema,
  pageSize: z.coerce.number().int().min(1).max(BETTING_RECORD_PAGE_MAX).default(BETTING_RECORD_PAGE_SIZE),
  language: LanguageParamSchema,
});
export type BettingRecordQuery = z.input<typeof BettingRecordQuerySchema>;

export const BetRoundSchema = z.object({
  roundId: z.string(),
  vendor: z.string(),
  vendorName: z.string(),
  nodeId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: GameTypeSchema,
  currency: z.string(),
  /** Stakes taken, rolled-back ones included (they are also in `refunded`). */
  bet: MinorUnitsSchema,
  win: MinorUnitsSchema,
  refunded: MinorUnitsSchema,
  /** Stake that counts for turnover: settled rounds' net stakes; 0 while open or when cancelled. */
  validBet: MinorUnitsSchema,
  /** For the member: win + refunded − bet (negative when lost). */
  profit: MinorUnitsSchema,
  status: z.enum(ROUND_STATUSES),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BetRound = z.infer<typeof BetRoundSchema>;

export const BettingTotalsSchema = z.object({
  rounds: z.number().int(),
  bet: MinorUnitsSchema,
  win: MinorUnitsSchema,
  validBet: MinorUnitsSchema,
  profit: MinorUnitsSchema,
});
export const BettingRecordValueSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(BetRoundSchema),
  /** Over the whole filtered window, not only this page. */
  totals: BettingTotalsSchema,
});
export type BettingRecordValue = z.infer<typeof BettingRecordValueSchema>;
export const BettingRecordResponseSchema = envelope(BettingRecordValueSchema);
