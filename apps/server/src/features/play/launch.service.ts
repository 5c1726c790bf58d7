import { randomBytes } from 'node:crypto';
import type { LanguageCode } from '@playfront/contract';
import { cdnUrl, type GameType, pickHost, type WalletMode } from '@playfront/contract/games-paths';
import { LOTTERY_PAGE_PATH, LOTTERY_VENDORS, lotteryGameFor } from '@playfront/contract/lottery';
import type { LaunchValue } from '@playfront/contract/play';
import {
  type DemoReason,
  HOUSE_PLAY_PATH,
  type HouseGameKind,
  hasNoStandIn,
  houseKindFor,
  type LaunchDevice,
  type LaunchMode,
  playsOwnGame,
} from '@playfront/contract/play-paths';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameArtPath } from '../../seed/game-art.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { recordRecentGame } from '../games/favourites.repository.ts';
import { hashToken } from '../session/session.repository.ts';
import { systemStatus } from '../system/system.service.ts';
import { HOUSE_SERVED_GAME_TYPES } from './house-credentials.ts';

/**
 * Game launch (spec section 4, "Launching a game"): which game, whether it is
 * played for real money through the provider wallet or as a house demo, the
 * launch session and its token, and the URL on one of the brand's launch hosts.
 */

export type LaunchGame = {
  nodeId: string;
  gameCode: string;
  vendorCode: string;
  gameType: GameType;
  vendorGameType: GameType;
  walletMode: WalletMode;
  nameEn: string;
  nameBn: string;
  hasDemo: boolean;
  imagePath: string | null;
};

/**
 * An active game of an active vendor the brand has not switched off, by node id or by vendor + game code;
 * GAME_NOT_FOUND otherwise. The brand's switch (brand_vendor, decision 061) is read here, uncached: a launch is
 * refused on every instance the moment the console's change commits, as for a vendor the platform switched off.
 */
export async function findLaunchGame(
  db: Db,
  brandId: number,
  which: { nodeId?: string | undefined; vendor?: string | undefined; gameCode?: string | undefined },
) {
  let q = db
    .selectFrom('game as g')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('g.active', '=', true)
    .where('v.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('brand_vendor as bv')
            .select('bv.vendor_code')
            .where('bv.brand_id', '=', brandId)
            .whereRef('bv.vendor_code', '=', 'v.code')
            .where('bv.enabled', '=', false),
        ),
      ),
    )
    .select([
      'g.node_id',
      'g.game_code',
      'g.vendor_code',
      'g.game_type',
      'v.game_type as vendor_game_type',
      'v.wallet_mode',
      'g.name_en',
      'g.name_bn',
      'g.has_demo',
      'g.image_path',
      'v.maintenance',
    ]);
  if (which.nodeId !== undefined) q = q.where('g.node_id', '=', which.nodeId);
  // Both given: they must name the same game.
  if (which.vendor !== undefined) q = q.where('g.vendor_code', '=', which.vendor);
  if (which.gameCode !== undefined) q = q.where('g.game_code', '=', which.gameCode);
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('GAME_NOT_FOUND');
  // The operator put the vendor under maintenance (console, lane D): its games stay listed, launches wait.
  if (row.maintenance) throw new AppError('VENDOR_MAINTENANCE');
  return {
    nodeId: row.node_id,
    gameCode: row.game_code,
    vendorCode: row.vendor_code,
    gameType: row.game_type,
    vendorGameType: row.vendor_game_type,
    walletMode: row.wallet_mode,
    nameEn: row.name_en,
    nameBn: row.name_bn,
    hasDemo: row.has_demo,
    imagePath: row.image_path,
  } satisfies LaunchGame;
}

/** Real money only where the house game server stands in for the vendor: seamless vendors of category RNG, LIVE or FISH. */
export function isHouseServed(game: Pick<LaunchGame, 'walletMode' | 'vendorGameType'>): boolean {
  return game.walletMode === 'seamless' && (HOUSE_SERVED_GAME_TYPES as readonly string[]).includes(game.vendorGameType);
}

/** The built-in lottery provider (apps/lottery) plays the lottery vendors for real money when they are seamless. */
export function isLotteryServed(game: Pick<LaunchGame, 'walletMode' | 'vendorCode'>): boolean {
  return game.walletMode === 'seamless' && (LOTTERY_VENDORS as readonly string[]).includes(game.vendorCode);
}

/** Spec section 7's lottery launch parameters, as the lottery screens send them. */
export type LotteryLaunch = { view?: 'betting' | 'lobby' | undefined; prizeMode?: string | undefined; gameCode?: string | undefined };

/** The game type the house reads to choose its game when a launch names no kind (slot RNG, baccarat LIVE, fishing FISH, crash MINI). */
const HOUSE_GAME_TYPE: Record<HouseGameKind, GameType> = {
  slot: 'RNG',
  baccarat: 'LIVE',
  'no-commission-baccarat': 'LIVE',
  crash: 'MINI',
  roulette: 'LIVE',
  'american-roulette': 'LIVE',
  fishing: 'FISH',
};

export type LaunchPlan = { mode: LaunchMode; demoReason: DemoReason | null; kind: HouseGameKind };

/**
 * What a launch opens. A member gets real money for house-served vendors and
 * the matching house game in demo mode for every other vendor (nothing of
 * those vendors' servers runs here), so every tile plays. A guest's free demo
 * is only for games that offer one; for vendors the house does not serve it is the stand-in.
 */
export function launchPlan(game: LaunchGame, who: 'member' | 'guest'): LaunchPlan {
  // A sportsbook (or e-sports, cockfight, rummy, ludo) has no house game that plays like it: a slot in its place
  // would be a game the tile does not name (issue 22), so the launch says plainly that the provider is not here.
  if (!isHouseServed(game) && !isLotteryServed(game) && hasNoStandIn(game)) throw new AppError('PROVIDER_NOT_CONNECTED');
  const kind = houseKindFor(game.gameType, game.vendorGameType, game.nameEn);
  if (who === 'guest') {
    if (!game.hasDemo) throw new AppError('DEMO_NOT_AVAILABLE');
    // A game that offers a demo plays one: its own (house-served) or the house stand-in.
    if (!isHouseServed(game)) return { mode: 'demo', demoReason: 'VENDOR_NOT_CONNECTED', kind };
    return { mode: 'demo', demoReason: playsOwnGame(game.gameType, game.vendorGameType, game.nameEn) ? 'FREE_DEMO' : 'NO_OWN_GAME', kind };
  }
  if (isLotteryServed(game)) return { mode: 'real', demoReason: null, kind };
  if (!isHouseServed(game)) return { mode: 'demo', demoReason: 'VENDOR_NOT_CONNECTED', kind };
  // Blackjack, sic bo, dragon tiger… have no house engine: their stand-in is for fun only, never real money.
  return playsOwnGame(game.gameType, game.vendorGameType, game.nameEn)
    ? { mode: 'real', demoReason: null, kind }
    : { mode: 'demo', demoReason: 'NO_OWN_GAME', kind };
}

/** Maintenance (status 1) and region rules (status 2) refuse every launch, demo included. */
export async function assertOpen(db: Db, brand: BrandRow, ip: string): Promise<void> {
  const { status } = await systemStatus(db, brand, ip);
  if (status === 1) throw new AppError('MAINTENANCE');
  if (status === 2) throw new AppError('ACCESS_RESTRICTED');
}

/**
 * A launch host from the brand's list (spec section 9: picked at random, with
 * fallbacks): never one the client reported failing while another remains;
 * when every host failed, any of them again rather than nothing. An empty list
 * means "this site" (relative URL).
 */
export function chooseLaunchHost(hosts: readonly string[], failed: readonly string[], random: () => number = Math.random): string {
  if (hosts.length === 0) return '';
  return pickHost(hosts, failed, random) ?? pickHost(hosts, [], random) ?? '';
}

export type LaunchUrlParts = {
  host: string;
  plan: LaunchPlan;
  game: LaunchGame;
  token: string | undefined;
  lang: LanguageCode;
  imageHost: string;
  backUrl: string | undefined;
  lottery?: LotteryLaunch | undefined;
};

/**
 * `<host>/lotto/play?vendor&token&view&game&lang&backUrl&prizeMode`: a member's real-money launch of a lottery
 * vendor opens the built-in lottery's page, in the view and on the lottery game the launch asks for.
 */
export function buildLotteryLaunchUrl(p: LaunchUrlParts): string {
  const q = new URLSearchParams();
  q.set('vendor', p.game.vendorCode);
  if (p.token) q.set('token', p.token);
  q.set('view', p.lottery?.view ?? 'betting');
  q.set('game', lotteryGameFor(p.game.vendorCode, p.game.nameEn));
  q.set('lang', p.lang === 'BN' ? 'bn' : 'en');
  if (p.backUrl) q.set('backUrl', p.backUrl);
  if (p.lottery?.prizeMode) q.set('prizeMode', p.lottery.prizeMode);
  return `${p.host.replace(/\/+$/, '')}${LOTTERY_PAGE_PATH}?${q.toString()}`;
}

/** `<host>/house/play?vendor&game&token&lang&mode&gameType&kind&gameName&image[&backUrl]`. */
export function buildLaunchUrl(p: LaunchUrlParts): string {
  if (p.plan.mode === 'real' && isLotteryServed(p.game)) return buildLotteryLaunchUrl(p);
  const q = new URLSearchParams();
  q.set('vendor', p.game.vendorCode);
  q.set('game', p.game.gameCode);
  if (p.plan.mode === 'real' && p.token) q.set('token', p.token);
  q.set('lang', p.lang);
  q.set('mode', p.plan.mode);
  // The house chooses its game from gameType; a stand-in demo passes the type of the house game it plays.
  q.set('gameType', p.plan.demoReason && p.plan.demoReason !== 'FREE_DEMO' ? HOUSE_GAME_TYPE[p.plan.kind] : p.game.gameType);
  q.set('kind', p.plan.kind);
  q.set('gameName', p.lang === 'BN' ? p.game.nameBn : p.game.nameEn);
  q.set('image', cdnUrl(p.imageHost, p.game.imagePath ?? gameArtPath(p.game.vendorCode, p.game.gameCode, p.game.nameEn)));
  if (p.backUrl) q.set('backUrl', p.backUrl);
  return `${p.host.replace(/\/+$/, '')}${HOUSE_PLAY_PATH}?${q.toString()}`;
}

/** A 256-bit launch token; only its SHA-256 is stored. */
export function newLaunchToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Launch sessions one member may hold live; launching one more ends the oldest (its bets are refused, wins still settle). */
export const MAX_LIVE_LAUNCHES_PER_MEMBER = 5;

export type NewLaunchSession = {
  memberId: number;
  /** The member session launching it: the launch ends with it. */
  memberSessionId: bigint | null;
  brandId: number;
  game: LaunchGame;
  currency: string;
  language: LanguageCode;
  device: LaunchDevice;
  now: Date;
  ttlMs: number;
};

/** Creates the launch session and records the game in the member's recent games; returns the token and expiry. */
export async function createLaunchSession(db: Db, s: NewLaunchSession): Promise<{ token: string; expiresAt: Date }> {
  const token = newLaunchToken();
  const expiresAt = new Date(s.now.getTime() + s.ttlMs);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('game_launch_session')
      .values({
        token_hash: hashToken(token),
        member_id: s.memberId,
        brand_id: s.brandId,
        node_id: s.game.nodeId,
        vendor_code: s.game.vendorCode,
        game_code: s.game.gameCode,
        currency: s.currency,
        language: s.language,
        device: s.device,
        created_at: s.now,
        expires_at: expiresAt,
        member_session_id: s.memberSessionId,
      })
      .execute();
    // The per-member cap: every live launch but the newest few ends now.
    await trx
      .updateTable('game_launch_session')
      .set({ revoked_at: s.now })
      .where('member_id', '=', s.memberId)
      .where('revoked_at', 'is', null)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('game_launch_session')
          .select('id')
          .where('member_id', '=', s.memberId)
          .where('revoked_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(MAX_LIVE_LAUNCHES_PER_MEMBER),
      )
      .execute();
    await recordRecentGame(trx, s.memberId, s.game.nodeId, s.now);
  });
  return { token, expiresAt };
}

export type LaunchInput = {
  db: Db;
  brand: BrandRow;
  game: LaunchGame;
  plan: LaunchPlan;
  lang: LanguageCode;
  device: LaunchDevice;
  backUrl: string | undefined;
  failedHosts: readonly string[];
  now: Date;
  ttlMs: number;
  /** Absent for a guest's demo. */
  memberId?: number;
  /** The launching member session (absent for a guest). */
  memberSessionId?: bigint;
  /** Spec section 7's lottery parameters (lottery screens). */
  lottery?: LotteryLaunch;
  random?: () => number;
};

/** The whole launch: a launch session for a member's real-money game (recent games for every member launch), then the URL. */
export async function launch(input: LaunchInput): Promise<LaunchValue> {
  const { db, brand, game, plan, lang } = input;
  let token: string | undefined;
  let expiresAt: Date | null = null;
  if (input.memberId !== undefined && plan.mode === 'demo') {
    // A stand-in demo moves no money: no session, but it is still a game the member played.
    await recordRecentGame(db, input.memberId, game.nodeId, input.now);
  } else if (input.memberId !== undefined) {
    const session = await createLaunchSession(db, {
      memberId: input.memberId,
      memberSessionId: input.memberSessionId ?? null,
      brandId: brand.id,
      game,
      currency: brand.currency,
      language: lang,
      device: input.device,
      now: input.now,
      ttlMs: input.ttlMs,
    });
    token = session.token;
    expiresAt = session.expiresAt;
  }
  const host = chooseLaunchHost(brand.launch_cdns, input.failedHosts, input.random);
  const imageHost = brand.image_cdns[0] ?? '';
  return {
    url: buildLaunchUrl({ host, plan, game, token, lang, imageHost, backUrl: input.backUrl, lottery: input.lottery }),
    host,
    mode: plan.mode,
    demoReason: plan.demoReason,
    kind: plan.kind,
    nodeId: game.nodeId,
    vendor: game.vendorCode,
    gameCode: game.gameCode,
    gameType: game.gameType,
    gameName: lang === 'BN' ? game.nameBn : game.nameEn,
    walletMode: game.walletMode,
    expiresAt: expiresAt?.toISOString() ?? null,
    language: lang,
  };
}
