import type { LanguageCode } from '@playfront/contract';
import {
  type Game,
  type GameMenu,
  MENU_CODES,
  type MenuCode,
  offeredClassifies,
  type VassGameType,
  type VendorLane,
  vendorCentreLanes,
} from '@playfront/contract/games';
import { LOTTERY_VENDORS } from '@playfront/contract/lottery';
import { hasNoStandIn, isHouseServedVendor, tilePlayState } from '@playfront/contract/play-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { gameArtPath, vendorArtPath } from '../../seed/game-art.ts';
import { findBrand, getBrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import type { Localised } from '../content/content.table.ts';
import { brandLanguage } from '../system/system.service.ts';
import { catalogueCache } from './catalogue-cache.ts';
import { brandVendorsOff, type GameFilter, type GameListRow, listVendors, vendorGameTypes } from './games.repository.ts';

/** The brand (Merchant header, or a merchant query parameter) and the language to answer in. */
export type Audience = { brand: BrandRow; lang: LanguageCode };

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/**
 * Texts come in the `language` query parameter's language, else the Language
 * header's, when the brand supports it; otherwise in the brand default (BN).
 */
export async function audienceOf(request: FastifyRequest, query: { merchant?: string; language?: string } = {}): Promise<Audience> {
  const merchant = query.merchant?.trim() || header(request, 'merchant');
  const brand = await catalogueCache(request.server).brands.get(merchant ?? '', () => findBrand(request.server.deps.db, merchant));
  if (!brand) throw new AppError('NOT_FOUND');
  return { brand, lang: brandLanguage(brand, query.language?.trim() || header(request, 'language')) };
}

/** The text in `lang`, else the brand default, else any language present. */
export function localised(text: Localised | null | undefined, lang: LanguageCode, fallback: LanguageCode = 'BN'): string {
  if (!text) return '';
  return text[lang] ?? text[fallback] ?? Object.values(text).find((t) => typeof t === 'string') ?? '';
}

export function toGame(row: GameListRow, lang: LanguageCode): Game {
  return {
    nodeId: row.node_id,
    gameId: row.game_id,
    gameCode: row.game_code,
    vassalage: row.vendor_code,
    vendorName: row.vendor_name,
    isGame: row.is_game,
    gameType: row.game_type,
    gameClassify: row.classify,
    displayName: lang === 'BN' ? row.name_bn : row.name_en,
    gameName: row.name_en,
    iconUrl: row.image_path ?? gameArtPath(row.vendor_code, row.game_code, row.name_en),
    vendorIconUrl: row.vendor_icon_path ?? vendorArtPath(row.vendor_code),
    lagerIcon: row.large_icon,
    minBet: row.min_bet.toString(),
    lines: row.lines,
    hot: row.is_hot,
    new: row.is_new,
    hasDemo: row.has_demo,
    walletMode: row.wallet_mode,
    isVendorType: row.is_vendor_type,
    playState: tilePlayState({
      gameType: row.game_type,
      vendorGameType: row.vendor_game_type,
      vendorCode: row.vendor_code,
      walletMode: row.wallet_mode,
      nameEn: row.name_en,
      lotteryServed: row.wallet_mode === 'seamless' && (LOTTERY_VENDORS as readonly string[]).includes(row.vendor_code),
    }),
  };
}

export type LobbyHiding = Pick<GameFilter, 'hideNotConnected' | 'hideDemoOnly' | 'offVendors'>;

/**
 * The brand's lobby hiding settings as catalogue filter fields (all off by default): the HIDE_* flags and the vendors
 * the brand switched off (decision 061; present only when there are some, so other brands' cache keys stay as they were).
 */
export async function lobbyHiding(app: FastifyInstance, brandId: number): Promise<LobbyHiding> {
  const cache = catalogueCache(app);
  const [{ features }, offVendors] = await Promise.all([
    cache.flags.get(String(brandId), () => getBrandFlags(app.deps.db, brandId)),
    cache.offVendors.get(String(brandId), () => brandVendorsOff(app.deps.db, brandId)),
  ]);
  return {
    ...(features.HIDE_UNCONNECTED_GAMES ? { hideNotConnected: true } : {}),
    ...(features.HIDE_DEMO_ONLY_GAMES ? { hideDemoOnly: true } : {}),
    ...(offVendors.length ? { offVendors } : {}),
  };
}

export const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

// ---- menus and vendor lanes ---------------------------------------------------------

type MenuRow = { code: MenuCode; name: Localised; path: string | null; tracking_key: string; sort: number; launch_node_id: string | null };

async function brandMenus(db: Db, brandId: number): Promise<MenuRow[]> {
  return db
    .selectFrom('game_menu')
    .select(['code', 'name', 'path', 'tracking_key', 'sort', 'launch_node_id'])
    .where('brand_id', '=', brandId)
    .where('active', '=', true)
    .orderBy('sort')
    .execute();
}

/** A menu code that is a game type (everything except HOME and FAV). */
const menuGameType = (code: MenuCode) => (code === 'HOME' || code === 'FAV' ? null : code);

/**
 * The menu carousel. HOME and FAV always; a category menu only when the category
 * has an active vendor with an active game (ESPORTS and COCKFIGHT by their
 * vendors' own type); RUMMY and LUDO only while their fixed game is active.
 * Ordered by the spec's carousel order, then the brand's sort.
 */
export async function gameMenus(
  db: Db,
  audience: Audience,
  hiding: Pick<GameFilter, 'hideNotConnected' | 'offVendors'> = {},
): Promise<GameMenu[]> {
  const [menus, allVendors] = await Promise.all([brandMenus(db, audience.brand.id), listVendors(db, hiding.offVendors)]);
  const vendors = hiding.hideNotConnected ? allVendors.filter((v) => !vendorNotConnected(v)) : allVendors;
  const categories = new Set<string>(vendors.map((v) => v.game_type));
  const launchIds = menus.flatMap((m) => (m.launch_node_id ? [m.launch_node_id] : []));
  const launches = new Map(
    launchIds.length === 0
      ? []
      : (
          await db
            .selectFrom('game as g')
            .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
            .select(['g.node_id', 'g.game_code', 'g.vendor_code', 'g.game_type', 'v.game_type as vendor_game_type', 'v.wallet_mode'])
            .where('g.node_id', 'in', launchIds)
            .where('g.active', '=', true)
            .where('v.active', '=', true)
            .execute()
        ).map((r) => [r.node_id, r]),
  );
  const rank = (code: MenuCode) => MENU_CODES.indexOf(code);
  return menus
    .flatMap((m): GameMenu[] => {
      const gameType = menuGameType(m.code);
      let launch: GameMenu['launch'] = null;
      if (m.launch_node_id) {
        const game = launches.get(m.launch_node_id);
        if (!game || hiding.offVendors?.includes(game.vendor_code)) return [];
        // RUMMY and LUDO launch one fixed table of a vendor nothing here plays: hidden with the other unconnected entries.
        if (
          hiding.hideNotConnected &&
          hasNoStandIn({ gameType: game.game_type, vendorGameType: game.vendor_game_type }) &&
          !isHouseServedVendor({ walletMode: game.wallet_mode, vendorGameType: game.vendor_game_type })
        )
          return [];
        launch = { nodeId: game.node_id, gameCode: game.game_code, vassalage: game.vendor_code, gameType: game.game_type };
      } else if (gameType && !categories.has(gameType)) {
        return [];
      }
      return [
        {
          code: m.code,
          gameType,
          name: localised(m.name, audience.lang) || m.code,
          path: m.path,
          trackingKey: m.tracking_key,
          sort: m.sort,
          launch,
        },
      ];
    })
    .sort((a, b) => rank(a.code) - rank(b.code) || a.sort - b.sort);
}

/** A vendor nothing here plays: a sportsbook, e-sports, cockfight (or rummy, ludo) vendor the house does not serve. */
export const vendorNotConnected = (v: { game_type: string; wallet_mode: string }) =>
  hasNoStandIn({ gameType: v.game_type, vendorGameType: v.game_type }) &&
  !isHouseServedVendor({ walletMode: v.wallet_mode, vendorGameType: v.game_type });

/** Lane a vendor's card sits in: as upstream, esport and cockfight vendors come inside SPORTS. */
const laneOf = (category: string) => (category === 'ESPORTS' || category === 'COCKFIGHT' ? 'SPORTS' : category);

/** Vendor categories for `gameVendor` (spec section 3 "Vendor category"). */
export async function vendorLanes(
  db: Db,
  audience: Audience,
  view: 'all' | 'centre',
  hiding: Pick<GameFilter, 'hideNotConnected' | 'offVendors'> = {},
): Promise<VendorLane[]> {
  const [allVendors, kinds, menus] = await Promise.all([
    listVendors(db, hiding.offVendors),
    vendorGameTypes(db, undefined, hiding.offVendors),
    brandMenus(db, audience.brand.id),
  ]);
  const vendors = hiding.hideNotConnected ? allVendors.filter((v) => !vendorNotConnected(v)) : allVendors;
  const offered = offeredClassifies(audience.brand.languages);
  const titles = new Map(menus.map((m) => [m.code as string, localised(m.name, audience.lang)]));
  const classifies = new Map<string, Set<string>>();
  for (const k of kinds) {
    if (!k.classify || !offered.includes(k.classify)) continue;
    const lane = laneOf(k.category);
    if (!classifies.has(lane)) classifies.set(lane, new Set());
    classifies.get(lane)?.add(k.classify);
  }
  const lanes = new Map<string, VendorLane>();
  for (const v of vendors) {
    const category = laneOf(v.game_type) as VendorLane['gameCategory'];
    let lane = lanes.get(category);
    if (!lane) {
      lane = {
        gameCategory: category,
        title: titles.get(category) || category,
        cards: [],
        gameClassify: offered.filter((c) => classifies.get(category)?.has(c)),
      };
      lanes.set(category, lane);
    }
    lane.cards.push({
      vassalage: v.code,
      displayName: v.display_name,
      gameType: v.game_type,
      iconUrl: v.icon_path ?? vendorArtPath(v.code),
      isVendorType: v.is_vendor_type,
      walletMode: v.wallet_mode,
      sort: v.sort,
      gameCount: v.game_count,
    });
  }
  const rank = (code: string) => {
    const i = (MENU_CODES as readonly string[]).indexOf(code);
    return i < 0 ? MENU_CODES.length : i;
  };
  const all = [...lanes.values()].sort((a, b) => rank(a.gameCategory) - rank(b.gameCategory));
  return view === 'centre' ? vendorCentreLanes(all) : all;
}

export async function vassGameTypes(
  db: Db,
  audience: Audience,
  vendors?: readonly string[],
  hiding: Pick<GameFilter, 'offVendors'> = {},
): Promise<VassGameType[]> {
  const offered = offeredClassifies(audience.brand.languages);
  const out = new Map<string, VassGameType>();
  for (const row of await vendorGameTypes(db, vendors, hiding.offVendors)) {
    let entry = out.get(row.vendor_code);
    if (!entry) {
      entry = { vassalage: row.vendor_code, category: row.category, gameTypes: [], gameClassify: [], gameCount: 0 };
      out.set(row.vendor_code, entry);
    }
    if (!entry.gameTypes.includes(row.game_type)) entry.gameTypes.push(row.game_type);
    if (row.classify && offered.includes(row.classify) && !entry.gameClassify.includes(row.classify)) entry.gameClassify.push(row.classify);
    entry.gameCount += row.n;
  }
  for (const entry of out.values()) entry.gameClassify.sort((a, b) => offered.indexOf(a) - offered.indexOf(b));
  return [...out.values()];
}
